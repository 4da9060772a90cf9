import { PERMISSION_MESSAGES } from '@mc/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Toaster } from '../../../components/toaster';
import { chooseOption } from '../../../test/choose-option';
import { buildPeopleRolesRow, buildTeamRow } from '../../../test/factories/people';
import { buildPermissionPage, buildPermissionSummary } from '../../../test/factories/permissions';
import { buildPlaybook } from '../../../test/factories/playbooks';
import { adminSession, shellApi, viewerSession } from '../../../test/fake-api';
import { renderAt } from '../../../test/render';
import { PermissionsPage } from './permissions-page';

const wait = { timeout: 5000 };
const T1 = '0190a000-0000-7000-8000-000000000001';
const P1 = '0190a000-0000-7000-8000-000000000002';
const PB1 = '0190a000-0000-7000-8000-000000000003';
const row = buildPermissionSummary({
  action: 'playbook:run',
  deny: true,
  description: 'no restarts',
  updated_at: '2026-11-21T10:00:00Z',
  team_id: T1,
  team: { id: T1, name: 'SRE', icon: null },
  playbook_id: PB1,
  playbook: { id: PB1, name: 'restart-pod', title: null },
  createdBy: { id: 'u1', name: 'Ada Lovelace', avatar: null },
});

function render(path = '/settings/permissions') {
  return renderAt(
    <>
      <Toaster />
      <PermissionsPage />
    </>,
    path,
  );
}

// the dialog's React Aria pickers are slow to drive in jsdom: a loaded machine needs the room
describe('/settings/permissions', { timeout: 60_000 }, () => {
  it('pages on the server with the spec columns; readers get no Add Permission and a read-only dialog', async () => {
    const { calls } = shellApi(viewerSession, [], {
      '/api/permissions': { body: buildPermissionPage([row], 120) },
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
    shellApi(editorSession, [], { '/api/permissions': { body: buildPermissionPage([row]) } });
    render();
    expect(await screen.findByText('Team: SRE', {}, wait)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Permission' })).toBeNull();
  });

  it('adds a permission with the 001 §5 rules; switching kinds clears the other ids', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = shellApi(adminSession, [], {
      '/api/permissions': (_url, init) =>
        init?.method === 'POST' ? { status: 201, body: row } : { body: buildPermissionPage() },
      '/api/db/teams': { body: [buildTeamRow({ id: T1, name: 'SRE' })] },
      '/api/db/people_roles': {
        body: [buildPeopleRolesRow({ id: P1, name: 'Bob Builder', email: 'bob@example.com' })],
      },
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
    await chooseOption(user, 'Global object', 'incident', dialog);
    await chooseOption(user, 'Action', 'create,read,update,delete', dialog);
    await user.click(within(dialog).getByRole('spinbutton', { name: /^month/ }));
    await user.keyboard('123120301745');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PERMISSION_MESSAGES.added, {}, wait)).toBeTruthy();
    const post = calls.find((c) => c.url.pathname === '/api/permissions' && c.init?.method === 'POST');
    expect(JSON.parse(String(post?.init?.body))).toEqual({
      action: 'create,read,update,delete',
      deny: false,
      description: null,
      until: new Date('2030-12-31T17:45').toISOString(),
      person_id: P1,
      object: 'incident',
    });
  });

  it('the catalog picker is the resource selector: the 001 §5 hint, and its queries become filters', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = shellApi(adminSession, [], {
      '/api/permissions': { body: buildPermissionPage() },
      '/api/db/config_items': { body: [] },
    });
    render();
    await user.click(await screen.findByRole('button', { name: 'Add Permission' }, wait));
    const dialog = screen.getByRole('dialog', { name: 'Add Permission' });
    await chooseOption(user, 'Resource kind', 'Catalog', dialog);
    const picker = within(dialog).getByRole('combobox', { name: 'Catalog' });
    const hint =
      'Filter the list using queries e.g: name=grafana type=Kubernetes::Deployment or health=healthy,unhealthy';
    expect(within(dialog).getByText(hint)).toBeTruthy();
    expect(picker.getAttribute('aria-describedby')).toBeTruthy();
    await user.click(picker);
    await user.paste('name=grafana type=Kubernetes::Deployment health=healthy,unhealthy');
    await waitFor(() => {
      const read = calls.filter((c) => c.url.pathname === '/api/db/config_items').at(-1);
      expect(read?.url.searchParams.getAll('name')).toEqual(['eq.grafana']);
      expect(read?.url.searchParams.get('type')).toBe('eq.Kubernetes::Deployment');
      expect(read?.url.searchParams.get('health')).toBe('in.("healthy","unhealthy")');
    }, wait);
    await user.clear(picker);
    await user.paste('owner=me');
    expect(
      await within(dialog).findByText('owner= is not a field here; use name, type, health, namespace', {}, wait),
    ).toBeTruthy();
  });

  it('edits and deletes after confirmation with the spec toasts', async () => {
    const { calls } = shellApi(adminSession, [], {
      '/api/permissions': { body: buildPermissionPage([row]) },
      '/api/permissions/perm1': (_url, init) => (init?.method === 'DELETE' ? { status: 204 } : { body: row }),
      '/api/db/teams': { body: [buildTeamRow({ id: T1, name: 'SRE' })] },
      '/api/db/playbooks': { body: [buildPlaybook({ id: PB1, name: 'restart-pod' })] },
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
