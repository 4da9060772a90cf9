import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRELOADED_ROUTES } from '../../scripts/route-preload';
import { buildConfigItem } from '../features/catalog/testing/build-catalog';
import { buildCheck } from '../features/health/testing/build-check';
import { buildSendHistoryRow } from '../features/notifications/testing/build-send-history';
import { configureApiTarget, requestEarly } from '../lib/api/client';
import { propertiesQuery, sessionQuery } from '../lib/api/shell-queries';
import { createQueryClient } from '../lib/query-client';
import { buildHealthSummary } from '../test/factories/health';
import { buildRuleSummary } from '../test/factories/notifications';
import { shellApi } from '../test/fake-api';
import { earlyPageRequests } from './early-page-requests';
import { prefetchShell } from './shell-prefetch';

// unanswered early calls must not answer another test's calls (the web project shares one module state)
afterEach(() => configureApiTarget({}));

const wait = { timeout: 15_000 };

/** The pages' data, as a server would answer it. */
function pageApi() {
  return shellApi(undefined, [], {
    '/api/db/configs': { body: [buildConfigItem({ name: 'payments' })], headers: { 'Content-Range': '0-0/1' } },
    '/api/catalog/summary': { body: [{ type: 'Kubernetes::Pod', total: 3, health: { healthy: 3 } }] },
    '/api/canary/api/summary': { body: buildHealthSummary([buildCheck({ name: 'db' })]) },
    '/api/db/notifications_summary': { body: [buildRuleSummary()] },
    '/api/db/notification_send_history_summary': {
      body: [buildSendHistoryRow()],
      headers: { 'Content-Range': '0-0/1' },
    },
    '/api/db/playbooks': { body: [] },
    '/api/incidents': { body: { incidents: [], total: 0 } },
  });
}

describe('the calls the boot script asks for (src/boot.ts)', { timeout: 30_000 }, () => {
  it.each([
    ['/notifications', '', ['/api/db/notifications_summary', '/api/db/notification_send_history_summary']],
    [
      '/catalog',
      '?pageSize=2000&sortBy=type&sortOrder=desc&health=healthy:1',
      ['/api/catalog/summary', '/api/db/configs'],
    ],
    ['/health', '?rangeType=relative&range=now-24h', ['/api/canary/api/summary']],
    ['/playbooks', '', ['/api/db/playbooks']],
    ['/incidents', '?status=open&sortBy=title&sortOrder=asc', ['/api/incidents']],
  ])('%s%s: the console takes each early answer instead of asking again', async (path, search, data) => {
    const { calls } = pageApi();
    const early = earlyPageRequests(path, search);
    expect(early.map((request) => request.path)).toEqual(['/api/auth/whoami', '/api/db/properties', ...data]);
    for (const request of early) requestEarly(request);
    expect(calls).toHaveLength(early.length);

    const client = createQueryClient();
    prefetchShell(client, path, search);
    await vi.waitFor(() => {
      expect(client.getQueryData(sessionQuery.queryKey)).toBeDefined();
      expect(client.getQueryData(propertiesQuery.queryKey)).toBeDefined();
      expect(client.isFetching()).toBe(0);
      // every query the page's prefetch made has its data: the early answers were read, not re-asked
      expect(client.getQueryCache().findAll().length).toBe(early.length);
      for (const query of client.getQueryCache().findAll()) expect(query.state.status).toBe('success');
    }, wait);
    expect(calls.map((call) => call.url.pathname)).toEqual(early.map((request) => request.path));
  });

  it('asks for who-am-I and the flags on every page whose chunks the HTML preloads', () => {
    for (const route of Object.keys(PRELOADED_ROUTES)) {
      expect(
        earlyPageRequests(route, '')
          .slice(0, 2)
          .map((request) => request.path),
      ).toEqual(['/api/auth/whoami', '/api/db/properties']);
    }
  });

  it('asks for nothing on pages without a session or not in the sidebar', () => {
    expect(earlyPageRequests('/login', '')).toEqual([]);
    expect(earlyPageRequests('/recovery', '?flow=1')).toEqual([]);
    expect(earlyPageRequests('/playbooks/runs', '')).toEqual([]);
    expect(earlyPageRequests('/topology/', '').map((request) => request.path)).toEqual([
      '/api/auth/whoami',
      '/api/db/properties',
    ]);
  });

  it('leaves the incident list of a time range to the page: its bounds move with the clock', () => {
    expect(earlyPageRequests('/incidents', '?rangeType=relative&range=now-24h').map((r) => r.path)).toEqual([
      '/api/auth/whoami',
      '/api/db/properties',
    ]);
  });

  it('leaves a quick range to the page: its bounds move with the clock', () => {
    expect(earlyPageRequests('/health', '?rangeType=mapped&display=Today so far').map((r) => r.path)).toEqual([
      '/api/auth/whoami',
      '/api/db/properties',
    ]);
  });

  it('asks for the health summary as columns for the grouped default, as rows for a flat list', () => {
    const body = (search: string) => earlyPageRequests('/health', search).at(-1)?.options?.body;
    expect(body('')).toEqual({ start: '1h', format: 'columns' });
    expect(body('?groupBy=namespace')).toEqual({ start: '1h', format: 'columns' });
    expect(body('?groupBy=none&hidePassing=false')).toEqual({ start: '1h' });
  });

  it('asks for the history page of a time range only once the page resolves it', () => {
    expect(earlyPageRequests('/notifications', '?rangeType=relative&range=now-1h').map((r) => r.path)).toEqual([
      '/api/auth/whoami',
      '/api/db/properties',
      '/api/db/notifications_summary',
    ]);
  });
});

describe('early answers (lib/api/client.ts)', () => {
  it('are taken once: the next identical call asks the server again', async () => {
    const { calls } = shellApi();
    requestEarly({ path: '/api/db/properties', options: { query: { select: 'name,value' } } });
    const client = createQueryClient();
    await client.fetchQuery(propertiesQuery);
    expect(calls).toHaveLength(1);
    await client.fetchQuery({ ...propertiesQuery, staleTime: 0 });
    expect(calls).toHaveLength(2);
  });

  it('answer only the same call: another query, count or body asks the server itself', async () => {
    const { calls } = shellApi();
    requestEarly({ path: '/api/db/properties', options: { query: { select: 'name' } } });
    await createQueryClient().fetchQuery(propertiesQuery);
    expect(calls.map((call) => call.url.search)).toEqual(['?select=name', '?select=name%2Cvalue']);
  });

  it('are not kept past ten seconds: a later call gets fresh data', async () => {
    const { calls } = shellApi();
    let now = 1_000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    try {
      requestEarly({ path: '/api/auth/whoami' });
      now += 10_001;
      await createQueryClient().fetchQuery(sessionQuery);
    } finally {
      vi.mocked(performance.now).mockRestore();
    }
    expect(calls).toHaveLength(2);
  });

  it('are not asked for a hosted organisation, whose calls need its token', () => {
    const { calls } = shellApi();
    configureApiTarget({ baseUrl: '/api/organizations/o1/proxy/api', getToken: async () => 'token' });
    requestEarly({ path: '/api/auth/whoami' });
    expect(calls).toHaveLength(0);
  });

  it('that failed leave the call to the console, which asks again', async () => {
    const { calls } = shellApi();
    const real = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    requestEarly({ path: '/api/auth/whoami' });
    vi.stubGlobal('fetch', real);
    const session = await createQueryClient().fetchQuery(sessionQuery);
    expect(session).toBeDefined();
    expect(calls).toHaveLength(1);
  });
});
