import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLogger } from '../../platform/logger.js';
import { defineJob } from './job-definition.js';
import { JobRegistry } from './job-registry.js';
import { startJobRuntime } from './job-runtime.js';
import { fireDueSchedules } from './scheduler.js';
import { msUntilNextSchedule } from './schedules.repo.js';
import { deleteSchedule, getSchedule, listSchedules, upsertSchedule } from './schedules.service.js';
import { createJobTestKit, type JobTestKit, waitFor } from './testing/job-test-kit.js';

const tickJob = defineJob({
  name: 'test_tick',
  payload: z.object({ target: z.string() }),
  resourceType: 'canary',
  async handler() {
    return undefined;
  },
});
const registry = new JobRegistry([tickJob]);
const logger = createLogger('error', {}, () => {});

let kit: JobTestKit;
beforeAll(async () => {
  kit = await createJobTestKit();
});
afterAll(() => kit.close());
beforeEach(async () => {
  await kit.rows('DELETE FROM schedules');
  await kit.rows('DELETE FROM jobs');
});

const jobsOf = (name: string) =>
  kit.rows<{ id: string; payload: unknown; resource_type: string; resource_id: string; singleton_key: string }>(
    "SELECT * FROM jobs WHERE singleton_key = 'schedule:' || $1",
    [name],
  );
const makeDue = (name: string, ago: string) =>
  kit.rows(`UPDATE schedules SET next_run_at = now() - interval '${ago}' WHERE name = $1`, [name]);

describe('schedules API', () => {
  it('validates the schedule text, the job and the payload (400 with a message)', async () => {
    const base = { name: 's', schedule: '@every 30s', job: tickJob, payload: { target: 'x' } };
    await expect(upsertSchedule(kit.database.pool, { ...base, schedule: 'every now and then' })).rejects.toMatchObject({
      code: 'bad_request',
      message: 'Invalid schedule "every now and then": a cron expression has 5 or 6 fields',
    });
    await expect(upsertSchedule(kit.database.pool, { ...base, job: 'nope' })).rejects.toMatchObject({
      code: 'bad_request',
      message: 'Unknown job "nope"',
    });
    await expect(
      upsertSchedule(kit.database.pool, { ...base, payload: { target: 1 as unknown as string } }),
    ).rejects.toMatchObject({ code: 'bad_request', message: 'Invalid payload for job "test_tick"' });
  });

  it('creates, keeps the next tick when re-declared unchanged, moves it when the schedule changes, deletes', async () => {
    const declaration = { name: 'canary:1', schedule: '@every 1h', job: tickJob, payload: { target: 'a' } };
    const created = await upsertSchedule(kit.database.pool, declaration);
    expect(created).toMatchObject({ name: 'canary:1', job_name: 'test_tick', enabled: true, last_run_at: null });
    expect(created.next_run_at.getTime()).toBeGreaterThan(Date.now());
    expect(created.next_run_at.getTime()).toBeLessThanOrEqual(Date.now() + 3_600_000);
    await makeDue('canary:1', '1 second');
    const due = await getSchedule(kit.database.pool, 'canary:1');
    const again = await upsertSchedule(kit.database.pool, { ...declaration, payload: { target: 'b' } });
    expect(again.next_run_at).toEqual(due?.next_run_at);
    expect(again.payload).toEqual({ target: 'b' });
    const changed = await upsertSchedule(kit.database.pool, { ...declaration, schedule: '@every 5m' });
    expect(changed.next_run_at.getTime()).toBeGreaterThan(Date.now());
    expect(changed.next_run_at.getTime()).toBeLessThanOrEqual(Date.now() + 300_000);
    expect(changed.next_run_at.getTime() % 300_000).toBe(0);
    expect((await listSchedules(kit.database.pool, 'test_tick')).map((s) => s.name)).toEqual(['canary:1']);
    expect(await deleteSchedule(kit.database.pool, 'canary:1')).toBe(true);
    expect(await deleteSchedule(kit.database.pool, 'canary:1')).toBe(false);
  });

  it('spreads many identical schedules over their jitter window', async () => {
    for (let i = 0; i < 200; i++) {
      await upsertSchedule(kit.database.pool, {
        name: `canary:${i}`,
        schedule: '@yearly',
        job: tickJob,
        payload: { target: String(i) },
        jitterMs: 60_000,
      });
    }
    const [spread] = await kit.rows<{ distinct: number; span: number }>(
      `SELECT count(DISTINCT next_run_at)::int AS distinct,
              (extract(epoch FROM max(next_run_at) - min(next_run_at)) * 1000)::int AS span FROM schedules`,
    );
    expect(spread?.distinct).toBeGreaterThan(180);
    expect(spread?.span).toBeGreaterThan(50_000);
    expect(spread?.span).toBeLessThan(60_000);
  });
});

