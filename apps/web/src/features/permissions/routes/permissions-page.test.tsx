import { PERMISSION_MESSAGES } from '@mc/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Toaster } from '../../../components/toaster';
import { adminSession, shellApi, viewerSession } from '../../../test/fake-api';
import { renderAt } from '../../../test/render';
import type { PermissionRow } from '../api/permissions';
import { PermissionsPage } from './permissions-page';

const wait = { timeout: 5000 };
const T1 = '0190a000-0000-7000-8000-000000000001';
const P1 = '0190a000-0000-7000-8000-000000000002';
const PB1 = '0190a000-0000-7000-8000-000000000003';
const none = {
  person_id: null,
  team_id: null,
  notification_id: null,
  config_id: null,
  component_id: null,
  canary_id: null,
  playbook_id: null,
  connection_id: null,
  check_id: null,
  person: null,
  team: null,
  notification: null,
  catalog: null,
  component: null,
  canary: null,
  playbook: null,
  connection: null,
  check: null,
};
const row: PermissionRow = {
  ...none,
  id: 'perm1',
  action: 'playbook:run',
  deny: true,
  description: 'no restarts',
  object: null,
  source: 'UI',
  until: null,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-21T10:00:00Z',
  team_id: T1,
  team: { id: T1, name: 'SRE' },
  playbook_id: PB1,
  playbook: { id: PB1, name: 'restart-pod' },
  createdBy: { id: 'u1', name: 'Ada Lovelace' },
};

function render(path = '/settings/permissions') {
  return renderAt(
    <>
      <Toaster />
      <PermissionsPage />
    </>,
    path,
  );
}

describe('/settings/permissions', { timeout: 20_000 }, () => {
  it('pages on the server with the spec columns; readers get no Add Permission and a read-only dialog', async () => {
    const { calls } = shellApi(viewerSession, [], {
      '/api/permissions': { body: { data: [row], totalEntries: 120 } },
    });
    render('/settings/permissions?pageIndex=2&pageSize=25');
    expect(await screen.findByText('Team: SRE', {}, wait)).toBeTruthy();
    for (const header of ['Subject', 'Resource', 'Action', 'Description', 'Updated', 'Created', 'Created By'])
      expect(screen.getByRole('columnheader', { name: header })).toBeTruthy();
    expect(screen.getByText('Playbook: restart-pod')).toBeTruthy();
    const call = calls.find((c) => c.url.pathname === '/api/permissions');
    expect(call?.url.searchParams.get('pageIndex')).toBe('2');
    expect(call?.url.searchParams.get('pageSize')).toBe('25');
    expect(screen.queryByRole('button', { name: 'Add Permission' })).toBeNull();
    await userEvent.click(screen.getByText('no restarts'));
    const dialog = screen.getByRole('dialog', { name: 'Edit Permission' });
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(within(dialog).getByRole('link', { name: 'Help' })).toBeTruthy();
  });

  it('an editor, who holds permissions write but not rbac, gets no Add Permission (the server answers 403)', async () => {
    const editorSession = {
      ...viewerSession,
      roles: ['editor'],
      permissions: [...viewerSession.permissions, { resource: 'permissions', action: 'write' }],
    };
    shellApi(editorSession, [], { '/api/permissions': { body: { data: [row], totalEntries: 1 } } });
    render();
    expect(await screen.findByText('Team: SRE', {}, wait)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Permission' })).toBeNull();
  });

  it('adds a permission with the 001 §5 rules; switching kinds clears the other ids', async () => {
    const { calls } = shellApi(adminSession, [], {
      '/api/permissions': (_url, init) =>
        init?.method === 'POST' ? { status: 201, body: row } : { body: { data: [], totalEntries: 0 } },
      '/api/db/teams': { body: [{ id: T1, name: 'SRE' }] },
      '/api/db/people_roles': { body: [{ id: P1, name: 'Bob Builder', email: 'bob@example.com' }] },
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Add Permission' }, wait));
    const dialog = screen.getByRole('dialog', { name: 'Add Permission' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText(PERMISSION_MESSAGES.subjectRequired)).toBeTruthy();
    expect(within(dialog).getByText(PERMISSION_MESSAGES.resourceRequired)).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('button', { name: /Show Team options/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'SRE' }, wait));
    expect((within(dialog).getByRole('combobox', { name: 'Team' }) as HTMLInputElement).value).toBe('SRE');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Person' }));
    expect((within(dialog).getByRole('combobox', { name: 'Person' }) as HTMLInputElement).value).toBe('');
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Person' }), 'bob');
    await waitFor(() => expect(calls.some((c) => c.url.search.includes('ilike.*bob*'))).toBe(true), wait);
    await userEvent.click(await screen.findByRole('option', { name: /Bob Builder/ }, wait));
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Global object' }), 'incident');
    await userEvent.selectOptions(within(dialog).getByLabelText('Action'), 'create,read,update,delete');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PERMISSION_MESSAGES.added, {}, wait)).toBeTruthy();
    const post = calls.find((c) => c.url.pathname === '/api/permissions' && c.init?.method === 'POST');
    expect(JSON.parse(String(post?.init?.body))).toEqual({
      action: 'create,read,update,delete',
      deny: false,
      description: null,
      until: null,
      person_id: P1,
      object: 'incident',
    });
  });

  it('edits and deletes after confirmation with the spec toasts', async () => {
    const { calls } = shellApi(adminSession, [], {
      '/api/permissions': { body: { data: [row], totalEntries: 1 } },
      '/api/permissions/perm1': (_url, init) => (init?.method === 'DELETE' ? { status: 204 } : { body: row }),
      '/api/db/teams': { body: [{ id: T1, name: 'SRE' }] },
      '/api/db/playbooks': { body: [{ id: PB1, name: 'restart-pod' }] },
    });
    render();
    await userEvent.click(await screen.findByText('no restarts', {}, wait));
    const dialog = screen.getByRole('dialog', { name: 'Edit Permission' });
    expect((within(dialog).getByRole('checkbox', { name: 'Deny' }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Deny' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PERMISSION_MESSAGES.updated, {}, wait)).toBeTruthy();
    const patch = calls.find((c) => c.init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.init?.body))).toMatchObject({ team_id: T1, playbook_id: PB1, deny: false });

    await userEvent.click(screen.getByText('no restarts'));
    const again = screen.getByRole('dialog', { name: 'Edit Permission' });
    await userEvent.click(within(again).getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete Permission' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(PERMISSION_MESSAGES.deleted, {}, wait)).toBeTruthy();
    expect(calls.some((c) => c.init?.method === 'DELETE' && c.url.pathname === '/api/permissions/perm1')).toBe(true);
  });
});
