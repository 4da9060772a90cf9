import { USER_MESSAGES } from '@mc/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Toaster } from '../../../components/toaster';
import { adminSession, shellApi, viewerSession } from '../../../test/fake-api';
import { renderApp, renderAt } from '../../../test/render';
import { UsersPage } from './users-page';

const wait = { timeout: 5000 };
const person = (id: string, name: string, roles: string[]) => ({
  id,
  name,
  email: `${id}@example.com`,
  avatar: null,
  roles,
  last_login: null,
  created_at: '2026-11-20T10:00:00Z',
});
const people = [person('u1', 'Ada Lovelace', ['admin']), person('p2', 'Bob Builder', ['viewer'])];

function render() {
  return renderAt(
    <>
      <Toaster />
      <UsersPage />
    </>,
  );
}

describe('/settings/users', { timeout: 20_000 }, () => {
  it('is routed and lists people; a reader without write sees no invite, role or delete controls', async () => {
    shellApi(
      { ...viewerSession, permissions: [...viewerSession.permissions, { resource: 'identities', action: 'read' }] },
      [],
      {
        '/api/db/people_roles': { body: people },
      },
    );
    renderApp('/settings/users');
    expect(await screen.findByText('Bob Builder', {}, wait)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Users' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Invite User' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Role of Bob Builder' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('invites with the schema messages first, then posts and toasts', async () => {
    const { calls } = shellApi(adminSession, [], {
      '/api/db/people_roles': { body: people },
      '/api/auth/invite_user': { status: 201, body: { id: 'p9', email: 'cy@example.com', role: 'editor' } },
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Invite User' }, wait));
    const dialog = screen.getByRole('dialog', { name: 'Invite User' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invite' }));
    expect(within(dialog).getByText('First name is required')).toBeTruthy();
    expect(within(dialog).getByText('Enter a valid email address')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('First name'), 'Cy');
    await userEvent.type(within(dialog).getByLabelText('Last name'), 'Young');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'cy@example.com');
    await userEvent.selectOptions(within(dialog).getByLabelText('Role'), 'editor');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invite' }));
    expect(await screen.findByText(USER_MESSAGES.invited('cy@example.com'), {}, wait)).toBeTruthy();
    const post = calls.find((c) => c.url.pathname === '/api/auth/invite_user');
    expect(JSON.parse(String(post?.init?.body))).toEqual({
      firstName: 'Cy',
      lastName: 'Young',
      email: 'cy@example.com',
      role: 'editor',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invite User' })).toBeNull(), wait);
  });

  it('changes a role and deletes after confirmation, never for oneself', async () => {
    const { calls } = shellApi(adminSession, [], {
      '/api/db/people_roles': { body: people },
      '/api/rbac/p2/update_role': { body: { id: 'p2', roles: ['editor'] } },
      '/api/people/p2': { status: 204 },
    });
    render();
    const select = await screen.findByRole('combobox', { name: 'Role of Bob Builder' }, wait);
    expect(screen.queryByRole('combobox', { name: 'Role of Ada Lovelace' })).toBeNull();
    await userEvent.selectOptions(select, 'editor');
    expect(await screen.findByText(USER_MESSAGES.roleChanged('Bob Builder'), {}, wait)).toBeTruthy();
    const change = calls.find((c) => c.url.pathname === '/api/rbac/p2/update_role');
    expect(JSON.parse(String(change?.init?.body))).toEqual({ role: 'editor' });

    const deletes = screen.getAllByRole('button', { name: 'Delete' });
    expect(deletes).toHaveLength(1);
    await userEvent.click(deletes[0] as HTMLElement);
    const confirm = screen.getByRole('dialog', { name: 'Delete Bob Builder' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(USER_MESSAGES.deleted('Bob Builder'), {}, wait)).toBeTruthy();
    expect(calls.some((c) => c.url.pathname === '/api/people/p2' && c.init?.method === 'DELETE')).toBe(true);
  });
});
