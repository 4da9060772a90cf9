import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signedInUser } from '../../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let admin: string;
let viewer: string;

beforeAll(async () => {
  t = await createTestApp({ env: { MC_AGENT_LOG_QUERY_TIMEOUT_MS: '1500' } });
  admin = (await signedInUser(t, { roles: ['admin'] })).token;
  viewer = (await signedInUser(t, { roles: ['viewer'] })).token;
});
afterAll(async () => {
  await t.close();
});

const json = async (response: Response) => (await response.json()) as Record<string, unknown>;
const rows = async <R = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await t.database.pool.query(text, values)).rows as R[];

/** Registers an agent; answers its id and token. */
async function agent(name: string) {
  const generated = await json(await apiCall(t.app, 'POST', '/api/agent/generate', admin, { name }));
  return { id: String(generated.id), token: String(generated.access_token) };
}

/** A scraper created through the API, then assigned to the agent. */
async function scraperOf(agentId: string, name: string): Promise<string> {
  const created = await apiCall(t.app, 'POST', '/api/catalog/scrapers', admin, {
    apiVersion: 'configs.flanksource.com/v1',
    kind: 'ScrapeConfig',
    metadata: { name },
    spec: { file: [{ type: 'Test::Thing', id: '$.id', name: '$.name', paths: ['/nowhere/*.json'] }] },
  });
  expect(created.status).toBe(201);
  const id = String((await json(created)).id);
  await t.database.pool.query('UPDATE config_scrapers SET agent_id = $1 WHERE id = $2', [agentId, id]);
  return id;
}

const scrape = (scraperId: string, version: number, key = randomUUID()) => ({
  key,
  scraper_id: scraperId,
  time: new Date().toISOString(),
  duration_ms: 40,
  items: [
    { key: 'thing-1', type: 'Test::Thing', name: 'one', configClass: 'Thing', config: { id: 'thing-1', version } },
  ],
  relationships: [],
  insights: [],
  errors: [],
  rule_errors: [],
});

