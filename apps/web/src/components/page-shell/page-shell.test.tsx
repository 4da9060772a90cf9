import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import rootPackage from '../../../../../package.json';
import { browser } from '../../lib/browser';
import { chooseOption, selectButton } from '../../test/choose-option';
import { shellApi } from '../../test/fake-api';
import { renderAt } from '../../test/render';
import { PageShell } from './page-shell';

/** The product's one version: the root package.json's, which the build injects and the server reports. */
const PRODUCT_VERSION = rootPackage.version;

function renderShell(path = '/health?checkId=1', props: Partial<Parameters<typeof PageShell>[0]> = {}) {
  return renderAt(
    <PageShell title="Health" {...props}>
      content
    </PageShell>,
    path,
  );
}

/** Opens the user menu; its React Aria parts load on first use, so the menu is awaited. */
async function openUserMenu() {
  await userEvent.click(screen.getByRole('button', { name: 'User menu' }));
  return screen.findByRole('menu', { name: 'User menu' });
}

describe('page shell header', () => {
  it('titles the page "<title> | Mission Control" and links the bell to /notifications', () => {
    shellApi();
    renderShell();
    expect(document.title).toBe('Health | Mission Control');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Health');
    expect(screen.getByRole('link', { name: 'Notifications' }).getAttribute('href')).toBe('/notifications');
  });

  it('has a refresh button that spins while loading', async () => {
    shellApi();
    const onRefresh = vi.fn();
    renderShell('/', { onRefresh, loading: true, extra: <button type="button">Add</button> });
    const refresh = screen.getByRole('button', { name: 'Refresh' });
    expect(refresh.querySelector('.animate-spin')).not.toBeNull();
    await userEvent.click(refresh);
    expect(onRefresh).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Add' })).toBeTruthy();
  });

  it('has a help menu with a Docs link', async () => {
    shellApi();
    renderShell();
    await userEvent.click(screen.getByRole('button', { name: 'Help' }));
    expect((await screen.findByRole('menuitem', { name: 'Docs' })).getAttribute('target')).toBe('_blank');
  });

  it('opens a menu from the keyboard on its first item and gives focus back to its button', async () => {
    shellApi();
    renderShell();
    screen.getByRole('button', { name: 'Help' }).focus();
    await userEvent.keyboard('{Enter}');
    const docs = await screen.findByRole('menuitem', { name: 'Docs' });
    await vi.waitFor(() => expect(document.activeElement).toBe(docs));
    await userEvent.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Help' })));
  });
});

describe('user menu', () => {
  it("greets 'Hi {name}' and shows Your Profile and the version line", async () => {
    shellApi();
    renderShell();
    await screen.findByRole('img', { name: 'Ada Lovelace' });
    const menu = await openUserMenu();
    expect(within(menu).getByText('Hi Ada Lovelace')).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Your Profile' }).getAttribute('href')).toBe('/profile-settings');
    expect((await within(menu).findByTestId('version-line')).textContent).toBe(
      `Version: ${PRODUCT_VERSION} (frontend) / 9.9.9 (backend)`,
    );
  });

  it("shows the backend version as 'NA' when unknown", async () => {
    shellApi(undefined, [], { '/api/about': { status: 404, body: {} } });
    renderShell();
    await openUserMenu();
    expect(screen.getByTestId('version-line').textContent).toBe(
      `Version: ${PRODUCT_VERSION} (frontend) / NA (backend)`,
    );
  });

  it('signs out through the logout flow, coming back to the same path and query', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    window.history.pushState({}, '', '/health?checkId=1');
    const { calls } = shellApi(undefined, [], {
      '/api/.ory/self-service/logout/browser': (url) => ({
        body: {
          logout_url: `/api/.ory/self-service/logout?token=t&return_to=${encodeURIComponent(url.searchParams.get('return_to') ?? '')}`,
        },
      }),
    });
    renderShell();
    await openUserMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalled());
    const logout = calls.find((call) => call.url.pathname.endsWith('/logout/browser'));
    expect(logout?.url.searchParams.get('return_to')).toBe('/login?return_to=%2Fhealth%3FcheckId%3D1');
    expect(assign.mock.calls[0]?.[0]).toContain('/api/.ory/self-service/logout?token=t');
    window.history.pushState({}, '', '/');
  });

  it('opens the kubeconfig modal: download, copyable command, Learn more, Close', async () => {
    const open = vi.spyOn(browser, 'open').mockImplementation(() => {});
    shellApi();
    renderShell();
    await openUserMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Download kubeconfig' }));
    const dialog = screen.getByRole('dialog', { name: 'Download and install kubeconfig' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Download kubeconfig' }));
    expect(open).toHaveBeenCalledWith('/api/kubeconfig');
    expect(within(dialog).getByText(/kubectl --kubeconfig .* get canaries/)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: /Learn more/ })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('preferences menu', () => {
  it('holds the toggles, the card-width slider, the formats and the timezones', async () => {
    shellApi();
    const { router } = renderShell('/topology');
    await userEvent.click(screen.getByRole('button', { name: 'Preferences' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Show hidden components' }));
    expect(router.state.location.search).toBe('?showHiddenComponents=no');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Show deleted configs' }));
    expect(localStorage.getItem('show_deleted_items_preference')).toBe('yes');
    const slider = screen.getByRole('slider', { name: 'Card Width' });
    expect([slider.getAttribute('min'), slider.getAttribute('max'), slider.getAttribute('step')]).toEqual([
      '250',
      '768',
      '2',
    ]);
    expect((slider as HTMLInputElement).value).toBe('554');
    expect(selectButton('Date/Time Format').textContent).toBe('timestamp (2025-01-01 10:30:01.999)');
    await chooseOption(userEvent.setup(), 'Date/Time Format', 'short (1h)');
    expect(localStorage.getItem('datetime_preference')).toBe('short');
    await userEvent.click(screen.getByRole('button', { name: /Show Timezone options/ }));
    const zones = await screen.findAllByRole('option');
    expect(zones[0]?.textContent).toMatch(/^Browser \(UTC[+-]\d\d:\d\d\)$/);
    const zone = screen.getByRole('combobox', { name: 'Timezone' });
    await userEvent.clear(zone);
    await userEvent.type(zone, 'Tokyo');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['(UTC+09:00) Asia/Tokyo']);
  }, 30_000);
});
