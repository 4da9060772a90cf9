import { monitorEventLoopDelay } from 'node:perf_hooks';
import { serve } from '@hono/node-server';
import { PLAYBOOK_LIST_MAX, PLAYBOOK_SELECTORS_MAX_CHARS } from '@mc/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_WILDCARD_PATTERN_CHARS, MAX_WILDCARD_TEXT_CHARS } from '../../../platform/wildcard-match.js';
import { apiCall, signedInUser } from '../../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

/**
 * Issue 25: a catalog item with a crafted name and playbook selectors with hostile `*` globs made one
 * `GET /api/playbook/list` (as a guest) take 2.7 s while `/health` waited behind it. Here the same
 * request runs over a real HTTP listener while `/health` is measured: the globs are matched in linear
 * time, the list reads a bounded set of playbooks, and the loop yields, so `/health` keeps answering.
 */
type User = { id: string; token: string };
let t: TestApp;
let editor: User;
let guest: User;
let admin: User;
let base = '';
let closeListener: () => Promise<void> = async () => {};
let craftedId = '';
let overlongId = '';

/** 256 characters: as many `*a` as fit, then `*c*b`, which a backtracking RegExp tries every way of. */
const HOSTILE_STARS = `${'*a'.repeat((MAX_WILDCARD_PATTERN_CHARS - 4) / 2)}*c*b`;
/** 256 characters: a long piece that almost matches at every place of a name of `a`s. */
const HOSTILE_PIECE = `*${'a'.repeat(MAX_WILDCARD_PATTERN_CHARS - 4)}c*b`;
/** As many hostile globs as one selector list may hold: the most matching work one playbook asks. */
const hostileSelectors = Array.from({ length: 6 }, (_, i) => ({
  name: i % 2 ? HOSTILE_STARS : HOSTILE_PIECE,
  types: Array.from({ length: 9 }, (_, j) => (j % 2 ? HOSTILE_PIECE : HOSTILE_STARS)),
}));
const HOSTILE_PLAYBOOKS = 120;

const call = (user: User | null, method: string, path: string, body?: unknown) =>
  apiCall(t.app, method, path, user?.token ?? null, body, { prefer: 'return=representation' });

/** Latency of each `/health` asked one after another over HTTP until `done` settles, in ms. */
async function healthWhile(done: Promise<unknown>): Promise<number[]> {
  let settled = false;
  void done.finally(() => {
    settled = true;
  });
  const latencies: number[] = [];
  while (!settled) {
    const started = performance.now();
    const response = await fetch(`${base}/health`);
    await response.arrayBuffer();
    latencies.push(performance.now() - started);
    expect(response.status).toBe(200);
  }
  return latencies;
}

async function listAsGuest(configId: string): Promise<{ status: number; ms: number; names: string[] }> {
  const started = performance.now();
  const response = await fetch(`${base}/api/playbook/list?config_id=${configId}`, {
    headers: { authorization: `Bearer ${guest.token}` },
  });
  const body = (await response.json()) as { name: string }[];
  return { status: response.status, ms: performance.now() - started, names: body.map((p) => p.name) };
}

beforeAll(async () => {
  expect(JSON.stringify(hostileSelectors).length).toBeLessThanOrEqual(PLAYBOOK_SELECTORS_MAX_CHARS);
  expect(JSON.stringify(hostileSelectors).length).toBeGreaterThan(PLAYBOOK_SELECTORS_MAX_CHARS - 1024);
  t = await createTestApp();
  editor = await signedInUser(t, { roles: ['editor'] });
  guest = await signedInUser(t, { roles: ['guest'] });
  admin = await signedInUser(t, { roles: ['admin'] });
  const created = await call(editor, 'POST', '/api/db/playbooks', {
    name: 'hostile-globs',
    spec: { configs: hostileSelectors, actions: [{ name: 'a', http: { url: 'http://127.0.0.1:9/x' } }] },
  });
  expect(created.status).toBe(201);
  const spec = JSON.stringify({ configs: hostileSelectors, actions: [{ name: 'a', http: { url: 'http://x' } }] });
  await sql`INSERT INTO playbooks (name, spec)
    SELECT 'hostile-' || n, ${spec}::jsonb FROM generate_series(1, ${HOSTILE_PLAYBOOKS}) AS n`.execute(t.database.db);
  await call(editor, 'POST', '/api/db/playbooks', {
    name: 'every-store',
    spec: { configs: [{ name: 'a*b' }], actions: [{ name: 'a', http: { url: 'http://127.0.0.1:9/x' } }] },
  });
  const item = async (name: string) =>
    (
      await sql<{ id: string }>`INSERT INTO config_items (config_class, type, name)
        VALUES ('Database', ${'a'.repeat(200)}, ${name}) RETURNING id`.execute(t.database.db)
    ).rows[0]?.id ?? '';
  craftedId = await item(`${'a'.repeat(MAX_WILDCARD_TEXT_CHARS - 1)}b`);
  overlongId = await item(`${'a'.repeat(100_000)}b`);
  await new Promise<void>((resolve) => {
    const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
      base = `http://127.0.0.1:${info.port}`;
      closeListener = () =>
        new Promise<void>((done) => {
          if ('closeAllConnections' in server) server.closeAllConnections();
          server.close(() => done());
        });
      resolve();
    });
  });
}, 120_000);

