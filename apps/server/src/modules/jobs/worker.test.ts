import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { enqueue } from './enqueue.js';
import { defineJob, PermanentJobError } from './job-definition.js';
import { claimJobs, findJob, finishAndClaim, finishAttempt, type JobRow, reapExpiredLeases } from './jobs.repo.js';
import { createJobTestKit, type JobTestKit, waitFor } from './testing/job-test-kit.js';

interface HistoryRow {
  name: string;
  status: string;
  success_count: number;
  error_count: number;
  duration_millis: number;
  resource_type: string | null;
  resource_id: string | null;
  hostname: string;
  details: { job_id: string; attempt: number; errors?: string[]; summary?: unknown; lease_lost?: boolean };
  time_start: Date;
  time_end: Date;
}

const payload = z.object({ key: z.string() });
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

let kit: JobTestKit;
beforeAll(async () => {
  kit = await createJobTestKit();
});
afterAll(() => kit.close());

const historyOf = (id: string | null) =>
  kit.rows<HistoryRow>("SELECT * FROM job_history WHERE details->>'job_id' = $1 ORDER BY time_start", [id]);
const jobState = (id: string | null, state: string) =>
  waitFor(async () => {
    const row = await findJob(kit.database.pool, id ?? '');
    return row?.state === state ? row : undefined;
  });

