import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { openConsoleCommand } from '../../components/console-commands';
import { adminSession, shellApi, viewerSession } from '../../test/fake-api';
import { renderAt } from '../../test/render';
import { PaletteHost } from './palette-host';

const CHECK = { id: 'c1', name: 'api-latency', type: 'http' };
const INCIDENT = { id: 'i1', incident_id: 'INC-7', title: 'API errors', severity: 'high', status: 'open' };
const CONNECTION = { id: 'k1', name: 'api-db', namespace: 'default', type: 'postgres' };

function searchApi(session = adminSession) {
  // the fake server matches as the real one would: only names holding the searched text
  const holds = (value: string | null) => (value ?? '').toLowerCase().includes('api');
  return shellApi(session, [], {
    '/api/db/checks': (url) => ({ body: holds(url.searchParams.get('name')) ? [CHECK] : [] }),
    '/api/incidents': (url) => ({
      body: holds(url.searchParams.get('search')) ? { data: [INCIDENT], total: 1 } : { data: [], total: 0 },
    }),
    '/api/db/connections_list': (url) => ({ body: holds(url.searchParams.get('name')) ? [CONNECTION] : [] }),
  });
}

async function openPalette() {
  const user = userEvent.setup();
  await user.keyboard('{Control>}k{/Control}');
  const dialog = await screen.findByRole('dialog', { name: 'Command palette' });
  return { user, dialog };
}

describe('command palette', () => {
  it('opens with Ctrl-K and jumps to a page found by name', async () => {
    searchApi();
    const { router } = renderAt(<PaletteHost />, '/health');
    const { user, dialog } = await openPalette();
    expect(within(dialog).getByRole('searchbox')).toBe(document.activeElement);
    await user.keyboard('jobs');
    expect(await within(dialog).findByRole('menuitem', { name: /Jobs History/ })).toBeTruthy();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/jobs'));
    expect(screen.queryByRole('dialog', { name: 'Command palette' })).toBeNull();
  });

  it('finds checks, incidents and connections on the server, each limited, and opens the one chosen', async () => {
    const api = searchApi();
    const { router } = renderAt(<PaletteHost />, '/');
    const { user, dialog } = await openPalette();
    await user.paste('api');
    expect(await within(dialog).findByRole('menuitem', { name: /api-latency/ })).toBeTruthy();
    expect(within(dialog).getByRole('menuitem', { name: /INC-7 API errors/ })).toBeTruthy();
    expect(within(dialog).getByRole('menuitem', { name: /api-db/ })).toBeTruthy();
    const checks = api.calls.find((call) => call.url.pathname === '/api/db/checks');
    expect(checks?.url.searchParams.get('name')).toBe('ilike.*api*');
    expect(checks?.url.searchParams.get('limit')).toBe('8');
    const incidents = api.calls.find((call) => call.url.pathname === '/api/incidents');
    expect(incidents?.url.searchParams.get('search')).toBe('api');
    // one search for the settled text, none while the palette was empty
    expect(api.calls.filter((call) => call.url.pathname === '/api/db/checks')).toHaveLength(1);
    await user.click(within(dialog).getByRole('menuitem', { name: /api-latency/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?checkId=c1'));
    expect(router.state.location.pathname).toBe('/health');
  });

  it('offers a viewer only what a viewer may do: no Declare incident, no Settings, no connection search', async () => {
    const api = searchApi(viewerSession);
    renderAt(<PaletteHost />, '/');
    const { user, dialog } = await openPalette();
    expect(within(dialog).queryByRole('menuitem', { name: 'Declare incident' })).toBeNull();
    expect(within(dialog).queryByRole('menuitem', { name: /Connections/ })).toBeNull();
    expect(within(dialog).getByRole('menuitem', { name: 'Sign out' })).toBeTruthy();
    await user.keyboard('api');
    await within(dialog).findByRole('menuitem', { name: /api-latency/ });
    expect(api.calls.some((call) => call.url.pathname === '/api/db/connections_list')).toBe(false);
  });

  it('runs Declare incident through the incidents page and says when nothing matches', async () => {
    searchApi();
    const { router } = renderAt(<PaletteHost />, '/health');
    const { user, dialog } = await openPalette();
    await user.keyboard('declare');
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/incidents?declare=1'),
    );
    const again = await openPalette();
    await again.user.keyboard('zzzz-nothing');
    expect(
      await within(again.dialog).findByText('Nothing matches “zzzz-nothing”.', {}, { timeout: 3000 }),
    ).toBeTruthy();
    expect(dialog).toBeTruthy();
  });
});

describe('keyboard shortcuts', () => {
  it("open with '?' outside a text field and from the help menu's command, listing Ctrl K", async () => {
    searchApi();
    renderAt(<PaletteHost />, '/');
    const user = userEvent.setup();
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(dialog).getByText(/Open the command palette/)).toBeTruthy();
    expect(within(dialog).getAllByText('K').length).toBeGreaterThan(0);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull());
    act(() => openConsoleCommand('keyboard-shortcuts'));
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeTruthy();
  });
});