describe('scrapers run by agents', () => {
  it('refuses callers without a live agent token', async () => {
    for (const [method, path] of [
      ['GET', '/api/upstream/scrapers'],
      ['POST', '/api/upstream/scrapes'],
      ['GET', '/api/upstream/log-queries'],
      ['POST', `/api/upstream/log-queries/${randomUUID()}/answer`],
    ] as const) {
      expect((await apiCall(t.app, method, path, null, method === 'POST' ? {} : undefined)).status, path).toBe(401);
      expect((await apiCall(t.app, method, path, admin, method === 'POST' ? {} : undefined)).status, path).toBe(401);
    }
  });

  it('hands an agent its scrapers only', async () => {
    const mine = await agent('scrape-pull');
    const other = await agent('scrape-other');
    const id = await scraperOf(mine.id, 'pulled-files');
    await scraperOf(other.id, 'others-files');
    const pulled = (await (await apiCall(t.app, 'GET', '/api/upstream/scrapers', mine.token)).json()) as Array<
      Record<string, unknown>
    >;
    expect(pulled).toEqual([expect.objectContaining({ id, name: 'pulled-files', namespace: 'default' })]);
  });

  it('saves a pushed scrape once per key, with the agent id on the items, changes and the run in history', async () => {
    const edge = await agent('scrape-push');
    const scraperId = await scraperOf(edge.id, 'pushed-files');
    const first = scrape(scraperId, 1);
    const saved = await json(await apiCall(t.app, 'POST', '/api/upstream/scrapes', edge.token, first));
    expect(saved).toMatchObject({ status: 'saved', counts: { created: 1 } });
    const again = await json(await apiCall(t.app, 'POST', '/api/upstream/scrapes', edge.token, first));
    expect(again).toEqual({ status: 'duplicate', counts: null });
    const items = await rows('SELECT id, agent_id, config FROM config_items WHERE scraper_id = $1', [scraperId]);
    expect(items).toEqual([expect.objectContaining({ agent_id: edge.id, config: { id: 'thing-1', version: 1 } })]);

    const second = await json(await apiCall(t.app, 'POST', '/api/upstream/scrapes', edge.token, scrape(scraperId, 2)));
    expect(second).toMatchObject({ status: 'saved', counts: { updated: 1, changes: 1 } });
    const changes = await rows('SELECT change_type FROM config_changes WHERE config_id = $1', [items[0]?.id]);
    expect(changes.map((change) => change.change_type)).toContain('diff');
    const history = await rows(
      `SELECT status, hostname, success_count FROM job_history
        WHERE resource_type = 'config_scraper' AND resource_id = $1 ORDER BY created_at`,
      [scraperId],
    );
    expect(history.filter((run) => run.hostname === 'agent:scrape-push')).toHaveLength(2);
    const listed = (await (await apiCall(t.app, 'GET', '/api/db/integrations_with_status', admin)).json()) as Array<
      Record<string, unknown>
    >;
    expect(listed.find((row) => row.id === scraperId)).toMatchObject({ agent_id: edge.id, job_status: 'SUCCESS' });
  });

  it('refuses a scrape of a scraper that is not the agent’s, and bad bodies with the field named', async () => {
    const owner = await agent('scrape-owner');
    const thief = await agent('scrape-thief');
    const scraperId = await scraperOf(owner.id, 'owned-files');
    const stolen = await apiCall(t.app, 'POST', '/api/upstream/scrapes', thief.token, scrape(scraperId, 1));
    expect(stolen.status).toBe(409);
    expect((await json(stolen)).message).toBe(`Scraper ${scraperId} is not assigned to this agent`);
    const cases: Array<[unknown, RegExp]> = [
      [{}, /^key: /],
      [{ ...scrape(scraperId, 1), scraper_id: 'x' }, /scraper_id must be a UUID/],
      [{ ...scrape(scraperId, 1), items: [{ key: 'k' }] }, /^items\.0\.type: /],
      [{ ...scrape(scraperId, 1), time: 'yesterday' }, /time must be an ISO 8601 date-time/],
    ];
    for (const [body, message] of cases) {
      const response = await apiCall(t.app, 'POST', '/api/upstream/scrapes', owner.token, body);
      expect(response.status).toBe(400);
      expect(String((await json(response)).message)).toMatch(message);
    }
    expect((await apiCall(t.app, 'POST', '/api/upstream/scrapes', owner.token, '{')).status).toBe(400);
  });
});