afterAll(async () => {
  await closeListener();
  await t?.close();
});

describe('playbook selectors do not hold the HTTP thread (issue 25)', () => {
  it('a guest listing playbooks for a crafted item keeps /health answering within 250 ms', async () => {
    const idle = await healthWhile(new Promise((resolve) => setTimeout(resolve, 500)));
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const list = listAsGuest(craftedId);
    const latencies = await healthWhile(list);
    const { status, ms, names } = await list;
    loop.disable();
    expect(status).toBe(200);
    expect(names).toEqual(['every-store']);
    const worst = Math.max(...latencies);
    const idleWorst = Math.max(...idle);
    const heldMs = loop.max / 1e6;
    console.info(
      `[issue 25] hostile list ${ms.toFixed(0)} ms over ${HOSTILE_PLAYBOOKS + 2} playbooks; /health ` +
        `${latencies.length} answers, worst ${worst.toFixed(0)} ms (idle worst ${idleWorst.toFixed(0)} ms); ` +
        `event loop held at most ${heldMs.toFixed(0)} ms`,
    );
    // 250 ms on a machine with room; a machine so loaded that /health alone is slow widens it to twice that
    // (the list used to hold the loop for seconds)
    const bound = Math.max(250, 2 * idleWorst);
    expect(worst).toBeLessThan(bound);
    expect(heldMs).toBeLessThan(bound);
    expect(ms).toBeLessThan(20_000);
  }, 60_000);

  it('a name over the text bound is matched by none of the globs', async () => {
    const list = listAsGuest(overlongId);
    const latencies = await healthWhile(list);
    const { status, ms, names } = await list;
    expect(status).toBe(200);
    expect(names).toEqual([]);
    console.info(
      `[issue 25] over-long name list ${ms.toFixed(0)} ms; /health worst ${Math.max(...latencies, 0).toFixed(0)} ms`,
    );
    expect(ms).toBeLessThan(20_000);
  }, 60_000);

  it('refuses a selector list over its size at save, naming it', async () => {
    const response = await call(editor, 'POST', '/api/db/playbooks', {
      name: 'too-many-globs',
      spec: {
        configs: [...hostileSelectors, { name: HOSTILE_STARS }, { name: HOSTILE_PIECE }, { type: HOSTILE_STARS }],
        actions: [{ name: 'a', http: { url: 'http://127.0.0.1:9/x' } }],
      },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toContain(
      `spec.configs: must be at most ${PLAYBOOK_SELECTORS_MAX_CHARS} characters of JSON`,
    );
  });

  it('refuses a selector glob over the bound at save, naming the field', async () => {
    const response = await call(editor, 'POST', '/api/db/playbooks', {
      name: 'too-long-glob',
      spec: {
        configs: [{ type: 'x' }, { types: ['ok', `*${'a'.repeat(MAX_WILDCARD_PATTERN_CHARS)}`] }],
        actions: [{ name: 'a', http: { url: 'http://127.0.0.1:9/x' } }],
      },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toContain(
      `spec.configs.1.types.1: must be at most ${MAX_WILDCARD_PATTERN_CHARS} characters`,
    );
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM playbooks
      WHERE name = 'too-long-glob'`.execute(t.database.db);
    expect(rows[0]?.n).toBe(0);
  });

  it('reads at most PLAYBOOK_LIST_MAX playbooks, in category and title order', async () => {
    const spec = JSON.stringify({ configs: [{ name: '*' }], actions: [{ name: 'a', http: { url: 'http://x' } }] });
    await sql`INSERT INTO playbooks (name, spec, category)
      SELECT 'many-' || n, ${spec}::jsonb, 'aaa' FROM generate_series(1, ${PLAYBOOK_LIST_MAX}) AS n`.execute(
      t.database.db,
    );
    const { status, names } = await listAsGuest(craftedId);
    expect(status).toBe(200);
    // the hostile ones and every-store (category '') come first and take their part of the reading
    const readBefore = HOSTILE_PLAYBOOKS + 2;
    expect(names.filter((name) => name.startsWith('many-'))).toHaveLength(PLAYBOOK_LIST_MAX - readBefore);
    expect(names[0]).toBe('every-store');
  });

  it('shows the event-loop delay histogram in /metrics', async () => {
    const response = await call(admin, 'GET', '/metrics');
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain('# TYPE mc_event_loop_delay_seconds histogram');
    expect(text).toMatch(/mc_event_loop_delay_seconds_bucket\{le="0\.1"\} \d+/);
    expect(text).toMatch(/mc_event_loop_delay_seconds_count [1-9]\d*/);
  });
});
