import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import { enqueue } from './enqueue.js';
import { defineJob } from './job-definition.js';
import { claimJobs, findJob } from './jobs.repo.js';
import { createJobTestKit, type JobTestKit } from './testing/job-test-kit.js';

const echoJob = defineJob({
  name: 'test_echo',
  payload: z.object({ n: z.number().int() }),
  maxAttempts: 3,
  resourceType: 'canary',
  async handler() {
    return undefined;
  },
});

let kit: JobTestKit;
beforeAll(async () => {
  kit = await createJobTestKit();
});
afterAll(() => kit.close());

describe('enqueue', () => {
  it('inserts a pending job with the definition defaults', async () => {
    const id = await enqueue(kit.database.pool, echoJob, { n: 1 }, { resource: { id: 'c-1' } });
    expect(id).toBeTruthy();
    const job = await findJob(kit.database.pool, id ?? '');
    expect(job).toMatchObject({
      name: 'test_echo',
      payload: { n: 1 },
      state: 'pending',
      attempts: 0,
      max_attempts: 3,
      priority: 0,
      resource_type: 'canary',
      resource_id: 'c-1',
    });
  });

  it('refuses an invalid payload or an unknown job name with a 400', async () => {
    await expect(enqueue(kit.database.pool, echoJob, { n: 'x' as unknown as number })).rejects.toMatchObject({
      code: 'bad_request',
      message: 'Invalid payload for job "test_echo"',
    });
    await expect(enqueue(kit.database.pool, 'no_such_job', {})).rejects.toBeInstanceOf(AppError);
  });

  it('keeps one pending or running job per singleton key, and allows a new one after it finished', async () => {
    const first = await enqueue(kit.database.pool, echoJob, { n: 2 }, { singletonKey: 'k' });
    const second = await enqueue(kit.database.pool, echoJob, { n: 3 }, { singletonKey: 'k' });
    expect(first).toBeTruthy();
    expect(second).toBeNull();
    await kit.rows("UPDATE jobs SET state = 'succeeded', finished_at = now() WHERE id = $1", [first]);
    expect(await enqueue(kit.database.pool, echoJob, { n: 4 }, { singletonKey: 'k' })).toBeTruthy();
  });

  it("joins the caller's transaction: a rollback leaves no job", async () => {
    const client = await kit.database.pool.connect();
    let id: string | null = null;
    try {
      await client.query('BEGIN');
      id = await enqueue(client, echoJob, { n: 5 });
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
    expect(await findJob(kit.database.pool, id ?? '')).toBeUndefined();
    await kit.database.db.transaction().execute(async (trx) => {
      id = await enqueue(trx, echoJob, { n: 6 });
    });
    expect(await findJob(kit.database.pool, id ?? '')).toMatchObject({ state: 'pending' });
  });

  it('claims by priority, then run_at, never a future job, and each job once', async () => {
    await kit.rows("DELETE FROM jobs WHERE name = 'test_echo'");
    const low = await enqueue(kit.database.pool, echoJob, { n: 10 });
    const high = await enqueue(kit.database.pool, echoJob, { n: 11 }, { priority: 5 });
    await enqueue(kit.database.pool, echoJob, { n: 12 }, { runAt: new Date(Date.now() + 60_000) });
    const claim = { names: ['test_echo'], limit: 10, owner: 'w1', leaseMs: 5_000 };
    const claimed = await claimJobs(kit.database.pool, claim);
    expect(claimed.map((job) => job.id)).toEqual([high, low]);
    expect(claimed[0]).toMatchObject({ state: 'running', attempts: 1, lease_owner: 'w1' });
    expect(claimed[0]?.locked_until?.getTime()).toBeGreaterThan(Date.now() + 3_000);
    expect(await claimJobs(kit.database.pool, { ...claim, owner: 'w2' })).toEqual([]);
    expect(await claimJobs(kit.database.pool, { ...claim, names: ['other'] })).toEqual([]);
  });
});
