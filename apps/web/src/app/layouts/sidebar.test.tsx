import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminSession, shellApi, viewerSession } from '../../test/fake-api';
import { renderApp } from '../../test/render';

const nav = () => screen.getByRole('navigation', { name: 'Main' });
const findNav = () => screen.findByRole('navigation', { name: 'Main' });
const NOT_BUILT = 'not built yet';
/** Entry texts without the not-built mark (a test of its own checks the mark). */
const links = () =>
  within(nav())
    .getAllByRole('link')
    .map((link) => link.textContent?.replace(NOT_BUILT, ''));

describe('sidebar', () => {
  it('shows a skeleton until the user loads, then the entries sorted by name', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    shellApi(adminSession, [], {
      '/api/auth/whoami': async () => {
        await gate;
        return { body: adminSession };
      },
    });
    renderApp('/health');
    expect(await screen.findByTestId('sidebar-skeleton')).toBeTruthy();
    release();
    await within(await findNav()).findByRole('link', { name: /Health/ });
    expect(links()[0]).toBe('Mission Control');
    expect(links().slice(1)).toEqual(['Catalog', 'Dashboard', 'Health', 'Incidents', 'Logs', 'Playbooks']);
  });

  it('marks no entry as not built: every area of the sidebar is built', async () => {
    shellApi();
    renderApp('/health');
    await within(await findNav()).findByRole('link', { name: /Health/ });
    const marked = within(nav())
      .getAllByRole('link')
      .filter((link) => link.textContent?.endsWith(NOT_BUILT))
      .map((link) => link.textContent?.slice(0, -NOT_BUILT.length));
    expect(marked).toEqual([]);
    expect(within(nav()).getByRole('link', { name: /Health/ }).textContent).not.toContain(NOT_BUILT);
    await userEvent.click(within(nav()).getByRole('button', { name: /Settings/ }));
    expect(within(nav()).getByRole('link', { name: /Integrations/ }).textContent).not.toContain(NOT_BUILT);
    expect(within(nav()).getByRole('link', { name: /Connections/ }).textContent).not.toContain(NOT_BUILT);
  });

  it('highlights the active item', async () => {
    shellApi();
    renderApp('/incidents/i1');
    const incidents = await within(await findNav()).findByRole('link', { name: /Incidents/ });
    expect(incidents.className).toContain('bg-primary-soft');
    expect(within(nav()).getByRole('link', { name: /Health/ }).className).not.toContain('bg-primary-soft');
  });

  it('gives every entry an icon, expanded and collapsed, so none shows a blank square', async () => {
    shellApi();
    renderApp('/health');
    await within(await findNav()).findByRole('link', { name: /Health/ });
    await userEvent.click(within(nav()).getByRole('button', { name: /Settings/ }));
    const entries = () => [
      ...within(nav()).getAllByRole('link').slice(1),
      within(nav()).getByRole('button', { name: /Settings/ }),
    ];
    expect(entries().length).toBeGreaterThan(15);
    for (const entry of entries()) expect(entry.querySelector('svg'), entry.textContent ?? '').not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    for (const entry of within(nav()).getAllByRole('link').slice(1)) {
      expect(entry.querySelector('svg'), entry.textContent ?? '').not.toBeNull();
    }
  });

  it('sorts the Settings group by name and hides items by feature flag', async () => {
    shellApi(adminSession, [
      { name: 'agents.disable', value: 'true' },
      { name: 'health.disable', value: 'true' },
    ]);
    renderApp('/topology');
    await userEvent.click(await within(await findNav()).findByRole('button', { name: /Settings/ }));
    const names = links();
    expect(names).not.toContain('Agents');
    expect(names).not.toContain('Health');
    expect(names).not.toContain('Health Checks');
    expect(names).not.toContain('Jobs History');
    const settings = names.slice(names.indexOf('Playbooks') + 1);
    expect(settings).toEqual([...settings].sort((a, b) => (a ?? '').localeCompare(b ?? '')));
    expect(settings).toContain('Connections');
  });

  it('gives viewers no Settings group and hides entries without read permission', async () => {
    shellApi({ ...viewerSession, permissions: viewerSession.permissions.filter((p) => p.resource !== 'playbooks') });
    renderApp('/topology');
    await within(await findNav()).findByRole('link', { name: /Health/ });
    expect(within(nav()).queryByRole('button', { name: /Settings/ })).toBeNull();
    expect(within(nav()).queryByRole('link', { name: /Playbooks/ })).toBeNull();
  });

  it('collapses to 14 units, persists it under sidebarCollapsed, and shows Settings as a flyout', async () => {
    shellApi();
    renderApp('/topology');
    await within(await findNav()).findByRole('link', { name: /Health/ });
    expect(nav().className).toContain('w-56');
    await userEvent.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(nav().className).toContain('w-14');
    expect(localStorage.getItem('sidebarCollapsed')).toBe('true');
    await userEvent.click(within(nav()).getByRole('button', { name: 'Settings' }));
    expect(within(screen.getByTestId('settings-flyout')).getByRole('link', { name: /Connections/ })).toBeTruthy();
  });

  it('auto-collapses on an outside click below 1024 px only', async () => {
    shellApi();
    renderApp('/topology');
    await within(await findNav()).findByRole('link', { name: /Health/ });
    window.innerWidth = 1280;
    fireEvent.mouseDown(document.body);
    expect(nav().dataset.collapsed).toBe('false');
    window.innerWidth = 900;
    fireEvent.mouseDown(within(nav()).getByRole('link', { name: /Health/ }));
    expect(nav().dataset.collapsed).toBe('false');
    fireEvent.mouseDown(document.body);
    expect(nav().dataset.collapsed).toBe('true');
    window.innerWidth = 1024;
  });
});
