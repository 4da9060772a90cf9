import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildConfigItem } from '../features/catalog/testing/build-catalog';
import { giveElementsAScreenSize } from '../features/catalog/testing/element-size';
import { buildCheck } from '../features/health/testing/build-check';
import { buildSendHistoryRow } from '../features/notifications/testing/build-send-history';
import { createQueryClient } from '../lib/query-client';
import { buildHealthSummary } from '../test/factories/health';
import { buildIncidentPage, buildIncidentSummary } from '../test/factories/incidents';
import { buildRuleSummary } from '../test/factories/notifications';
import { buildTopologyResponse } from '../test/factories/topology';
import { shellApi } from '../test/fake-api';
import { renderApp } from '../test/render';
import { prefetchShell } from './shell-prefetch';

vi.mock('../features/health/components/check-chart', () => ({ CheckChart: () => <div>chart</div> }));

beforeEach(giveElementsAScreenSize);

// the lazy area chunks are transformed on first use (seconds on a loaded machine)
const wait = { timeout: 15_000 };

describe('the page data asked for with who-am-I', { timeout: 30_000 }, () => {
  it('/catalog: the summary by type and the list the page asks for, once each, before the page has rendered', async () => {
    const { calls } = shellApi(undefined, [], {
      '/api/db/configs': { body: [buildConfigItem({ name: 'payments' })], headers: { 'Content-Range': '0-0/1' } },
      '/api/catalog/summary': { body: [{ type: 'Kubernetes::Pod', total: 3, health: { healthy: 3 } }] },
    });
    const client = createQueryClient();
    prefetchShell(client, '/catalog', '?pageSize=2000&sortBy=type&sortOrder=desc&health=healthy:1');
    const list = () => calls.filter((call) => call.url.pathname === '/api/db/configs');
    const summaries = () => calls.filter((call) => call.url.pathname === '/api/catalog/summary');
    await vi.waitFor(() => expect(list()).toHaveLength(1), wait);
    expect(summaries()).toHaveLength(1);
    expect(JSON.parse(String(summaries()[0]?.init?.body))).toMatchObject({ groupBy: ['type'], health: 'healthy' });
    expect(list()[0]?.url.searchParams.get('limit')).toBe('2000');
    expect(list()[0]?.url.searchParams.get('order')).toBe('type.desc.nullslast,id.asc');
    expect(list()[0]?.url.searchParams.get('health')).toBe('in.("healthy")');

    renderApp('/catalog?pageSize=2000&sortBy=type&sortOrder=desc&health=healthy:1', client);
    expect(await screen.findByRole('link', { name: /payments/ }, wait)).toBeTruthy();
    expect(await screen.findByRole('button', { name: /Kubernetes::Pod/ }, wait)).toBeTruthy();
    expect(list()).toHaveLength(1);
    expect(summaries()).toHaveLength(1);
  });

  it('/health: the summary the dashboard draws, once', async () => {
    const { calls } = shellApi(undefined, [], {
      '/api/canary/api/summary': { body: buildHealthSummary([buildCheck({ name: 'db', status: 'unhealthy' })]) },
    });
    const client = createQueryClient();
    prefetchShell(client, '/health');
    const summaries = () => calls.filter((call) => call.url.pathname === '/api/canary/api/summary');
    await vi.waitFor(() => expect(summaries()).toHaveLength(1), wait);

    renderApp('/health', client);
    expect(await screen.findByRole('link', { name: 'db' }, wait)).toBeTruthy();
    expect(summaries()).toHaveLength(1);
  });

  it('/incidents: the list with the filters, paging and sort of the address, once; not with a time range', async () => {
    const { calls } = shellApi(undefined, [], {
      '/api/incidents': {
        body: buildIncidentPage([
          buildIncidentSummary({
            id: '01a200f5-0ed6-b567-c6b7-d18fd7d11bff',
            incident_id: 'INC-1',
            commander: null,
            responders: [],
          }),
        ]),
      },
      '/api/db/people': { body: [] },
    });
    const lists = () => calls.filter((call) => call.url.pathname === '/api/incidents');
    prefetchShell(createQueryClient(), '/incidents', '?rangeType=relative&range=now-1h');
    const client = createQueryClient();
    prefetchShell(client, '/incidents', '?status=open&sortBy=severity&sortOrder=asc');
    await vi.waitFor(() => expect(lists()).toHaveLength(1), wait);
    expect(Object.fromEntries(lists()[0]?.url.searchParams ?? [])).toMatchObject({
      status: 'open',
      sortBy: 'severity',
      sortOrder: 'asc',
    });

    renderApp('/incidents?status=open&sortBy=severity&sortOrder=asc', client);
    expect(await screen.findByText('Checkout down', {}, wait)).toBeTruthy();
    expect(lists()).toHaveLength(1);
  });

  it('/topology: the cards with the filters and hidden-components choice of the address, once', async () => {
    const { calls } = shellApi(undefined, [], {
      '/api/canary/api/topology': {
        body: buildTopologyResponse(),
      },
    });
    const trees = () => calls.filter((call) => call.url.pathname === '/api/canary/api/topology');
    const client = createQueryClient();
    prefetchShell(client, '/topology', '?status=unhealthy&showHiddenComponents=no');
    await vi.waitFor(() => expect(trees()).toHaveLength(1), wait);
    expect(Object.fromEntries(trees()[0]?.url.searchParams ?? [])).toEqual({
      depth: '0',
      hidden: 'false',
      status: 'unhealthy',
    });

    renderApp('/topology?status=unhealthy&showHiddenComponents=no', client);
    // filtered and empty: the page has its answer
    expect(await screen.findByText(/No components match/i, {}, wait)).toBeTruthy();
    expect(trees()).toHaveLength(1);
  });

  it('/notifications: the rules and the page of send history the address names, once; not with a time range', async () => {
    const rule = '01900000-0000-7000-8000-000000000001';
    const { calls } = shellApi(undefined, [], {
      '/api/db/notification_send_history_summary': {
        body: [buildSendHistoryRow({ notification_id: rule })],
        headers: { 'content-range': '0-0/1' },
      },
      '/api/db/notifications_summary': { body: [buildRuleSummary({ id: rule })] },
      '/api/db/notification_send_history': { body: [], headers: { 'content-range': '*/0' } },
    });
    const histories = () => calls.filter((call) => call.url.pathname === '/api/db/notification_send_history_summary');
    const rules = () => calls.filter((call) => call.url.pathname === '/api/db/notifications_summary');
    prefetchShell(createQueryClient(), '/notifications', '?rangeType=relative&range=now-1h');
    const client = createQueryClient();
    prefetchShell(client, '/notifications', `?status=error&rule=${rule}`);
    await vi.waitFor(() => expect(histories()).toHaveLength(1), wait);
    expect(histories()[0]?.url.searchParams.get('status')).toBe('eq.error');
    expect(histories()[0]?.url.searchParams.get('notification_id')).toBe(`eq.${rule}`);

    renderApp(`/notifications?status=error&rule=${rule}`, client);
    expect(await screen.findByText('Webhook answered HTTP 500: boom', {}, wait)).toBeTruthy();
    expect(histories()).toHaveLength(1);
    // both clients asked for the rules (the one with a time range too); the page asked for none more
    expect(rules()).toHaveLength(2);
  });

  it('asks for no page data on other pages, nor anything on the sign-in page', async () => {
    const { calls } = shellApi();
    prefetchShell(createQueryClient(), '/logs');
    prefetchShell(createQueryClient(), '/login');
    await vi.waitFor(() => expect(calls.length).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.map((call) => call.url.pathname).sort()).toEqual(['/api/auth/whoami', '/api/db/properties']);
  });
});
