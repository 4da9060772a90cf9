import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildProperty } from '../test/factories/system';
import { adminSession, shellApi, viewerSession } from '../test/fake-api';
import { renderApp } from '../test/render';

const heading = () => screen.findByRole('heading', { level: 1 });

describe('routing table', () => {
  it("redirects '' to /topology and /configs to /catalog", async () => {
    shellApi();
    const root = renderApp('/');
    expect((await heading()).textContent).toBe('Topology');
    expect(root.router.state.location.pathname).toBe('/topology');
    root.unmount();
    const configs = renderApp('/configs');
    expect((await heading()).textContent).toBe('Catalog');
    expect(configs.router.state.location.pathname).toBe('/catalog');
  });

  it.each([
    ['/incidents/abc', 'Incident'],
    ['/playbooks/runs/r1', 'Playbook Run'],
    ['/catalog/c1/relationships', 'Catalog'],
    ['/catalog/scrapers/s1', 'Catalog Scraper'],
    ['/settings/integrations/topology/t1', 'Integration'],
    ['/settings/canaries', 'Health Checks'],
  ])('resolves %s to its page with the honest empty state', async (path, title) => {
    shellApi(adminSession, [], {
      '/api/db/canaries': { body: [] },
      '/api/db/playbook_runs': { body: [] },
      '/api/db/playbook_run_actions': { body: [] },
    });
    renderApp(path);
    expect((await heading()).textContent).toContain(title);
    expect(document.title).toBe(`${title} | Mission Control`);
    expect(await screen.findByTestId('empty-state')).toBeTruthy();
  });

  it('shows the not-found page for unknown paths', async () => {
    shellApi();
    renderApp('/no/such/page');
    expect(await screen.findByTestId('not-found')).toBeTruthy();
  });

  it("shows 'Unauthorized – You do not have permission to access this page' without the route's permission", async () => {
    shellApi(viewerSession);
    renderApp('/settings/connections');
    expect(await screen.findByText('Unauthorized – You do not have permission to access this page')).toBeTruthy();
  });

  it('needs write for the add-silence and integration detail routes', async () => {
    shellApi(viewerSession);
    const silence = renderApp('/notifications/silences/add');
    expect(await screen.findByTestId('unauthorized')).toBeTruthy();
    silence.unmount();
    shellApi(viewerSession);
    renderApp('/notifications/silences');
    expect((await heading()).textContent).toBe('Notification Silences');
  });

  it('renders /view/* without the sidebar', async () => {
    shellApi();
    renderApp('/view/health');
    expect((await heading()).textContent).toBe('Health');
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });

  it('waits for the feature flags, and a disabled feature hides its route', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    shellApi(adminSession, [], {
      '/api/db/properties': async () => {
        await gate;
        return { body: [buildProperty({ value: 'true' })] };
      },
    });
    renderApp('/health');
    expect(await screen.findByTestId('page-skeleton')).toBeTruthy();
    release();
    expect(await screen.findByTestId('not-found')).toBeTruthy();
  });

  it('does not wait for the feature flags on /view/topology', async () => {
    shellApi(adminSession, [], { '/api/db/properties': () => new Promise(() => {}) });
    renderApp('/view/topology/t1');
    expect((await heading()).textContent).toBe('Topology');
  });

  it('a disabled parent hides the child routes (config → catalog scrapers)', async () => {
    shellApi(adminSession, [{ name: 'config.disable', value: 'true' }]);
    renderApp('/catalog/scrapers');
    expect(await screen.findByTestId('not-found')).toBeTruthy();
  });

  it('shows the error view when who-am-I fails for another reason than 401, 404 or 5xx', async () => {
    // 404 and 5xx show the provisioning screen (000 §8): app/session-boundary.test.tsx
    shellApi(adminSession, [], { '/api/auth/whoami': { status: 403, body: { message: 'account locked' } } });
    renderApp('/health');
    expect((await screen.findByRole('alert')).textContent).toContain('account locked');
  });
});
