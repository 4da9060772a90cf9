import {
  ADMIN_MESSAGES,
  buildNotificationUrl,
  CONNECTION_TYPES,
  CONNECTION_URL_RULES,
  type ConnectionField,
  type ConnectionTypeDefinition,
  FIELD_NOT_A_NUMBER,
  FIELD_REQUIRED,
  fieldVisible,
  SECRET_MASK,
} from '@mc/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Toaster } from '../../../components/toaster';
import type { Session } from '../../../lib/permissions';
import { buildConnectionTestResult } from '../../../test/factories/connections';
import { adminSession, shellApi } from '../../../test/fake-api';
import { renderAt } from '../../../test/render';
import { ConnectionsPage } from './connections-page';

const wait = { timeout: 10_000 };
const awsConnection = { id: 'a1', name: 'aws-main', namespace: 'default', type: 'aws' };
type Body = Record<string, unknown> & { name: string; type: string; properties: Record<string, unknown> };

/** The HTTP layer of the connections API as the server answers it: rows in memory, secrets masked. */
function connectionsServer(
  extra: Parameters<typeof shellApi>[2] = {},
  session: Session = adminSession,
  seed?: Body & { id: string },
) {
  let stored: (Body & { id: string }) | undefined = seed;
  const secretPaths = (type: string) =>
    (CONNECTION_TYPES.find((d) => d.type === type)?.fields ?? []).filter((f) => f.kind === 'secret').map((f) => f.path);
  const masked = () => {
    if (!stored) return undefined;
    const copy = structuredClone(stored);
    for (const path of secretPaths(copy.type)) {
      const key = path.startsWith('properties.') ? path.slice(11) : undefined;
      const holder: Record<string, unknown> = key ? copy.properties : copy;
      const name = key ?? path;
      const value = holder[name];
      if (typeof value === 'string' && value && !/^(secret|configmap):\/\//.test(value)) holder[name] = SECRET_MASK;
    }
    return {
      ...copy,
      insecure_tls: copy.insecure_tls ?? false,
      created_at: '2026-11-22T06:00:00Z',
      updated_at: '2026-11-22T06:00:00Z',
    };
  };
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
      if (url.searchParams.get('select') === 'id,name,namespace,type') return { body: [awsConnection] };
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

const visibleFields = (definition: ConnectionTypeDefinition) => {
  const defaults: Record<string, unknown> = {};
  for (const field of definition.fields) {
    if (field.default !== undefined) defaults[field.path.replace('properties.', '')] = field.default;
  }
  return definition.fields.filter((field) => fieldVisible(field, { properties: defaults }, definition.fields));
};
const labelOf = (field: ConnectionField) => `${field.label}${field.required ? ' *' : ''}`;
/** What the test types into a field; a URL takes the first scheme its type accepts. */
const sample = (field: ConnectionField, type = '') => {
  const scheme = field.path === 'url' ? CONNECTION_URL_RULES[type]?.schemes[0] : undefined;
  if (scheme) return `${scheme}://url-value`;
  return field.kind === 'number' ? '1' : `${field.path.replace('properties.', '')}-value`;
};

async function fill(dialog: HTMLElement, field: ConnectionField, type: string) {
  const input = within(dialog).getByLabelText(labelOf(field));
  if (field.kind === 'connection') await userEvent.selectOptions(input, 'connection://aws/aws-main');
  else if (field.kind === 'select') await userEvent.selectOptions(input, field.options?.[0] ?? '');
  else if (field.kind === 'switch') await userEvent.click(input);
  else {
    await userEvent.clear(input);
    await userEvent.click(input);
    await userEvent.paste(sample(field, type));
  }
}

/** The stored value of a field in a saved body. */
const storedAt = (body: Body | undefined, field: ConnectionField) =>
  field.path.startsWith('properties.') ? body?.properties[field.path.slice(11)] : body?.[field.path];

async function openNew(label: string) {
  await userEvent.click(await screen.findByRole('button', { name: 'Add Connection' }, wait));
  const dialog = screen.getByRole('dialog', { name: 'Add Connection' });
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await userEvent.click(within(dialog).getByRole('button', { name: new RegExp(`^${escaped}\\s*(Notifications)?$`) }));
  return screen.getByRole('dialog', { name: `Add ${label} connection` });
}

describe('connections page: every type', { timeout: 60_000 }, () => {
  const offered = CONNECTION_TYPES.filter((definition) => !definition.hidden);

  it.each(offered.map((definition) => [definition.type, definition] as const))(
    '%s: shows required messages while empty, saves every field, and reloads masked',
    async (_, definition) => {
      const server = connectionsServer();
      render();
      const dialog = await openNew(definition.label);
      const fields = visibleFields(definition);
      const required = fields.filter((field) => field.required && field.default === undefined);

      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(within(dialog).getAllByText(FIELD_REQUIRED)).toHaveLength(1 + required.length), wait);
      expect(server.calls.some((call) => call.init?.method === 'POST')).toBe(false);
      expect((within(dialog).getByLabelText('Namespace *') as HTMLInputElement).value).toBe('default');

      await userEvent.type(within(dialog).getByLabelText('Name *'), `my-${definition.type}`);
      // every required field, and every optional field a person types into or switches on
      const filled = fields.filter(
        (field) => required.includes(field) || ['text', 'number', 'secret', 'textarea', 'switch'].includes(field.kind),
      );
      for (const field of filled) await fill(dialog, field, definition.type);
      await waitFor(() => expect(within(dialog).queryByText(FIELD_REQUIRED)).toBeNull(), wait);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

      expect(await screen.findByText(ADMIN_MESSAGES.created(`my-${definition.type}`), {}, wait)).toBeTruthy();
      const body = server.stored();
      expect(body).toMatchObject({ name: `my-${definition.type}`, namespace: 'default', type: definition.type });
      for (const field of filled) {
        const expected =
          field.kind === 'switch'
            ? true
            : field.kind === 'number'
              ? 1
              : field.kind === 'connection'
                ? 'connection://aws/aws-main'
                : field.kind === 'select'
                  ? field.options?.[0]
                  : sample(field, definition.type);
        expect(storedAt(body, field), `${definition.type} ${field.path}`).toBe(expected);
      }
      if (definition.notification) {
        expect(body?.url).toBe(buildNotificationUrl(definition.type, body as never));
        expect(body?.url).toBeTruthy();
      }

      await userEvent.click(await screen.findByText(`my-${definition.type}`, {}, wait));
      const edit = await screen.findByRole('dialog', { name: `Edit my-${definition.type}` }, wait);
      const name = (await within(edit).findByLabelText('Name *', {}, wait)) as HTMLInputElement;
      expect(name.value).toBe(`my-${definition.type}`);
      expect(name.disabled).toBe(true);
      for (const field of filled) {
        const input = within(edit).getByLabelText(labelOf(field)) as HTMLInputElement;
        if (field.kind === 'secret') expect(input.value, field.path).toBe(SECRET_MASK);
        else if (field.kind === 'switch') expect(input.checked, field.path).toBe(true);
        else if (field.kind !== 'select' && field.kind !== 'connection')
          expect(input.value, field.path).toBe(sample(field, definition.type));
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
    await userEvent.clear(port);
    await userEvent.type(port, 'abc');
    await userEvent.tab();
    expect(await within(dialog).findByText(FIELD_NOT_A_NUMBER, {}, wait)).toBeTruthy();
    await userEvent.clear(port);
    await userEvent.type(port, '2222');
    await userEvent.type(within(dialog).getByLabelText('Name *'), 'files');
    await userEvent.selectOptions(within(dialog).getByLabelText('Password source'), 'secret');
    await userEvent.type(within(dialog).getByLabelText('Password secret name'), 'sftp');
    await userEvent.type(within(dialog).getByLabelText('Password key'), 'password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(ADMIN_MESSAGES.created('files'), {}, wait)).toBeTruthy();
    expect(server.stored()).toMatchObject({ password: 'secret://sftp/password', properties: { port: 2222 } });
  });

  it('shows the fields of the chosen kubernetes connection method only', async () => {
    connectionsServer();
    render();
    const dialog = await openNew('Kubernetes');
    expect(within(dialog).getByLabelText('Kubeconfig')).toBeTruthy();
    expect(within(dialog).queryByLabelText('Cluster Resource')).toBeNull();
    await userEvent.selectOptions(within(dialog).getByLabelText('Connection Method *'), 'cnrm');
    expect(await within(dialog).findByLabelText('Cluster Resource', {}, wait)).toBeTruthy();
    expect(within(dialog).queryByLabelText('Kubeconfig')).toBeNull();
    await userEvent.selectOptions(within(dialog).getByLabelText('Connection Method *'), 'eks');
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
    await userEvent.type(within(dialog).getByLabelText('Name *'), 'pg');
    await userEvent.type(within(dialog).getByLabelText('URL *'), 'postgres://127.0.0.1:5433/db');
    await userEvent.type(within(dialog).getByLabelText('Username *'), 'root');
    await userEvent.type(within(dialog).getByLabelText('Password *'), 'pw');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText(ADMIN_MESSAGES.created('pg'), {}, wait);

    await userEvent.click(await screen.findByText('pg', {}, wait));
    const edit = await screen.findByRole('dialog', { name: 'Edit pg' }, wait);
    await userEvent.click(await within(edit).findByRole('button', { name: 'Test' }, wait));
    const failure = await within(edit).findByRole('alert', {}, wait);
    expect(failure.textContent).toContain(ADMIN_MESSAGES.testFailed);
    expect(failure.textContent).toContain('Connection refused at 127.0.0.1:5433');
    await userEvent.click(within(edit).getByRole('button', { name: 'Test' }));
    await waitFor(() => expect(within(edit).getByText(ADMIN_MESSAGES.testSucceeded)).toBeTruthy(), wait);
    expect(server.calls.filter((call) => call.url.pathname === '/api/connection/test/c1')).toHaveLength(2);

    await userEvent.click(within(edit).getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete connection' });
    expect(confirm.textContent).toContain(ADMIN_MESSAGES.confirmDelete('pg'));
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
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
    await userEvent.type(within(dialog).getByLabelText('Name *'), 'pg');
    await userEvent.type(within(dialog).getByLabelText('URL *'), 'postgres://127.0.0.1:5432/db');
    await userEvent.type(within(dialog).getByLabelText('Username *'), 'root');
    await userEvent.type(within(dialog).getByLabelText('Password *'), 'pw');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Test' }));
    await waitFor(() => expect(within(dialog).getByText(ADMIN_MESSAGES.testSucceeded)).toBeTruthy(), wait);
    const unsaved = server.calls.find((call) => call.url.pathname === '/api/connection/test');
    expect(JSON.parse(String(unsaved?.init?.body))).toMatchObject({
      url: 'postgres://127.0.0.1:5432/db',
      password: 'pw',
    });
    expect(server.stored()).toBeUndefined();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText(ADMIN_MESSAGES.created('pg'), {}, wait);

    await userEvent.click(await screen.findByText('pg', {}, wait));
    const edit = await screen.findByRole('dialog', { name: 'Edit pg' }, wait);
    const url = await within(edit).findByLabelText('URL *', {}, wait);
    await userEvent.clear(url);
    await userEvent.type(url, 'postgres://127.0.0.1:5499/db');
    await userEvent.click(within(edit).getByRole('button', { name: 'Test' }));
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
    await userEvent.type(within(sftp).getByLabelText('Name *'), 'files');
    await userEvent.type(within(sftp).getByLabelText('Password *'), 'pw');
    await userEvent.click(within(sftp).getByRole('button', { name: 'Test' }));
    const info = await within(sftp).findByRole('status', {}, wait);
    expect(info.getAttribute('data-outcome')).toBe('unavailable');
    expect(info.textContent).toContain(ADMIN_MESSAGES.testUnavailable);
    expect(info.textContent).not.toContain(ADMIN_MESSAGES.testSucceeded);
    await userEvent.click(within(sftp).getByRole('button', { name: 'Cancel' }));

    const pg = await openNew('Postgres');
    await userEvent.type(within(pg).getByLabelText('Name *'), 'broken');
    await userEvent.type(within(pg).getByLabelText('URL *'), 'postgres//nohost');
    await userEvent.type(within(pg).getByLabelText('Username *'), 'u');
    await userEvent.type(within(pg).getByLabelText('Password *'), 'p');
    const calls = server.calls.length;
    await userEvent.click(within(pg).getByRole('button', { name: 'Test' }));
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
    await userEvent.type(within(dialog).getByLabelText('Name *'), 'cache');
    await userEvent.type(within(dialog).getByLabelText('URL *'), 'redis://127.0.0.1:6379');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'hunter2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText(ADMIN_MESSAGES.created('cache'), {}, wait);
    await userEvent.click(await screen.findByText('cache', {}, wait));
    const edit = await screen.findByRole('dialog', { name: 'Edit cache' }, wait);
    expect(within(edit).getByText(ADMIN_MESSAGES.secretKept)).toBeTruthy();
    const db = await within(edit).findByLabelText('DB', {}, wait);
    await userEvent.type(db, '2');
    await userEvent.click(within(edit).getByRole('button', { name: 'Save' }));
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
    await userEvent.click(await screen.findByRole('button', { name: 'Add Connection' }, wait));
    const picker = screen.getByRole('dialog', { name: 'Add Connection' });
    expect(within(picker).queryByRole('button', { name: 'JMeter' })).toBeNull();
    await userEvent.click(within(picker).getByRole('button', { name: 'Dismiss' }));

    await userEvent.click(await screen.findByText('load', {}, wait));
    const edit = await screen.findByRole('dialog', { name: 'Edit load' }, wait);
    const port = (await within(edit).findByLabelText('Port', {}, wait)) as HTMLInputElement;
    expect(port.value).toBe('1099');
    expect((within(edit).getByLabelText('Host') as HTMLInputElement).value).toBe('jmeter.local');
    await userEvent.clear(port);
    await userEvent.type(port, '2000');
    await userEvent.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(ADMIN_MESSAGES.updated('load'), {}, wait)).toBeTruthy();
    expect(server.stored()).toMatchObject({ type: 'jmeter', url: 'jmeter.local', properties: { port: 2000 } });
  });
});