describe('scheduler', () => {
  it('fires a due schedule exactly once per tick however many replicas tick at once', async () => {
    await upsertSchedule(kit.database.pool, {
      name: 'canary:once',
      schedule: '@every 1h',
      job: tickJob,
      payload: { target: 'once' },
      resource: { id: 'c-9' },
    });
    await makeDue('canary:once', '1 second');
    const fired = await Promise.all(
      Array.from({ length: 4 }, () => fireDueSchedules(kit.database.pool, registry, logger)),
    );
    expect(fired.reduce((sum, n) => sum + n, 0)).toBe(1);
    const jobs = await jobsOf('canary:once');
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ payload: { target: 'once' }, resource_type: 'canary', resource_id: 'c-9' });
    const schedule = await getSchedule(kit.database.pool, 'canary:once');
    expect(schedule?.last_run_at).toBeInstanceOf(Date);
    expect(schedule?.next_run_at.getTime()).toBeGreaterThan(Date.now());
    expect(schedule?.next_run_at.getTime()).toBeLessThanOrEqual(Date.now() + 3_600_000);
    expect(await fireDueSchedules(kit.database.pool, registry, logger)).toBe(0);
  });

  it('collapses ticks missed during downtime into one run, then schedules from now', async () => {
    await upsertSchedule(kit.database.pool, {
      name: 'canary:late',
      schedule: '0 * * * *',
      job: tickJob,
      payload: { target: 'late' },
    });
    await makeDue('canary:late', '3 days');
    expect(await fireDueSchedules(kit.database.pool, registry, logger)).toBe(1);
    expect(await fireDueSchedules(kit.database.pool, registry, logger)).toBe(0);
    expect(await jobsOf('canary:late')).toHaveLength(1);
    const next = (await getSchedule(kit.database.pool, 'canary:late'))?.next_run_at.getTime() ?? 0;
    expect(next).toBeGreaterThan(Date.now());
    expect(next).toBeLessThanOrEqual(Date.now() + 3_600_000);
  });

  it('does not pile up jobs while the previous one is still pending, and skips disabled schedules', async () => {
    const declaration = { name: 'canary:busy', schedule: '@every 1m', job: tickJob, payload: { target: 'busy' } };
    await upsertSchedule(kit.database.pool, declaration);
    await makeDue('canary:busy', '1 second');
    await fireDueSchedules(kit.database.pool, registry, logger);
    await makeDue('canary:busy', '1 second');
    expect(await fireDueSchedules(kit.database.pool, registry, logger)).toBe(1);
    expect(await jobsOf('canary:busy')).toHaveLength(1);
    await upsertSchedule(kit.database.pool, { ...declaration, enabled: false });
    await makeDue('canary:busy', '1 second');
    expect(await fireDueSchedules(kit.database.pool, registry, logger)).toBe(0);
  });

  it('disables a schedule whose text no longer parses instead of retrying it every tick', async () => {
    await kit.rows(
      `INSERT INTO schedules (name, schedule, job_name, next_run_at) VALUES ('broken', 'every tuesday', 'test_tick', now())`,
    );
    expect(await fireDueSchedules(kit.database.pool, registry, logger)).toBe(0);
    expect(await getSchedule(kit.database.pool, 'broken')).toMatchObject({ enabled: false });
    expect(await jobsOf('broken')).toHaveLength(0);
  });

  it('tells how long until the next tick of the jobs it knows, so the loop sleeps until then', async () => {
    expect(await msUntilNextSchedule(kit.database.pool, ['test_tick'])).toBeNull();
    await upsertSchedule(kit.database.pool, {
      name: 'soon',
      schedule: '@every 1h',
      job: tickJob,
      payload: { target: 's' },
    });
    await kit.rows("UPDATE schedules SET next_run_at = now() + interval '2 seconds' WHERE name = 'soon'");
    const ms = await msUntilNextSchedule(kit.database.pool, ['test_tick']);
    expect(ms).toBeGreaterThan(1_000);
    expect(ms).toBeLessThanOrEqual(2_000);
    expect(await msUntilNextSchedule(kit.database.pool, ['another_job'])).toBeNull();
    await makeDue('soon', '5 seconds');
    expect(await msUntilNextSchedule(kit.database.pool, ['test_tick'])).toBe(0);
  });

  it('leaves schedules of jobs this process does not know to a replica that does', async () => {
    await upsertSchedule(kit.database.pool, {
      name: 'x',
      schedule: '@every 1m',
      job: tickJob,
      payload: { target: 'x' },
    });
    await makeDue('x', '1 second');
    expect(await fireDueSchedules(kit.database.pool, new JobRegistry([]), logger)).toBe(0);
    expect(await fireDueSchedules(kit.database.pool, registry, logger)).toBe(1);
  });
});

