import {
  ADMIN_MESSAGES,
  buildNotificationUrl,
  type ConnectionField,
  FIELD_NOT_A_NUMBER,
  FIELD_REQUIRED,
  SECRET_MASK,
} from '@mc/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Toaster } from '../../../components/toaster';
import type { Session } from '../../../lib/permissions';
import { chooseOption, selectButton } from '../../../test/choose-option';
import { buildConnectionTestResult } from '../../../test/factories/connections';
import { adminSession, shellApi } from '../../../test/fake-api';
import { renderAt } from '../../../test/render';
import {
  AWS_CONNECTION,
  AWS_CONNECTION_LABEL,
  type Body,
  filledFields,
  labelOf,
  maskedConnection,
  requiredFields,
  sample,
  savedValue,
  storedAt,
  typesCoveringEveryKind,
} from '../testing/connection-samples';
import { ConnectionsPage } from './connections-page';

const wait = { timeout: 10_000 };
/** No pause between keys: the waits of typing add nothing to what is proved. */
const user = userEvent.setup({ delay: null });

/** The HTTP layer of the connections API as the server answers it: rows in memory, secrets masked. */
function connectionsServer(
  extra: Parameters<typeof shellApi>[2] = {},
  session: Session = adminSession,
  seed?: Body & { id: string },
) {
  let stored: (Body & { id: string }) | undefined = seed;
  const masked = () => (stored ? maskedConnection(stored) : undefined);
  const api = shellApi(session, [], {
    '/api/connections': (_, init) => {
      stored = { ...(JSON.parse(String(init?.body)) as Body), id: 'c1' };
      return { status: 201, body: masked() };
    },
    '/api/connections/c1': (_, init) => {
      if (init?.method === 'PUT') stored = { ...(JSON.parse(String(init.body)) as Body), id: 'c1' };
      if (init?.method === 'DELETE') {
        stored = undefined;
        return { status: 204 };
      }
      return stored ? { body: masked() } : { status: 404, body: { message: 'Connection c1 not found' } };
    },
    '/api/db/connections_list': (url) => {
      if (url.searchParams.get('select') === 'id,name,namespace,type') return { body: [AWS_CONNECTION] };
      const rows = stored ? [masked()] : [];
      return { body: rows, headers: { 'Content-Range': `0-${rows.length - 1}/${rows.length}` } };
    },
    ...extra,
  });
  return { ...api, stored: () => stored };
}

function render() {
  return renderAt(
    <>
      <Toaster />
      <ConnectionsPage />
    </>,
    '/settings/connections',
  );
}

async function fill(dialog: HTMLElement, field: ConnectionField, type: string) {
  if (field.kind === 'connection') return chooseOption(user, labelOf(field), AWS_CONNECTION_LABEL, dialog);
  if (field.kind === 'select') return chooseOption(user, labelOf(field), field.options?.[0] ?? '', dialog);
  const input = within(dialog).getByLabelText(labelOf(field));
  if (field.kind === 'switch') await user.click(input);
  else {
    await user.clear(input);
    await user.click(input);
    await user.paste(sample(field, type));
  }
}

async function openNew(label: string) {
  await user.click(await screen.findByRole('button', { name: 'Add Connection' }, wait));
  const dialog = screen.getByRole('dialog', { name: 'Add Connection' });
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await user.click(within(dialog).getByRole('button', { name: new RegExp(`^${escaped}\\s*(Notifications)?$`) }));
  return screen.getByRole('dialog', { name: `Add ${label} connection` });
}

/*
 * Every type's rules (required messages, every field saved, reloaded masked) are proved without drawing
 * in components/connection-form-values.test.ts; here the dialog is walked for the fewest types whose
 * forms draw every field kind, so each kind of control is proved on screen.
 */
