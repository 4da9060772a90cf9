import type { TopologyComponent, TopologyResponse } from '@mc/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminSession, shellApi, viewerSession } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';

const wait = { timeout: 10_000 };

const component = (over: Partial<TopologyComponent>): TopologyComponent => ({
  id: 'c2',
  topology_id: 't1',
  parent_id: 'c1',
  name: 'api',
  text: null,
  type: 'Service',
  icon: null,
  owner: null,
  labels: null,
  hidden: false,
  status: 'unhealthy',
  status_reason: 'check http is unhealthy',
  description: 'The public API',
  properties: [{ name: 'Docs', url: 'https://wiki.example.com/api', text: 'wiki' }],
  summary: { healthy: 1 },
  config_id: null,
  path: 'c1',
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
  ...over,
});

const answer: TopologyResponse = {
  components: [
    component({
      components: [component({ id: 'c3', parent_id: 'c2', name: 'pod-1', status: 'healthy', status_reason: null })],
    }),
  ],
  parents: [{ id: 'c1', name: 'shop', icon: null }],
  healthStatuses: ['unhealthy', 'warning', 'healthy', 'unknown'],
  teams: [],
  tags: {},
  types: ['Service'],
};

function server(session = adminSession) {
  return shellApi(session, [], {
    '/api/canary/api/topology': () => ({ body: answer }),
    '/api/db/checks_by_component': () => ({ body: [{ id: 'k1', name: 'http', type: 'http', status: 'unhealthy' }] }),
    // the component's SLOs (features/slos): none
    '/api/slos': () => ({ body: { items: [], total: 0 } }),
    '/api/db/changes_by_component': () => ({
      body: [{ id: 'ch1', change_type: 'status', summary: 'healthy → unhealthy', created_at: '2026-11-02T00:00:00Z' }],
    }),
  });
}

describe('/topology/{id}', { timeout: 60_000 }, () => {
  it('shows breadcrumbs, the status and reason, properties, children as cards and the checks tab', async () => {
    server();
    const { router } = renderApp('/topology/c2');
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumbs' }, wait);
    expect(within(crumbs).getByRole('link', { name: 'shop' }).getAttribute('href')).toBe('/topology/c1');
    expect(screen.getAllByText('check http is unhealthy').length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: 'wiki' })[0]?.getAttribute('href')).toBe('https://wiki.example.com/api');
    expect(screen.getByRole('article', { name: 'pod-1' })).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: 'http' }, wait));
    expect(router.state.location.search).toContain('checkId=k1');
    expect(screen.getByRole('button', { name: 'Run Now' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download Snapshot' }).getAttribute('href')).toBe(
      '/api/snapshot/topology/c2?start=1h&related=true',
    );
  });

  it('keeps the tab in the URL and lists changes', async () => {
    server();
    renderApp('/topology/c2?tab=changes');
    expect(await screen.findByText('healthy → unhealthy', {}, wait)).toBeTruthy();
  });

  it('offers a viewer no Run Now or Edit', async () => {
    server(viewerSession);
    renderApp('/topology/c2');
    await screen.findByRole('navigation', { name: 'Breadcrumbs' }, wait);
    expect(screen.queryByRole('button', { name: 'Run Now' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit Topology' })).toBeNull();
  });
});