describe('scheduler at scale', () => {
  it('fires 1,000 due schedules across 3 concurrent replicas, each exactly once, in batches', async () => {
    await kit.rows(
      `INSERT INTO schedules (name, schedule, job_name, payload, jitter_ms, next_run_at)
       SELECT 'bulk:' || g, '@yearly', 'test_tick', jsonb_build_object('target', g::text), 30000,
              now() - interval '1 second'
       FROM generate_series(1, 1000) AS g`,
    );
    const started = Date.now();
    const replica = async () => {
      let fired = 0;
      for (let n = -1; n !== 0; fired += n) n = await fireDueSchedules(kit.database.pool, registry, logger, 200);
      return fired;
    };
    const fired = await Promise.all([replica(), replica(), replica()]);
    const elapsed = Date.now() - started;
    expect(fired.reduce((sum, n) => sum + n, 0)).toBe(1000);
    const [jobs] = await kit.rows<{ n: number; keys: number }>(
      "SELECT count(*)::int AS n, count(DISTINCT singleton_key)::int AS keys FROM jobs WHERE singleton_key LIKE 'schedule:bulk:%'",
    );
    expect(jobs).toEqual({ n: 1000, keys: 1000 });
    const [next] = await kit.rows<{ due: number; spread: number }>(
      `SELECT count(*) FILTER (WHERE next_run_at <= now())::int AS due,
              (extract(epoch FROM max(next_run_at) - min(next_run_at)) * 1000)::int AS spread
       FROM schedules WHERE name LIKE 'bulk:%'`,
    );
    expect(next?.due).toBe(0);
    expect(next?.spread).toBeGreaterThan(20_000);
    console.info(`scheduler: 1000 due schedules fired by 3 replicas in ${elapsed} ms (${fired.join('/')})`);
  });
});

describe('job runtime', () => {
  it("declares a definition's own schedule and runs it, writing job history", async () => {
    let runs = 0;
    const heartbeat = defineJob({
      name: 'test_heartbeat',
      payload: z.object({ beat: z.number().default(1) }),
      schedule: { schedule: '@every 1s', payload: {} },
      async handler() {
        runs += 1;
        return { successCount: 1 };
      },
    });
    const runtime = await startJobRuntime(
      { ...kit.deps, config: { ...kit.deps.config, MC_JOB_POLL_INTERVAL_MS: 50 } },
      new JobRegistry([heartbeat]),
    );
    try {
      expect(await getSchedule(kit.database.pool, 'test_heartbeat')).toMatchObject({ schedule: '@every 1s' });
      await waitFor(async () => {
        const rows = await kit.rows("SELECT 1 FROM job_history WHERE name = 'test_heartbeat' AND status = 'SUCCESS'");
        return rows.length >= 2;
      }, 8_000);
    } finally {
      await runtime.stop(1_000);
    }
    expect(runs).toBeGreaterThanOrEqual(2);
  });
});