describe('connections page: every field kind on screen', { timeout: 60_000 }, () => {
  it('covers every field kind with a handful of types', () => {
    expect(typesCoveringEveryKind().length).toBeLessThan(8);
  });

  it.each(typesCoveringEveryKind().map((definition) => [definition.type, definition] as const))(
    '%s: shows required messages while empty, saves every field, and reloads masked',
    async (_, definition) => {
      const server = connectionsServer();
      render();
      const dialog = await openNew(definition.label);
      const required = requiredFields(definition);

      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(within(dialog).getAllByText(FIELD_REQUIRED)).toHaveLength(1 + required.length), wait);
      expect(server.calls.some((call) => call.init?.method === 'POST')).toBe(false);
      expect((within(dialog).getByLabelText('Namespace *') as HTMLInputElement).value).toBe('default');

      await user.type(within(dialog).getByLabelText('Name *'), `my-${definition.type}`);
      const filled = filledFields(definition);
      for (const field of filled) await fill(dialog, field, definition.type);
      await waitFor(() => expect(within(dialog).queryByText(FIELD_REQUIRED)).toBeNull(), wait);
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));

      expect(await screen.findByText(ADMIN_MESSAGES.created(`my-${definition.type}`), {}, wait)).toBeTruthy();
      const body = server.stored();
      expect(body).toMatchObject({ name: `my-${definition.type}`, namespace: 'default', type: definition.type });
      for (const field of filled) {
        expect(storedAt(body, field), `${definition.type} ${field.path}`).toBe(savedValue(field, definition.type));
      }
      if (definition.notification) {
        expect(body?.url).toBe(buildNotificationUrl(definition.type, body as never));
        expect(body?.url).toBeTruthy();
      }

      await user.click(await screen.findByText(`my-${definition.type}`, {}, wait));
      const edit = await screen.findByRole('dialog', { name: `Edit my-${definition.type}` }, wait);
      const name = (await within(edit).findByLabelText('Name *', {}, wait)) as HTMLInputElement;
      expect(name.value).toBe(`my-${definition.type}`);
      expect(name.disabled).toBe(true);
      for (const field of filled) {
        if (field.kind === 'select' || field.kind === 'connection') {
          const shown = field.kind === 'select' ? field.options?.[0] : AWS_CONNECTION_LABEL;
          expect(selectButton(labelOf(field), edit).textContent, field.path).toContain(shown);
          continue;
        }
        const input = within(edit).getByLabelText(labelOf(field)) as HTMLInputElement;
        if (field.kind === 'secret') expect(input.value, field.path).toBe(SECRET_MASK);
        else if (field.kind === 'switch') expect(input.checked, field.path).toBe(true);
        else expect(input.value, field.path).toBe(sample(field, definition.type));
      }
    },
  );
});

