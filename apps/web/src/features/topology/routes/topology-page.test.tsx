import { TOPOLOGY_TEXTS, type TopologyComponent, type TopologyResponse } from '@mc/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminSession, shellApi, viewerSession } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';

const wait = { timeout: 10_000 };

const component = (over: Partial<TopologyComponent>): TopologyComponent => ({
  id: 'c1',
  topology_id: 't1',
  parent_id: null,
  name: 'shop',
  text: null,
  type: 'Application',
  icon: null,
  owner: 'payments',
  labels: { tier: 'front' },
  hidden: false,
  status: 'unhealthy',
  status_reason: 'api: check http is unhealthy',
  description: null,
  properties: [
    { name: 'Memory', value: 2048, unit: 'bytes' },
    { name: 'Latency', value: 1500, unit: 'ms' },
  ],
  summary: { healthy: 2, unhealthy: 1, incidents: 3, insights: 1 },
  config_id: null,
  path: null,
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
  ...over,
});

const answer = (components: TopologyComponent[]): TopologyResponse => ({
  components,
  parents: [],
  healthStatuses: ['unhealthy', 'warning', 'healthy', 'unknown'],
  teams: ['payments'],
  tags: { tier: ['front'] },
  types: ['Application'],
});

describe('/topology', { timeout: 60_000 }, () => {
  beforeEach(() => localStorage.clear());

  it('shows a card per top-level component with status, reason, properties with units, counts and badges', async () => {
    const { calls } = shellApi(adminSession, [], {
      '/api/canary/api/topology': () => ({
        body: answer([
          component({}),
          component({ id: 'c2', name: 'search', status: 'healthy', status_reason: null, summary: null }),
        ]),
      }),
    });
    renderApp('/topology?status=unhealthy');
    const card = await screen.findByRole('article', { name: 'shop' }, wait);
    expect(card.getAttribute('data-status')).toBe('unhealthy');
    expect(within(card).getByText('api: check http is unhealthy')).toBeTruthy();
    expect(within(card).getByText('2 KB')).toBeTruthy();
    expect(within(card).getByText('1 unhealthy')).toBeTruthy();
    expect(within(card).getByText('2 healthy')).toBeTruthy();
    expect(within(card).getByTitle('3 open incidents')).toBeTruthy();
    expect(within(card).getByText('Owner: payments')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'shop' }).getAttribute('href')).toBe('/topology/c1');
    const asked = calls.find((call) => call.url.pathname === '/api/canary/api/topology');
    expect(asked?.url.searchParams.get('status')).toBe('unhealthy');
    expect(screen.getByRole('link', { name: TOPOLOGY_TEXTS.addTopology })).toBeTruthy();
  });

  it('hides a component as a preference and brings it back', async () => {
    shellApi(adminSession, [], { '/api/canary/api/topology': () => ({ body: answer([component({})]) }) });
    const { router } = renderApp('/topology');
    const card = await screen.findByRole('article', { name: 'shop' }, wait);
    await userEvent.click(within(card).getByRole('button', { name: 'Hide shop' }));
    expect(JSON.parse(localStorage.getItem('topology_hidden_components') ?? '[]')).toEqual(['c1']);
    await router.navigate('/topology?showHiddenComponents=no');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'shop' })).toBeNull(), wait);
    await router.navigate('/topology');
    await userEvent.click(
      within(await screen.findByRole('article', { name: 'shop' }, wait)).getByRole('button', { name: 'Unhide shop' }),
    );
    expect(JSON.parse(localStorage.getItem('topology_hidden_components') ?? '[]')).toEqual([]);
  });

  it('explains how to add a topology when none exists, with the button only for writers', async () => {
    shellApi(adminSession, [], { '/api/canary/api/topology': () => ({ body: answer([]) }) });
    renderApp('/topology');
    expect(await screen.findByText(TOPOLOGY_TEXTS.emptyTitle, {}, wait)).toBeTruthy();
    const add = screen.getAllByRole('link', { name: TOPOLOGY_TEXTS.addTopology });
    expect(add.map((link) => link.getAttribute('href'))).toContain('/topology/add');
  });

  it('offers a viewer no Add Topology', async () => {
    shellApi(viewerSession, [], { '/api/canary/api/topology': () => ({ body: answer([component({})]) }) });
    renderApp('/topology');
    await screen.findByRole('article', { name: 'shop' }, wait);
    expect(screen.queryByRole('link', { name: TOPOLOGY_TEXTS.addTopology })).toBeNull();
  });
});
