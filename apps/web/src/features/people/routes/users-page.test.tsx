import { USER_MESSAGES } from '@mc/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/toaster';
import { chooseOption } from '../../../test/choose-option';
import { buildInviteUserResult, buildRecoveryLink } from '../../../test/factories/people';
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

describe('/settings/users', { timeout: 40_000 }, () => {
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
    expect(screen.queryByRole('button', { name: /Role of Bob Builder$/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Recovery link for Bob Builder' })).toBeNull();
  });

  it('invites with the schema messages first, then posts and toasts', async () => {
    const { calls } = shellApi(adminSession, [], {
      '/api/db/people_roles': { body: people },
      '/api/auth/invite_user': {
        status: 201,
        body: buildInviteUserResult(),
      },
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
    await chooseOption(userEvent.setup(), 'Role', 'editor', dialog);
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
    await screen.findByRole('button', { name: /Role of Bob Builder$/ }, wait);
    expect(screen.queryByRole('button', { name: /Role of Ada Lovelace$/ })).toBeNull();
    await chooseOption(userEvent.setup(), 'Role of Bob Builder', 'editor');
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

  it('without SMTP the invite dialog shows the link once with Copy link, and no "sent" toast', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const link = 'http://localhost:8080/registration?invite=AbCdEf0123456789';
    shellApi(adminSession, [], {
      '/api/db/people_roles': { body: people },
      '/api/auth/invite_user': {
        status: 201,
        body: buildInviteUserResult({ mailed: false, link }),
      },
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Invite User' }, wait));
    const dialog = screen.getByRole('dialog', { name: 'Invite User' });
    await userEvent.type(within(dialog).getByLabelText('First name'), 'Cy');
    await userEvent.type(within(dialog).getByLabelText('Last name'), 'Young');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'cy@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invite' }));
    expect(await within(dialog).findByText(USER_MESSAGES.inviteNotMailed('cy@example.com'), {}, wait)).toBeTruthy();
    expect((within(dialog).getByLabelText('Invitation link') as HTMLInputElement).value).toBe(link);
    expect(screen.queryByText(USER_MESSAGES.invited('cy@example.com'))).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(link);
    expect(await screen.findByText(USER_MESSAGES.linkCopied, {}, wait)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invite User' })).toBeNull(), wait);
  });

  it('an administrator creates a recovery link for a person and copies it; never for themselves', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const link = 'http://localhost:8080/api/.ory/self-service/recovery?flow=f1&token=T0k3n';
    const { calls } = shellApi(adminSession, [], {
      '/api/db/people_roles': { body: people },
      '/api/auth/recovery_link': { status: 201, body: buildRecoveryLink({ link }) },
    });
    render();
    const button = await screen.findByRole('button', { name: 'Recovery link for Bob Builder' }, wait);
    expect(screen.queryByRole('button', { name: 'Recovery link for Ada Lovelace' })).toBeNull();
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Recovery link for Bob Builder' }, wait);
    expect(within(dialog).getByText(USER_MESSAGES.recoveryLinkCreated('Bob Builder'))).toBeTruthy();
    expect((within(dialog).getByLabelText('Recovery link') as HTMLInputElement).value).toBe(link);
    const post = calls.find((c) => c.url.pathname === '/api/auth/recovery_link');
    expect(JSON.parse(String(post?.init?.body))).toEqual({ personId: 'p2' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(link);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Recovery link/ })).toBeNull(), wait);
  });
});