describe('connections page: form rules and actions', { timeout: 60_000 }, () => {
  it('says a number field must be a number, and takes a secret from a Kubernetes secret reference', async () => {
    const server = connectionsServer();
    render();
    const dialog = await openNew('SFTP');
    const port = within(dialog).getByLabelText('Port');
    await user.clear(port);
    await user.type(port, 'abc');
    await user.tab();
    expect(await within(dialog).findByText(FIELD_NOT_A_NUMBER, {}, wait)).toBeTruthy();
    await user.clear(port);
    await user.type(port, '2222');
    await user.type(within(dialog).getByLabelText('Name *'), 'files');
    await chooseOption(user, 'Password source', 'Secret', dialog);
    await user.type(within(dialog).getByLabelText('Password secret name'), 'sftp');
    await user.click(within(dialog).getByLabelText('Password key'));
    await user.paste('password');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(ADMIN_MESSAGES.created('files'), {}, wait)).toBeTruthy();
    expect(server.stored()).toMatchObject({ password: 'secret://sftp/password', properties: { port: 2222 } });
  });

  it('shows the fields of the chosen kubernetes connection method only', async () => {
    connectionsServer();
    render();
    const dialog = await openNew('Kubernetes');
    expect(within(dialog).getByLabelText('Kubeconfig')).toBeTruthy();
    expect(within(dialog).queryByLabelText('Cluster Resource')).toBeNull();
    await chooseOption(user, 'Connection Method *', 'cnrm', dialog);
    expect(await within(dialog).findByLabelText('Cluster Resource', {}, wait)).toBeTruthy();
    expect(within(dialog).queryByLabelText('Kubeconfig')).toBeNull();
    await chooseOption(user, 'Connection Method *', 'eks', dialog);
    expect(await within(dialog).findByLabelText('Region', {}, wait)).toBeTruthy();
    expect(within(dialog).getByLabelText('Skip TLS Verify')).toBeTruthy();
  });

  it('tests a saved connection and shows success or the failure clearly, then deletes it', async () => {
    const answers = [
      buildConnectionTestResult({
        ok: false,
        message: 'PostgreSQL: Connection refused at 127.0.0.1:5433',
        duration_ms: 3,
      }),
      buildConnectionTestResult({ message: 'PostgreSQL 16.4 answered', duration_ms: 12 }),
    ];
    const server = connectionsServer({ '/api/connection/test/c1': () => ({ body: answers.shift() }) });
    render();
    const dialog = await openNew('Postgres');
    await user.type(within(dialog).getByLabelText('Name *'), 'pg');
    await user.click(within(dialog).getByLabelText('URL *'));
    await user.paste('postgres://127.0.0.1:5433/db');
    await user.type(within(dialog).getByLabelText('Username *'), 'root');
    await user.type(within(dialog).getByLabelText('Password *'), 'pw');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText(ADMIN_MESSAGES.created('pg'), {}, wait);

    await user.click(await screen.findByText('pg', {}, wait));
    const edit = await screen.findByRole('dialog', { name: 'Edit pg' }, wait);
    await user.click(await within(edit).findByRole('button', { name: 'Test' }, wait));
    const failure = await within(edit).findByRole('alert', {}, wait);
    expect(failure.textContent).toContain(ADMIN_MESSAGES.testFailed);
    expect(failure.textContent).toContain('Connection refused at 127.0.0.1:5433');
    await user.click(within(edit).getByRole('button', { name: 'Test' }));
    await waitFor(() => expect(within(edit).getByText(ADMIN_MESSAGES.testSucceeded)).toBeTruthy(), wait);
    expect(server.calls.filter((call) => call.url.pathname === '/api/connection/test/c1')).toHaveLength(2);

    await user.click(within(edit).getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete connection' });
    expect(confirm.textContent).toContain(ADMIN_MESSAGES.confirmDelete('pg'));
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(ADMIN_MESSAGES.deleted('pg'), {}, wait)).toBeTruthy();
    expect(server.stored()).toBeUndefined();
  });

  it('tests the values being edited, not the saved ones, and before a new connection is saved', async () => {
    const answers = [
      buildConnectionTestResult({ message: 'Connected to PostgreSQL 16.4', duration_ms: 9 }),
      buildConnectionTestResult({
        ok: false,
        message: 'PostgreSQL: Connection refused at 127.0.0.1:5499',
        duration_ms: 2,
      }),
    ];
    const server = connectionsServer({
      '/api/connection/test': () => ({ body: answers.shift() }),
      '/api/connection/test/c1': () => ({ body: answers.shift() }),
    });
    render();
    const dialog = await openNew('Postgres');
    await user.type(within(dialog).getByLabelText('Name *'), 'pg');
    await user.click(within(dialog).getByLabelText('URL *'));
    await user.paste('postgres://127.0.0.1:5432/db');
    await user.type(within(dialog).getByLabelText('Username *'), 'root');
    await user.type(within(dialog).getByLabelText('Password *'), 'pw');
    await user.click(within(dialog).getByRole('button', { name: 'Test' }));
    await waitFor(() => expect(within(dialog).getByText(ADMIN_MESSAGES.testSucceeded)).toBeTruthy(), wait);
    const unsaved = server.calls.find((call) => call.url.pathname === '/api/connection/test');
    expect(JSON.parse(String(unsaved?.init?.body))).toMatchObject({
      url: 'postgres://127.0.0.1:5432/db',
      password: 'pw',
    });
    expect(server.stored()).toBeUndefined();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText(ADMIN_MESSAGES.created('pg'), {}, wait);

    await user.click(await screen.findByText('pg', {}, wait));
    const edit = await screen.findByRole('dialog', { name: 'Edit pg' }, wait);
    const url = await within(edit).findByLabelText('URL *', {}, wait);
    await user.clear(url);
    await user.click(url);
    await user.paste('postgres://127.0.0.1:5499/db');
    await user.click(within(edit).getByRole('button', { name: 'Test' }));
    const failure = await within(edit).findByRole('alert', {}, wait);
    expect(failure.textContent).toContain('Connection refused at 127.0.0.1:5499');
    const edited = server.calls.find((call) => call.url.pathname === '/api/connection/test/c1');
    expect(JSON.parse(String(edited?.init?.body))).toMatchObject({
      url: 'postgres://127.0.0.1:5499/db',
      password: SECRET_MASK,
    });
    expect(server.stored()).toMatchObject({ url: 'postgres://127.0.0.1:5432/db' });
  });

  it('shows a type without a test as information, not as success, and refuses an unparseable URL before testing', async () => {
    const server = connectionsServer({
      '/api/connection/test': () => ({
        body: buildConnectionTestResult({
          ok: false,
          mode: 'unavailable',
          message: 'A connection test is not available for SFTP connections',
        }),
      }),
    });
    render();
    const sftp = await openNew('SFTP');
    await user.type(within(sftp).getByLabelText('Name *'), 'files');
    await user.type(within(sftp).getByLabelText('Password *'), 'pw');
    await user.click(within(sftp).getByRole('button', { name: 'Test' }));
    const info = await within(sftp).findByRole('status', {}, wait);
    expect(info.getAttribute('data-outcome')).toBe('unavailable');
    expect(info.textContent).toContain(ADMIN_MESSAGES.testUnavailable);
    expect(info.textContent).not.toContain(ADMIN_MESSAGES.testSucceeded);
    await user.click(within(sftp).getByRole('button', { name: 'Cancel' }));

    const pg = await openNew('Postgres');
    await user.click(within(pg).getByLabelText('Name *'));
    await user.paste('broken');
    await user.click(within(pg).getByLabelText('URL *'));
    await user.paste('postgres//nohost');
    await user.type(within(pg).getByLabelText('Username *'), 'u');
    await user.type(within(pg).getByLabelText('Password *'), 'p');
    const calls = server.calls.length;
    await user.click(within(pg).getByRole('button', { name: 'Test' }));
    const problem = await within(pg).findByText(
      'URL: not a valid Postgres URL; expected postgres://user@host:5432/database',
      {},
      wait,
    );
    expect(problem.getAttribute('role')).toBe('alert');
    expect(within(pg).getByLabelText('URL *').getAttribute('aria-describedby')).toBe(problem.id);
    expect(server.calls.slice(calls).some((call) => call.url.pathname.startsWith('/api/connection/test'))).toBe(false);
  });

  it('keeps the stored secret when the mask is sent back on edit', async () => {
    const server = connectionsServer();
    render();
    const dialog = await openNew('Redis');
    await user.type(within(dialog).getByLabelText('Name *'), 'cache');
    await user.click(within(dialog).getByLabelText('URL *'));
    await user.paste('redis://127.0.0.1:6379');
    await user.click(within(dialog).getByLabelText('Password'));
    await user.paste('hunter2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText(ADMIN_MESSAGES.created('cache'), {}, wait);
    await user.click(await screen.findByText('cache', {}, wait));
    const edit = await screen.findByRole('dialog', { name: 'Edit cache' }, wait);
    expect(within(edit).getByText(ADMIN_MESSAGES.secretKept)).toBeTruthy();
    const db = await within(edit).findByLabelText('DB', {}, wait);
    await user.type(db, '2');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(ADMIN_MESSAGES.updated('cache'), {}, wait)).toBeTruthy();
    const put = server.calls.find((call) => call.init?.method === 'PUT');
    expect(JSON.parse(String(put?.init?.body))).toMatchObject({ password: SECRET_MASK, properties: { db: 2 } });
  });

  it('toasts the message when the connections fail to load (001 §8)', async () => {
    connectionsServer({
      '/api/db/connections_list': { status: 400, body: { message: 'database unavailable' } },
    });
    render();
    expect(await screen.findByText('database unavailable', {}, wait)).toBeTruthy();
  });

  it('hides the write controls from an editor, who may read connections but not change them', async () => {
    connectionsServer(
      {},
      { ...adminSession, roles: ['editor'], permissions: [{ resource: 'connections', action: 'read' }] },
    );
    render();
    await screen.findByRole('button', { name: 'Refresh' }, wait);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('button', { name: 'Add Connection' })).toBeNull();
  });
});

