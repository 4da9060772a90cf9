import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectPostgres, openEmbedded } from '@mc/db';
import { createPostgresTestUrl, createTestDatabase, testEngine } from '@mc/db/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { createLifecycle } from '../../../platform/lifecycle.js';
import { createLogger } from '../../../platform/logger.js';
import { agentWorkWaits } from './agent-work-waits.js';

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});
const logger = createLogger('error', {}, () => {});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const AGENT = '00000000-0000-4000-8000-000000000001';

/** A claim that finds nothing until `queue` is called, counting its calls. */
function stubClaim() {
  const state = { calls: 0, queued: false };
  return {
    state,
    claim: async () => {
      state.calls += 1;
      return state.queued ? ['work'] : [];
    },
  };
}

describe('held agent polls', () => {
  it('answers at once without a wait, and looks again every second while nothing listens', async () => {
    const database = await createTestDatabase(); // a test database has no endpoint: nothing to LISTEN through
    cleanups.push(() => database.close());
    const waits = agentWorkWaits(database, logger);
    const plain = stubClaim();
    expect(await waits.hold(AGENT, 'run', 0, plain.claim)).toEqual([]);
    expect(plain.state.calls).toBe(1);
    const held = stubClaim();
    const started = Date.now();
    const answer = waits.hold(AGENT, 'run', 10, held.claim);
    await sleep(1_500);
    held.state.queued = true;
    expect(await answer).toEqual(['work']);
    expect(Date.now() - started).toBeLessThan(3_500);
  });

  it('claims nothing more once the agent has gone (closed its connection)', async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.close());
    const waits = agentWorkWaits(database, logger);
    const held = stubClaim();
    const gone = new AbortController();
    const answer = waits.hold(AGENT, 'log', 20, held.claim, gone.signal);
    await sleep(200);
    held.state.queued = true;
    gone.abort();
    expect(await answer).toEqual([]);
    expect(held.state.calls).toBe(1);
  });

  it('answers its held polls at once when the process drains', async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.close());
    const lifecycle = createLifecycle();
    const waits = agentWorkWaits(database, logger, lifecycle);
    const started = Date.now();
    const answer = waits.hold(AGENT, 'log', 20, stubClaim().claim);
    await sleep(200);
    lifecycle.drain();
    expect(await answer).toEqual([]);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});

describe.skipIf(testEngine() !== 'postgres')('held agent polls woken by LISTEN (PostgreSQL)', () => {
  it('wakes the poll of the agent and kind a committed queueing names, and no other', async () => {
    const { url, drop } = await createPostgresTestUrl();
    cleanups.push(drop);
    const database = connectPostgres(url, { max: 2 });
    cleanups.push(() => database.close());
    const lifecycle = createLifecycle();
    cleanups.push(async () => lifecycle.drain()); // ends the LISTEN connection
    const waits = agentWorkWaits(database, logger, lifecycle);
    const mine = stubClaim();
    const answer = waits.hold(AGENT, 'run', 20, mine.claim);
    await sleep(1_500); // listening by now: no more blind looks
    const callsListening = mine.state.calls;
    await database.pool.query("SELECT pg_notify('mc_agent_work', $1)", [`log:${AGENT}`]);
    await database.pool.query("SELECT pg_notify('mc_agent_work', 'run:00000000-0000-4000-8000-000000000002')");
    await sleep(1_200);
    expect(mine.state.calls).toBe(callsListening);
    mine.state.queued = true;
    const notified = Date.now();
    await database.pool.query("SELECT pg_notify('mc_agent_work', $1)", [`run:${AGENT}`]);
    expect(await answer).toEqual(['work']);
    expect(Date.now() - notified).toBeLessThan(500);
  });

  it('notifies the agent of a queued Run Now request and a relayed log search (migration 0265)', async () => {
    const { url, drop } = await createPostgresTestUrl();
    cleanups.push(drop);
    const database = connectPostgres(url, { max: 2 });
    cleanups.push(() => database.close());
    const listener = await database.pool.connect();
    const payloads: string[] = [];
    listener.on('notification', (message) => payloads.push(String(message.payload)));
    await listener.query('LISTEN mc_agent_work');
    const agent = await database.pool.query<{ id: string }>("INSERT INTO agents (name) VALUES ('notify') RETURNING id");
    const agentId = agent.rows[0]?.id;
    const canary = await database.pool.query(
      "INSERT INTO canaries (name, schedule) VALUES ('n', '@every 1m') RETURNING id",
    );
    const check = await database.pool.query(
      "INSERT INTO checks (canary_id, type, name, spec) VALUES ($1, 'http', 'n', '{}') RETURNING id",
      [canary.rows[0].id],
    );
    await database.pool.query('INSERT INTO agent_run_requests (agent_id, check_id) VALUES ($1, $2)', [
      agentId,
      check.rows[0].id,
    ]);
    await database.pool.query("INSERT INTO agent_log_queries (agent_id, request) VALUES ($1, '{}')", [agentId]);
    await sleep(200);
    listener.release();
    expect(payloads).toEqual([`run:${agentId}`, `log:${agentId}`]);
  });
});

describe('held agent polls on the embedded database', () => {
  it('wakes on a committed notification its wire server reports, not at a blind look', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mc-agent-work-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const database = await openEmbedded(dataDir);
    cleanups.push(() => database.close());
    const lifecycle = createLifecycle();
    cleanups.push(async () => lifecycle.drain());
    const waits = agentWorkWaits(database, logger, lifecycle);
    const mine = stubClaim();
    const answer = waits.hold(AGENT, 'log', 20, mine.claim);
    await sleep(1_500); // listening by now: no more blind looks
    const callsListening = mine.state.calls;
    await sleep(1_200);
    expect(mine.state.calls).toBe(callsListening);
    mine.state.queued = true;
    const notified = Date.now();
    await database.pool.query("SELECT pg_notify('mc_agent_work', $1)", [`log:${AGENT}`]);
    expect(await answer).toEqual(['work']);
    expect(Date.now() - notified).toBeLessThan(500);
  }, 60_000);
});
