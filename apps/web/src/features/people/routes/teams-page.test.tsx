import { TEAM_MESSAGES } from '@mc/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Toaster } from '../../../components/toaster';
import { adminSession, shellApi, viewerSession } from '../../../test/fake-api';
import { renderAt } from '../../../test/render';
import { TeamsPage } from './teams-page';

const wait = { timeout: 5000 };
const sre = {
  id: 't1',
  name: 'SRE',
  icon: 'group',
  source: 'UI',
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
  team_members: [{ person_id: 'p1' }, { person_id: 'p2' }],
};

function render() {
  return renderAt(
    <>
      <Toaster />
      <TeamsPage />
    </>,
  );
}

describe('/settings/teams', { timeout: 20_000 }, () => {
  it('lists teams with member counts; readers get no write controls', async () => {
    shellApi(viewerSession, [], { '/api/db/teams': { body: [sre] } });
    render();
    expect(await screen.findByText('SRE', {}, wait)).toBeTruthy();
    expect(screen.getByRole('cell', { name: '2' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create Team' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('creates a team (name required, icon defaults to group), deletes one, opens one in the resource editor', async () => {
    const { calls } = shellApi(adminSession, [], {
      '/api/db/teams': (_url, init) =>
        init?.method === 'POST' ? { status: 201 } : init?.method === 'PATCH' ? { status: 200 } : { body: [sre] },
      '/api/db/team_members': { body: [] },
    });
    const view = render();
    await userEvent.click(await screen.findByRole('button', { name: 'Create Team' }, wait));
    const dialog = screen.getByRole('dialog', { name: 'Create Team' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('This field is required')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Platform');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(TEAM_MESSAGES.created('Platform'), {}, wait)).toBeTruthy();
    const post = calls.find((c) => c.url.pathname === '/api/db/teams' && c.init?.method === 'POST');
    expect(JSON.parse(String(post?.init?.body))).toEqual({
      name: 'Platform',
      icon: 'group',
      source: 'UI',
      created_by: 'u1',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete SRE' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText(TEAM_MESSAGES.deleted('SRE'), {}, wait)).toBeTruthy();
    const patch = calls.find((c) => c.init?.method === 'PATCH');
    expect(patch?.url.searchParams.get('id')).toBe('eq.t1');
    expect(Object.keys(JSON.parse(String(patch?.init?.body)))).toEqual(['deleted_at']);

    await userEvent.click(screen.getByText('SRE'));
    expect(view.router.state.location.pathname).toBe('/settings/teams/t1');
  });
});