describe('connections page: a hidden type', { timeout: 60_000 }, () => {
  it('is not offered for new connections, but an existing jmeter connection opens, saves and reloads', async () => {
    const server = connectionsServer({}, adminSession, {
      id: 'c1',
      name: 'load',
      namespace: 'default',
      type: 'jmeter',
      url: 'jmeter.local',
      properties: { port: 1099 },
    });
    render();
    await user.click(await screen.findByRole('button', { name: 'Add Connection' }, wait));
    const picker = screen.getByRole('dialog', { name: 'Add Connection' });
    expect(within(picker).queryByRole('button', { name: 'JMeter' })).toBeNull();
    await user.click(within(picker).getByRole('button', { name: 'Dismiss' }));

    await user.click(await screen.findByText('load', {}, wait));
    const edit = await screen.findByRole('dialog', { name: 'Edit load' }, wait);
    const port = (await within(edit).findByLabelText('Port', {}, wait)) as HTMLInputElement;
    expect(port.value).toBe('1099');
    expect((within(edit).getByLabelText('Host') as HTMLInputElement).value).toBe('jmeter.local');
    await user.clear(port);
    await user.type(port, '2000');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(ADMIN_MESSAGES.updated('load'), {}, wait)).toBeTruthy();
    expect(server.stored()).toMatchObject({ type: 'jmeter', url: 'jmeter.local', properties: { port: 2000 } });
  });
});
