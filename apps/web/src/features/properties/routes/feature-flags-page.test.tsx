import { ADMIN_MESSAGES, FIELD_REQUIRED } from '@mc/contracts';
import { focusManager } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Toaster } from '../../../components/toaster';
import { adminSession, shellApi, viewerSession } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';

const wait = { timeout: 10_000 };
const at = '2026-11-22T06:00:00Z';

/** The properties API and the data API's properties view over one list, as the server keeps them. */
function propertiesServer(session = adminSession, initial: Array<{ name: string; value: string }> = []) {
  let rows = initial.map((row) => ({ ...row, created_by: null as string | null, created_at: at, updated_at: at }));
  const one = (name: string) => (_: URL, init?: RequestInit) => {
    if (init?.method === 'DELETE') {
      rows = rows.filter((row) => row.name !== name);
      return { status: 204 };
    }
    const { value } = JSON.parse(String(init?.body)) as { value: string };
    rows = rows.map((row) => (row.name === name ? { ...row, value } : row));
    return { body: rows.find((row) => row.name === name) };
  };
  return shellApi(session, [], {
    '/api/db/properties': () => ({ body: rows.map(({ name, value }) => ({ name, value })) }),
    '/api/properties': (_, init) => {
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { name: string; value: string };
        if (rows.some((row) => row.name === body.name)) {
          return { status: 409, body: { message: `Property '${body.name}' already exists` } };
        }
        const row = { ...body, created_by: 'u1', created_at: at, updated_at: at };
        rows = [...rows, row];
        return { status: 201, body: row };
      }
      return { body: rows };
    },
    '/api/properties/health.disable': one('health.disable'),
    '/api/properties/retention.days': one('retention.days'),
  });
}

/** The real routing table with the app's toaster beside it. */
function open(path: string) {
  render(<Toaster />);
  return renderApp(path);
}

const sidebarLink = (name: RegExp) =>
  within(screen.getByRole('navigation', { name: 'Main' })).queryByRole('link', { name });

describe('feature flags page', { timeout: 60_000 }, () => {
  afterEach(() => focusManager.setFocused(undefined));

  it('disables health and its children, then enables it again, without a reload', async () => {
    const { calls } = propertiesServer();
    open('/settings/feature-flags');
    await screen.findByText('No feature is disabled.', {}, wait);
    await waitFor(() => expect(sidebarLink(/Health/)).toBeTruthy(), wait);

    await userEvent.click(screen.getByRole('button', { name: 'Add Property' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Property' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText(FIELD_REQUIRED, {}, wait)).toHaveLength(2);
    await userEvent.type(within(dialog).getByLabelText('Name *'), 'health.disable');
    await userEvent.type(within(dialog).getByLabelText('Value *'), 'true');
    expect(within(dialog).getByText('Disables health, settings.health, settings.job_history')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(ADMIN_MESSAGES.created('health.disable'), {}, wait)).toBeTruthy();
    expect(JSON.parse(String(calls.find((c) => c.init?.method === 'POST')?.init?.body))).toEqual({
      name: 'health.disable',
      value: 'true',
    });
    expect(
      (await screen.findByText('Disabled features: health, settings.health, settings.job_history', {}, wait))
        .textContent,
    ).toBeTruthy();
    await waitFor(() => expect(sidebarLink(/Health/)).toBeNull(), wait);

    await userEvent.click(screen.getByText('health.disable'));
    const edit = screen.getByRole('dialog', { name: 'Edit health.disable' });
    expect((within(edit).getByLabelText('Name *') as HTMLInputElement).disabled).toBe(true);
    const value = within(edit).getByLabelText('Value *');
    await userEvent.clear(value);
    await userEvent.type(value, 'false');
    await userEvent.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(ADMIN_MESSAGES.updated('health.disable'), {}, wait)).toBeTruthy();
    await waitFor(() => expect(sidebarLink(/Health/)).toBeTruthy(), wait);
    expect(calls.some((c) => c.init?.method === 'PATCH' && c.url.pathname === '/api/properties/health.disable')).toBe(
      true,
    );
  });

  it('deletes a property by name after confirmation', async () => {
    const { calls } = propertiesServer(adminSession, [{ name: 'retention.days', value: '30' }]);
    open('/settings/feature-flags');
    await userEvent.click(await screen.findByText('retention.days', {}, wait));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete property' });
    expect(confirm.textContent).toContain(ADMIN_MESSAGES.confirmDelete('retention.days'));
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(ADMIN_MESSAGES.deleted('retention.days'), {}, wait)).toBeTruthy();
    expect(calls.some((c) => c.init?.method === 'DELETE')).toBe(true);
    await waitFor(() => expect(screen.queryByText('retention.days')).toBeNull(), wait);
  });

  it('refuses a bad name with the contract message and toasts a clash from the server', async () => {
    propertiesServer(adminSession, [{ name: 'retention.days', value: '30' }]);
    open('/settings/feature-flags');
    await screen.findByText('retention.days', {}, wait);
    await userEvent.click(screen.getByRole('button', { name: 'Add Property' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Property' });
    await userEvent.type(within(dialog).getByLabelText('Name *'), 'bad name');
    await userEvent.type(within(dialog).getByLabelText('Value *'), '1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name may hold letters, digits, _ . - and /', {}, wait)).toBeTruthy();
    const name = within(dialog).getByLabelText('Name *');
    await userEvent.clear(name);
    await userEvent.type(name, 'retention.days');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("Property 'retention.days' already exists", {}, wait)).toBeTruthy();
  });

  it('an open console picks up a flag changed elsewhere on its next fetch, without a reload', async () => {
    let flags: Array<{ name: string; value: string }> = [];
    shellApi(adminSession, [], { '/api/db/properties': () => ({ body: flags }) });
    open('/topology');
    await waitFor(() => expect(sidebarLink(/Health/)).toBeTruthy(), wait);
    flags = [{ name: 'health.disable', value: 'true' }];
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(sidebarLink(/Health/)).toBeNull(), wait);
  });

  it('shows viewers the properties without write controls', async () => {
    propertiesServer(viewerSession, [{ name: 'retention.days', value: '30' }]);
    open('/settings/feature-flags');
    await userEvent.click(await screen.findByText('retention.days', {}, wait));
    const dialog = screen.getByRole('dialog', { name: 'Edit retention.days' });
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Property' })).toBeNull();
  });
});
