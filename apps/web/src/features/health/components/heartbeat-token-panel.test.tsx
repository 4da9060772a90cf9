import { HEARTBEAT_MESSAGES, type HeartbeatState } from '@mc/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '../../../lib/permissions';
import { shellApi, viewerSession } from '../../../test/fake-api';
import { renderAt } from '../../../test/render';
import { HeartbeatTokenPanel } from './heartbeat-token-panel';

const CHECK = '0196a000-0000-4000-8000-0000000000c1';
const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';
const editorSession: Session = {
  ...viewerSession,
  roles: ['editor'],
  permissions: [...viewerSession.permissions, { resource: 'canaries', action: 'write' }],
};

/** A fake token API keeping one token's state, as the server does. */
function tokenApi(session: Session, initial: Partial<HeartbeatState> = {}) {
  let state: HeartbeatState = {
    check_id: CHECK,
    active: false,
    prefix: null,
    issued_at: null,
    last_call_at: null,
    ...initial,
  };
  return shellApi(session, [], {
    [`/api/heartbeats/${CHECK}`]: () => ({ body: state }),
    [`/api/heartbeats/${CHECK}/token`]: (_url, init) => {
      if (init?.method === 'DELETE') {
        state = { ...state, active: false, prefix: null };
        return { status: 204 };
      }
      const issued_at = '2026-12-06T10:00:00.000Z';
      state = { ...state, active: true, prefix: TOKEN.slice(0, 8), issued_at, last_call_at: null };
      return {
        status: 201,
        body: { check_id: CHECK, token: TOKEN, prefix: TOKEN.slice(0, 8), path: `/webhook/${TOKEN}`, issued_at },
      };
    },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('HeartbeatTokenPanel', () => {
  it('renders nothing, and asks nothing, for someone who may not write checks', async () => {
    const api = tokenApi(viewerSession, { active: true, prefix: 'Zz9_Yy8-', issued_at: '2026-12-06T10:00:00.000Z' });
    const { container } = renderAt(<HeartbeatTokenPanel checkId={CHECK} />);
    await waitFor(() => expect(api.calls.some((c) => c.url.pathname === '/api/auth/whoami')).toBe(true));
    expect(container.textContent).toBe('');
    expect(api.calls.some((c) => c.url.pathname.startsWith('/api/heartbeats'))).toBe(false);
  });

  it('issues a token and shows the full push URL once, with a copy button', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const api = tokenApi(editorSession);
    renderAt(<HeartbeatTokenPanel checkId={CHECK} />);
    expect(await screen.findByText(HEARTBEAT_MESSAGES.none)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Issue token' }));
    const url = `${window.location.origin}/webhook/${TOKEN}`;
    expect(((await screen.findByLabelText('Push URL')) as HTMLInputElement).value).toBe(url);
    expect(screen.getByText(HEARTBEAT_MESSAGES.shownOnce)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Copy URL' }));
    expect(writeText).toHaveBeenCalledWith(url);
    expect(
      api.calls.filter((c) => c.url.pathname === `/api/heartbeats/${CHECK}/token`).map((c) => c.init?.method),
    ).toEqual(['POST']);
    // the token is listed by its prefix and when it was issued; it has not been called yet
    const row = (await screen.findByText('Never')).closest('tr') as HTMLElement;
    expect(within(row).getByText('AbCdEfGh…')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Revoke' })).toBeTruthy();
  });

  it('lists the live token and revokes it only after the confirmation', async () => {
    const api = tokenApi(editorSession, {
      active: true,
      prefix: 'Zz9_Yy8-',
      issued_at: '2026-12-05T08:00:00.000Z',
      last_call_at: '2026-12-06T09:30:00.000Z',
    });
    renderAt(<HeartbeatTokenPanel checkId={CHECK} />);
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByText('Zz9_Yy8-…')).toBeTruthy();
    expect(within(table).queryByText('Never')).toBeNull();
    await userEvent.click(within(table).getByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog', { name: HEARTBEAT_MESSAGES.revokeTitle });
    expect(within(dialog).getByText(HEARTBEAT_MESSAGES.revokeDescription)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const deletes = () =>
      api.calls.filter((c) => c.url.pathname === `/api/heartbeats/${CHECK}/token` && c.init?.method === 'DELETE');
    expect(deletes()).toHaveLength(0);

    await userEvent.click(within(table).getByRole('button', { name: 'Revoke' }));
    const again = await screen.findByRole('dialog', { name: HEARTBEAT_MESSAGES.revokeTitle });
    await userEvent.click(within(again).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText(HEARTBEAT_MESSAGES.none)).toBeTruthy();
    expect(deletes()).toHaveLength(1);
  });

  it('asks before a new token replaces the live one', async () => {
    const api = tokenApi(editorSession, { active: true, prefix: 'Zz9_Yy8-', issued_at: '2026-12-05T08:00:00.000Z' });
    renderAt(<HeartbeatTokenPanel checkId={CHECK} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Issue new token' }));
    const dialog = await screen.findByRole('dialog', { name: HEARTBEAT_MESSAGES.replaceTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Issue new token' }));
    expect(await screen.findByLabelText('Push URL')).toBeTruthy();
    expect(api.calls.filter((c) => c.init?.method === 'POST')).toHaveLength(1);
  });
});
