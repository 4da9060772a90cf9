import { connectPostgres, type Database, preparedReadsOf } from '@mc/db';
import { createPostgresTestUrl, createTestDatabase, testEngine } from '@mc/db/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimJobs, finishAndClaim, insertJob, type JobRow } from './jobs.repo.js';

const NAME = 'test_prepared_claim';
const JOBS = 300;
const WORKERS = 4;
const SLOTS = 3;

let database: Database;
const cleanups: Array<() => Promise<void>> = [];
beforeAll(async () => {
  if (testEngine() !== 'postgres') {
    database = await createTestDatabase();
    cleanups.push(() => database.close());
    return;
  }
  // Every connection plans the prepared statements generically from their first run (PostgreSQL's plan
  // cache switches to a generic plan after five custom ones): the shape a long-running worker ends up with.
  const { url, drop } = await createPostgresTestUrl();
  cleanups.push(drop);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`ALTER DATABASE "${new URL(url).pathname.slice(1)}" SET plan_cache_mode = force_generic_plan`);
  await admin.end();
  database = connectPostgres(url, { max: WORKERS });
  cleanups.push(() => database.close());
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('claims and attempt ends run prepared (a worker sends the same texts for every job)', () => {
  it('workers side by side on prepared generic plans claim each job once, never past their free slots', async () => {
    for (let i = 0; i < JOBS; i++)
      await insertJob(database.pool, { name: NAME, payload: { i }, priority: 0, maxAttempts: 3 });
    if (database.engine === 'postgres') {
      const { rows } = await database.pool.query<{ plan_cache_mode: string }>('SHOW plan_cache_mode');
      expect(rows[0]?.plan_cache_mode).toBe('force_generic_plan');
    }
    const statements = preparedReadsOf(database);
    const claimedBy = new Map<string, number[]>();
    const note = (worker: number, rows: JobRow[], limit: number) => {
      expect(rows.length).toBeLessThanOrEqual(limit);
      for (const row of rows) {
        expect(row).toMatchObject({ state: 'running', attempts: 1, lease_owner: `w${worker}` });
        claimedBy.set(row.id, [...(claimedBy.get(row.id) ?? []), worker]);
      }
    };
    const work = async (worker: number) => {
      const claim = { names: [NAME], owner: `w${worker}`, leaseMs: 60_000 };
      let held = await claimJobs(statements, { ...claim, limit: SLOTS });
      note(worker, held, SLOTS);
      while (held.length > 0) {
        const [row, ...rest] = held as [JobRow, ...JobRow[]];
        const limit = SLOTS - rest.length;
        const ended = await finishAndClaim(
          statements,
          { id: row.id, owner: claim.owner, attempt: row.attempts },
          { state: 'succeeded', attemptsDelta: 0, retryInMs: null, lastError: null },
          {
            name: NAME,
            resourceType: null,
            resourceId: null,
            status: 'SUCCESS',
            successCount: 1,
            errorCount: 0,
            details: { job_id: row.id },
            hostname: 'test',
            timeStart: new Date(),
            timeEnd: new Date(),
          },
          undefined,
          { ...claim, limit },
        );
        expect(ended.matched).toBe(true);
        note(worker, ended.claimed, limit);
        held = [...rest, ...ended.claimed];
        if (held.length === 0) {
          held = await claimJobs(statements, { ...claim, limit: SLOTS });
          note(worker, held, SLOTS);
        }
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, (_, worker) => work(worker)));

    expect([...claimedBy.values()].filter((workers) => workers.length !== 1)).toEqual([]);
    expect(claimedBy.size).toBe(JOBS);
    const { rows } = await database.pool.query<{ state: string; attempts: number; n: number }>(
      'SELECT state, attempts, count(*)::int AS n FROM jobs WHERE name = $1 GROUP BY 1, 2',
      [NAME],
    );
    expect(rows).toEqual([{ state: 'succeeded', attempts: 1, n: JOBS }]);
    const { rows: history } = await database.pool.query<{ n: number }>(
      "SELECT count(DISTINCT details->>'job_id')::int AS n FROM job_history WHERE name = $1 AND status = 'SUCCESS'",
      [NAME],
    );
    expect(history[0]?.n).toBe(JOBS);
  });
});
