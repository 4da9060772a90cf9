import { TEAM_MESSAGES } from '@mc/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Toaster } from '../../../components/toaster';
import { buildPeopleRolesRow, buildTeamMemberRow } from '../../../test/factories/people';
import { adminSession, shellApi, viewerSession } from '../../../test/fake-api';
import { renderAt } from '../../../test/render';
import { TeamMembersPanel } from './team-members-panel';

const wait = { timeout: 5000 };
const ada = { id: 'p1', name: 'Ada Lovelace', email: 'ada@example.com', avatar: null, deleted_at: null };
const bob = { id: 'p2', name: 'Bob Builder', email: 'bob@example.com', avatar: null, deleted_at: null };
const cy = { id: 'p3', name: 'Cy Young', email: 'cy@example.com', avatar: null, deleted_at: null };

function render() {
  return renderAt(
    <>
      <Toaster />
      <TeamMembersPanel teamId="t1" />
    </>,
  );
}

describe('TeamMembersPanel', { timeout: 20_000 }, () => {
  it('shows the empty state of a team without members and hides write controls from viewers', async () => {
    shellApi(viewerSession, [], { '/api/db/team_members': { body: [] } });
    render();
    expect(await screen.findByText(TEAM_MESSAGES.membersEmpty, {}, wait)).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('button', { name: 'Add Members' })).toBeNull();
  });

  it('lists members, adds several people and removes one, with the spec toasts', async () => {
    let members = [buildTeamMemberRow(ada)];
    const { calls } = shellApi(adminSession, [], {
      '/api/db/people_roles': { body: [ada, bob, cy].map((p) => buildPeopleRolesRow(p)) },
      '/api/db/team_members': (url, init) => {
        if (init?.method === 'POST') {
          const rows = JSON.parse(String(init.body)) as Array<{ team_id: string; person_id: string }>;
          const byId = { p2: bob, p3: cy } as Record<string, typeof bob>;
          members = [...members, ...rows.map((row) => buildTeamMemberRow(byId[row.person_id] ?? bob))];
          return { status: 201 };
        }
        if (init?.method === 'DELETE') {
          const id = url.searchParams.get('person_id')?.replace('eq.', '');
          members = members.filter((m) => m.person_id !== id);
          return { status: 204 };
        }
        return { body: members };
      },
    });
    render();
    expect(await screen.findByText('Ada Lovelace', {}, wait)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Add Members' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Members' });
    await within(dialog).findByText('Bob Builder', {}, wait);
    expect(within(dialog).queryByText('Ada Lovelace')).toBeNull();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Bob Builder' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Cy Young' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(TEAM_MESSAGES.added('Bob Builder and Cy Young'), {}, wait)).toBeTruthy();
    const post = calls.find((c) => c.init?.method === 'POST');
    expect(JSON.parse(String(post?.init?.body))).toEqual([
      { team_id: 't1', person_id: 'p2' },
      { team_id: 't1', person_id: 'p3' },
    ]);
    expect(await screen.findByText('Cy Young', {}, wait)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Remove Ada Lovelace' }));
    expect(await screen.findByText(TEAM_MESSAGES.removed('Ada Lovelace'), {}, wait)).toBeTruthy();
    const del = calls.find((c) => c.init?.method === 'DELETE');
    expect(del?.url.searchParams.get('team_id')).toBe('eq.t1');
    expect(del?.url.searchParams.get('person_id')).toBe('eq.p1');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove Ada Lovelace' })).toBeNull(), wait);
  });

  it('toasts the server message when adding fails', async () => {
    shellApi(adminSession, [], {
      '/api/db/people_roles': { body: [buildPeopleRolesRow({ ...bob, roles: [] })] },
      '/api/db/team_members': (_url, init) =>
        init?.method === 'POST' ? { status: 403, body: { message: 'permission denied' } } : { body: [] },
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Add Members' }, wait));
    const dialog = screen.getByRole('dialog', { name: 'Add Members' });
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Bob Builder' }, wait));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(document.querySelectorAll('[data-sonner-toast]').length).toBeGreaterThan(0), wait);
    const toasts = [...document.querySelectorAll('[data-sonner-toast]')].map((node) => node.textContent);
    expect(toasts).toEqual([expect.stringContaining('permission denied')]);
  });
});