describe('job worker', () => {
  it('with a long idle poll, starts a delayed job and a retry when due, not at the next poll', async () => {
    let calls = 0;
    const delayedJob = defineJob({
      name: 'test_delayed',
      payload,
      backoff: { baseMs: 300, maxMs: 300 },
      async handler() {
        calls += 1;
        if (calls === 1) throw new Error('once');
        return {};
      },
    });
    const started = Date.now();
    const id = await enqueue(kit.database.pool, delayedJob, { key: 'd' }, { runAt: new Date(started + 400) });
    kit.startWorker([delayedJob], { pollIntervalMs: 60_000 });
    const row = await jobState(id, 'succeeded');
    expect(row.attempts).toBe(2);
    // due at 400 ms, retried 300 ms after the first attempt: well inside the 60 s poll
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('runs a kind with slots of its own beside the shared slots, never more of either than they hold', async () => {
    const running = { shared: 0, own: 0 };
    const most = { shared: 0, own: 0 };
    let finished = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const counted = (lane: 'shared' | 'own') => async () => {
      running[lane] += 1;
      most[lane] = Math.max(most[lane], running[lane]);
      await gate;
      running[lane] -= 1;
      finished += 1;
      return {};
    };
    const sharedJob = defineJob({ name: 'test_lane_shared', payload, handler: counted('shared') });
    const ownJob = defineJob({ name: 'test_lane_own', payload, slots: 3, handler: counted('own') });
    for (const key of ['s1', 's2']) await enqueue(kit.database.pool, sharedJob, { key });
    for (const key of ['o1', 'o2', 'o3', 'o4', 'o5']) await enqueue(kit.database.pool, ownJob, { key });
    kit.startWorker([sharedJob, ownJob], { concurrency: 1 });
    // the own lane fills its three slots though the one shared slot is taken
    await waitFor(async () => (running.shared === 1 && running.own === 3 ? true : undefined));
    await sleep(200);
    expect(most).toEqual({ shared: 1, own: 3 });
    release();
    await waitFor(async () => (finished === 7 ? true : undefined));
    expect(most).toEqual({ shared: 1, own: 3 });
  });

  it('runs a job once and writes one job_history row with its counts and details', async () => {
    const okJob = defineJob({
      name: 'test_ok',
      payload,
      resourceType: 'canary',
      async handler({ payload: p }) {
        return { successCount: 3, errorCount: 1, details: { summary: { key: p.key } } };
      },
    });
    kit.startWorker([okJob]);
    const id = await enqueue(kit.database.pool, okJob, { key: 'a' }, { resource: { id: 'canary-1' } });
    const row = await jobState(id, 'succeeded');
    expect(row).toMatchObject({ attempts: 1, lease_owner: null, locked_until: null, last_error: null });
    expect(row.finished_at).toBeInstanceOf(Date);
    const history = await waitFor(async () => ((await historyOf(id)).length ? historyOf(id) : undefined));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      name: 'test_ok',
      status: 'WARNING',
      success_count: 3,
      error_count: 1,
      resource_type: 'canary',
      resource_id: 'canary-1',
      hostname: 'test',
      details: { job_id: id, attempt: 1, summary: { key: 'a' } },
    });
    expect(history[0]?.duration_millis).toBeGreaterThanOrEqual(0);
    expect(history[0]?.time_end.getTime()).toBeGreaterThanOrEqual(history[0]?.time_start.getTime() ?? 0);
  });

  it("runs a handler's finishWith statement with the job's completion, its parameters numbered after the worker's", async () => {
    const settling = defineJob({
      name: 'test_finish_with',
      payload,
      async handler({ payload: p }) {
        return {
          finishWith: {
            text: 'INSERT INTO properties (name, value) VALUES ($1, $2)',
            values: [`finish.${p.key}`, p.key],
          },
        };
      },
    });
    kit.startWorker([settling]);
    const id = await enqueue(kit.database.pool, settling, { key: 'fw' });
    await jobState(id, 'succeeded');
    expect(await kit.rows("SELECT value FROM properties WHERE name = 'finish.fw'")).toEqual([{ value: 'fw' }]);
    expect(await historyOf(id)).toHaveLength(1);
  });

  it('retries a failing job with exponential backoff, then marks it dead after max attempts', async () => {
    const failing = defineJob({
      name: 'test_failing',
      payload,
      maxAttempts: 3,
      backoff: { baseMs: 200, maxMs: 10_000 },
      async handler() {
        throw new Error('boom');
      },
    });
    const id = await enqueue(kit.database.pool, failing, { key: 'b' });
    const before = Date.now();
    kit.startWorker([failing]);
    const retried = await waitFor(async () => {
      const row = await findJob(kit.database.pool, id ?? '');
      return row?.state === 'pending' && row.attempts === 1 ? row : undefined;
    });
    expect(retried.last_error).toBe('boom');
    expect(retried.run_at.getTime()).toBeGreaterThanOrEqual(before + 150);
    const dead = await jobState(id, 'dead');
    expect(dead.attempts).toBe(3);
    const history = await historyOf(id);
    expect(history.map((h) => h.status)).toEqual(['FAILED', 'FAILED', 'FAILED']);
    expect(history[0]?.details.errors).toEqual(['boom']);
    const gap1 = (history[1]?.time_start.getTime() ?? 0) - (history[0]?.time_end.getTime() ?? 0);
    const gap2 = (history[2]?.time_start.getTime() ?? 0) - (history[1]?.time_end.getTime() ?? 0);
    expect(gap1).toBeGreaterThanOrEqual(190);
    expect(gap2).toBeGreaterThanOrEqual(390);
  });

  it('sends a permanent failure or a payload that no longer parses straight to dead', async () => {
    const permanent = defineJob({
      name: 'test_permanent',
      payload,
      async handler() {
        throw new PermanentJobError('cannot ever work');
      },
    });
    kit.startWorker([permanent]);
    const id = await enqueue(kit.database.pool, permanent, { key: 'c' });
    expect(await jobState(id, 'dead')).toMatchObject({ attempts: 1, last_error: 'cannot ever work' });
    const [bad] = await kit.rows<{ id: string }>(
      `INSERT INTO jobs (name, payload) VALUES ('test_permanent', '{"key": 1}') RETURNING id`,
    );
    const badRow = await jobState(bad?.id ?? '', 'dead');
    expect(badRow.attempts).toBe(1);
    expect(badRow.last_error).toMatch(/^invalid payload/);
  });

  it('aborts an attempt at its timeout and counts it as a failure', async () => {
    let sawAbort = false;
    const slow = defineJob({
      name: 'test_slow',
      payload,
      maxAttempts: 1,
      timeoutMs: 150,
      async handler({ signal }) {
        await sleep(5_000, signal).catch((error: unknown) => {
          sawAbort = true;
          throw error;
        });
      },
    });
    kit.startWorker([slow]);
    const id = await enqueue(kit.database.pool, slow, { key: 'd' });
    expect(await jobState(id, 'dead')).toMatchObject({ last_error: 'timed out after 150 ms' });
    expect(sawAbort).toBe(true);
    const [history] = await historyOf(id);
    expect(history).toMatchObject({ status: 'FAILED', details: { errors: ['timed out after 150 ms'] } });
  });

  it('renews the lease of a long job so the reaper leaves it alone', async () => {
    const long = defineJob({
      name: 'test_long',
      payload,
      async handler({ signal }) {
        await sleep(2_500, signal);
      },
    });
    kit.startWorker([long], { leaseMs: 1_000 });
    const id = await enqueue(kit.database.pool, long, { key: 'e' });
    await jobState(id, 'running');
    for (let i = 0; i < 5; i++) {
      await sleep(500);
      expect(await reapExpiredLeases(kit.database.pool, 'test')).toBe(0);
    }
    expect(await jobState(id, 'succeeded')).toMatchObject({ attempts: 1 });
  });
});

