import type { AddressInfo } from 'node:net';
import { createServer, type Server, type Socket } from 'node:net';
import { connectPostgres } from '@mc/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSystemRoutes } from '../modules/system/index.js';
import { apiCall, signedInUser } from '../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { createApp } from './app.js';
import { loadConfig } from './config.js';
import { createLogger } from './logger.js';

/**
 * Issue 11 item 3, as found: on PGlite one failing query (`GET /api/db/people?id=eq.notauuid`) made
 * the pool replace its connection, the new connection met the old one's prepared statements in
 * PGlite's single session, and every later signed-in request answered 500 `prepared statement
 * "mc_session_principal" already exists` while /health said ok.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let viewer: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, { roles: ['admin'] });
  viewer = await signedInUser(t, { roles: ['viewer'] });
});

afterAll(async () => {
  await t.close();
});

/** A small seeded generator, so the order of the burst is the same on every run. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

interface Probe {
  name: string;
  fails: boolean;
  send(): Response | Promise<Response>;
}

const incident = (title: string, type = 'availability') => ({
  title,
  type,
  severity: 'Low',
  status: 'open',
  created_by: admin.id,
});

const probes = (): Probe[] => [
  {
    name: 'bad uuid filter',
    fails: true,
    send: () => apiCall(t.app, 'GET', '/api/db/people?id=eq.notauuid', admin.token),
  },
  { name: 'unknown column', fails: true, send: () => apiCall(t.app, 'GET', '/api/db/people?nope=eq.1', viewer.token) },
  {
    name: 'insert refused by a trigger',
    fails: true,
    send: () => apiCall(t.app, 'POST', '/api/db/incidents', admin.token, incident('refused', 'nonsense')),
  },
  {
    name: 'bad integer in a write',
    fails: true,
    send: () => apiCall(t.app, 'PATCH', '/api/db/incidents?id=eq.42', admin.token, { title: 'x' }),
  },
  { name: 'people', fails: false, send: () => apiCall(t.app, 'GET', '/api/db/people?limit=5', viewer.token) },
  { name: 'whoami', fails: false, send: () => apiCall(t.app, 'GET', '/api/.ory/sessions/whoami', admin.token) },
  { name: 'incidents', fails: false, send: () => apiCall(t.app, 'GET', '/api/incidents', admin.token) },
  {
    name: 'write',
    fails: false,
    send: () => apiCall(t.app, 'POST', '/api/db/incidents', admin.token, incident('burst')),
  },
];

describe('a failing query leaves no statement state behind', () => {
  it('the request sequence of the report: a bad uuid, then signed-in requests and /health', async () => {
    expect((await apiCall(t.app, 'GET', '/api/db/people?id=eq.notauuid', admin.token)).status).toBe(400);
    for (let i = 0; i < 3; i++) {
      expect((await apiCall(t.app, 'GET', '/api/db/people?limit=1', admin.token)).status).toBe(200);
      expect((await apiCall(t.app, 'GET', '/api/.ory/sessions/whoami', viewer.token)).status).toBe(200);
    }
    expect((await t.app.request('/health')).status).toBe(200);
  });

  it('400 failing and succeeding requests in a random order, all at once: every succeeding one 2xx', async () => {
    const random = seeded(11);
    const list = probes();
    const burst = Array.from({ length: 400 }, () => list[Math.floor(random() * list.length)] as Probe);
    const answers = await Promise.all(burst.map(async (probe) => ({ probe, status: (await probe.send()).status })));
    const wrong = answers.filter(({ probe, status }) => (probe.fails ? status < 400 || status >= 500 : status >= 300));
    expect(wrong.map(({ probe, status }) => `${probe.name}: ${status}`)).toEqual([]);
    expect(answers.filter(({ probe }) => probe.fails).length).toBeGreaterThan(100);
    expect((await t.app.request('/health')).status).toBe(200);
    if (t.database.engine === 'pglite') {
      // Statements of replaced connections are deallocated, not piled up in the one session.
      const { rows } = await t.database.pool.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pg_prepared_statements',
      );
      expect(rows[0]?.n).toBeLessThan(10);
    }
  });
});

describe('/health reports a database that cannot answer', () => {
  const appOn = (database: Parameters<typeof createApp>[0]['database']) => {
    const deps = { config: loadConfig({}), database, logger: createLogger('error', {}, () => {}), version: 'test' };
    return createApp({ ...deps, registerModules: (app) => registerSystemRoutes(app, deps, []) });
  };

  it('503 with a message when the database has gone away', async () => {
    const gone = await createTestApp();
    await gone.database.close();
    const res = await appOn(gone.database).request('/health');
    expect(res.status).toBe(503);
    const body = (await res.json()) as { status: string; database: string; message: string };
    expect(body.status).toBe('error');
    expect(body.message).toMatch(/^The database did not answer: /);
  });

  it('503 within the timeout when the database accepts connections but never answers', async () => {
    const sockets: Socket[] = [];
    const silent: Server = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as AddressInfo).port; // a TCP listener
    const database = connectPostgres(`postgres://root@127.0.0.1:${port}/none`, { max: 1 });
    try {
      const started = Date.now();
      const res = await appOn(database).request('/health');
      expect(res.status).toBe(503);
      expect(((await res.json()) as { message: string }).message).toBe(
        'The database did not answer: no answer within 5 s',
      );
      expect(Date.now() - started).toBeLessThan(7_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
      void database.close().catch(() => {});
    }
  }, 15_000);
});