describe('log searches relayed to agents', () => {
  /** A file backend assigned to the agent. */
  async function backendOf(agentId: string, name: string): Promise<void> {
    await t.database.pool.query(
      `INSERT INTO logging_backends (name, spec, agent_id) VALUES ($1, '{"file":[{"paths":["/var/log/app/*.log"]}]}', $2)`,
      [name, agentId],
    );
  }
  const search = (name: string, token = viewer) =>
    apiCall(t.app, 'POST', '/api/logs', token, { name, query: { text: 'timeout', labels: { app: 'shop' } } });
  /** Claims the agent's queued searches, waiting until one arrives. */
  async function claim(token: string): Promise<Array<Record<string, unknown>>> {
    for (let attempt = 0; attempt < 50; attempt++) {
      const claimed = (await (await apiCall(t.app, 'GET', '/api/upstream/log-queries', token)).json()) as Array<
        Record<string, unknown>
      >;
      if (claimed.length > 0) return claimed;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('no log query arrived');
  }

  it('answers 504 at once when the agent is offline, naming it', async () => {
    const edge = await agent('logs-offline');
    await backendOf(edge.id, 'edge-files-offline');
    const never = await search('edge-files-offline');
    expect(never.status).toBe(504);
    expect((await json(never)).message).toBe(
      "Log backend 'edge-files-offline' runs on agent 'logs-offline', which is offline (never connected); its logs can be searched once it reconnects",
    );
    await t.database.pool.query("UPDATE agents SET last_seen = now() - interval '5 minutes' WHERE id = $1", [edge.id]);
    expect(String((await json(await search('edge-files-offline'))).message)).toMatch(/which is offline \(last seen /);
  });

  it('relays the search to the agent and answers with its lines', async () => {
    const edge = await agent('logs-online');
    await backendOf(edge.id, 'edge-files');
    await apiCall(t.app, 'GET', '/api/upstream/canaries', edge.token); // its heartbeat
    const pending = search('edge-files');
    const [query] = await claim(edge.token);
    expect(query).toMatchObject({
      backend: { name: 'edge-files', spec: { file: [{ paths: ['/var/log/app/*.log'] }] } },
      search: { text: 'timeout', labels: { app: 'shop' }, limit: 200, cursors: null },
    });
    const line = { timestamp: new Date().toISOString(), level: 'error', message: 'gateway timeout', labels: {} };
    const answered = await apiCall(t.app, 'POST', `/api/upstream/log-queries/${query?.id}/answer`, edge.token, {
      pages: [{ lines: [line], total: 1, next: null }],
    });
    expect(answered.status).toBe(200);
    const response = await pending;
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({
      backend: { name: 'edge-files', kinds: ['file'] },
      lines: [line],
      total: 1,
    });
    expect(await rows('SELECT id FROM agent_log_queries WHERE id = $1', [query?.id])).toEqual([]);
    // answered once: a second answer finds nobody waiting
    const late = await apiCall(t.app, 'POST', `/api/upstream/log-queries/${query?.id}/answer`, edge.token, {
      pages: [null],
    });
    expect(late.status).toBe(404);
  });

  it('passes the backend’s refusal on as a 400 with its message', async () => {
    const edge = await agent('logs-refusal');
    await backendOf(edge.id, 'edge-files-refusal');
    await apiCall(t.app, 'GET', '/api/upstream/canaries', edge.token);
    const pending = search('edge-files-refusal');
    const [query] = await claim(edge.token);
    await apiCall(t.app, 'POST', `/api/upstream/log-queries/${query?.id}/answer`, edge.token, {
      error: { kind: 'query', message: 'no readable file matches /var/log/app/*.log' },
    });
    const response = await pending;
    expect(response.status).toBe(400);
    expect((await json(response)).message).toBe('no readable file matches /var/log/app/*.log');
  });

  it('answers 504 when the agent does not answer in time, and refuses answers of others and bad ones', async () => {
    const edge = await agent('logs-silent');
    const other = await agent('logs-other');
    await backendOf(edge.id, 'edge-files-silent');
    await apiCall(t.app, 'GET', '/api/upstream/canaries', edge.token);
    const pending = search('edge-files-silent');
    const [query] = await claim(edge.token);
    const foreign = await apiCall(t.app, 'POST', `/api/upstream/log-queries/${query?.id}/answer`, other.token, {
      pages: [null],
    });
    expect(foreign.status).toBe(404);
    const bad = await apiCall(t.app, 'POST', `/api/upstream/log-queries/${query?.id}/answer`, edge.token, {
      pages: 'many',
    });
    expect(bad.status).toBe(400);
    expect(
      (await apiCall(t.app, 'POST', '/api/upstream/log-queries/q1/answer', edge.token, { pages: [] })).status,
    ).toBe(404);
    const response = await pending;
    expect(response.status).toBe(504);
    expect((await json(response)).message).toBe(
      "Agent 'logs-silent' did not answer the search of log backend 'edge-files-silent' within 2 s",
    );
  });

  it('needs read on log backends, as every search does', async () => {
    const edge = await agent('logs-guarded');
    await backendOf(edge.id, 'edge-files-guarded');
    expect((await search('edge-files-guarded', '')).status).toBe(401);
  });
});