describe('leases', () => {
  const ghostJob = defineJob({
    name: 'test_ghost',
    payload,
    async handler() {
      return { details: { summary: 'ran' } };
    },
  });

  it('returns an expired lease to pending, and a stale worker can no longer complete the job', async () => {
    const id = await enqueue(kit.database.pool, ghostJob, { key: 'f' });
    const claim = { names: ['test_ghost'], limit: 1, owner: 'crashed', leaseMs: 1 };
    const [stale] = await claimJobs(kit.database.pool, claim);
    expect(stale?.id).toBe(id);
    await sleep(20);
    expect(await reapExpiredLeases(kit.database.pool, 'test')).toBe(1);
    expect(await findJob(kit.database.pool, id ?? '')).toMatchObject({ state: 'pending', lease_owner: null });
    const [fresh] = await claimJobs(kit.database.pool, { ...claim, owner: 'healthy', leaseMs: 60_000 });
    expect(fresh).toMatchObject({ id, attempts: 2, lease_owner: 'healthy' });
    const history = {
      name: 'test_ghost',
      resourceType: null,
      resourceId: null,
      status: 'SUCCESS',
      successCount: 1,
      errorCount: 0,
      details: { job_id: id },
      hostname: 'test',
      timeStart: new Date(),
      timeEnd: new Date(),
    };
    const succeed = { state: 'succeeded', attemptsDelta: 0, retryInMs: null, lastError: null } as const;
    const staleLease = { id: id ?? '', owner: 'crashed', attempt: 1 };
    expect(await finishAttempt(kit.database.pool, staleLease, succeed, history)).toBe(false);
    expect(await findJob(kit.database.pool, id ?? '')).toMatchObject({ state: 'running', lease_owner: 'healthy' });
    expect(
      await finishAttempt(kit.database.pool, { ...staleLease, owner: 'healthy', attempt: 2 }, succeed, history),
    ).toBe(true);
    const rows = await historyOf(id);
    expect(rows.map((row) => [row.status, row.details.lease_lost ?? false])).toEqual([
      ['FAILED', false],
      ['SUCCESS', true],
      ['SUCCESS', false],
    ]);
    expect(rows[0]?.details.errors).toEqual(['lease expired: the worker stopped renewing it']);
  });

  it("an attempt's end claims its successor in the same statement, never the job it ends (even retried at once)", async () => {
    const first = await enqueue(kit.database.pool, ghostJob, { key: 'h1' });
    const [running] = await claimJobs(kit.database.pool, {
      names: ['test_ghost'],
      limit: 1,
      owner: 'w',
      leaseMs: 60_000,
    });
    expect(running?.id).toBe(first);
    const second = await enqueue(kit.database.pool, ghostJob, { key: 'h2' });
    const retry = { state: 'pending', attemptsDelta: 0, retryInMs: 0, lastError: 'boom' } as const;
    const history = {
      name: 'test_ghost',
      resourceType: null,
      resourceId: null,
      status: 'FAILED',
      successCount: 0,
      errorCount: 1,
      details: { job_id: first },
      hostname: 'test',
      timeStart: new Date(),
      timeEnd: new Date(),
    };
    const claim = { names: ['test_ghost'], limit: 3, owner: 'w', leaseMs: 60_000 };
    const ended = await finishAndClaim(
      kit.database.pool,
      { id: first ?? '', owner: 'w', attempt: 1 },
      retry,
      history,
      undefined,
      claim,
    );
    expect(ended.matched).toBe(true);
    expect(ended.claimed.map((row) => [row.id, row.state, row.lease_owner, row.attempts])).toEqual([
      [second, 'running', 'w', 1],
    ]);
    expect(await findJob(kit.database.pool, first ?? '')).toMatchObject({ state: 'pending', last_error: 'boom' });
    const none = await finishAndClaim(
      kit.database.pool,
      { id: second ?? '', owner: 'w', attempt: 1 },
      retry,
      history,
      undefined,
      { ...claim, names: ['nothing_here'] },
    );
    expect(none).toEqual({ matched: true, claimed: [] });
    await kit.database.pool.query("UPDATE jobs SET state = 'cancelled' WHERE id = ANY($1::uuid[])", [[first, second]]);
  });

  it('a job whose worker died is run by another worker after the lease expires', async () => {
    const id = await enqueue(kit.database.pool, ghostJob, { key: 'g' });
    await claimJobs(kit.database.pool, { names: ['test_ghost'], limit: 1, owner: 'dead-process', leaseMs: 1 });
    kit.startWorker([ghostJob]);
    await sleep(50);
    await reapExpiredLeases(kit.database.pool, 'test');
    expect(await jobState(id, 'succeeded')).toMatchObject({ attempts: 2 });
  });
});

describe('shutdown', () => {
  it('lets short jobs finish, hands long ones back to pending without counting the attempt', async () => {
    const quick = defineJob({
      name: 'test_quick',
      payload,
      async handler() {
        await sleep(100);
      },
    });
    const stuck = defineJob({
      name: 'test_stuck',
      payload,
      async handler() {
        await sleep(10_000);
      },
    });
    const worker = kit.startWorker([quick, stuck]);
    const quickId = await enqueue(kit.database.pool, quick, { key: 'h' });
    const stuckId = await enqueue(kit.database.pool, stuck, { key: 'i' });
    await waitFor(async () => {
      const rows = await kit.rows<JobRow>('SELECT * FROM jobs WHERE id = ANY($1) AND state = $2', [
        [quickId, stuckId],
        'running',
      ]);
      return rows.length === 2;
    });
    const started = Date.now();
    await worker.stop(400);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(worker.running).toBe(0);
    expect(await findJob(kit.database.pool, quickId ?? '')).toMatchObject({ state: 'succeeded' });
    expect(await findJob(kit.database.pool, stuckId ?? '')).toMatchObject({
      state: 'pending',
      attempts: 0,
      lease_owner: null,
    });
    const [history] = await historyOf(stuckId);
    expect(history).toMatchObject({ status: 'STOPPED', details: { errors: ['stopped by shutdown'] } });
  });
});
