import { afterAll, beforeAll, expect, it } from 'vitest';
import { enqueue } from './enqueue.js';
import { findJob } from './jobs.repo.js';
import { pruneJobsJob } from './prune-jobs.job.js';
import { createJobTestKit, type JobTestKit, waitFor } from './testing/job-test-kit.js';

let kit: JobTestKit;
beforeAll(async () => {
  kit = await createJobTestKit();
});
afterAll(() => kit.close());

it('deletes finished jobs and job history past retention, keeps recent and unfinished ones', async () => {
  const insertJob = async (state: string, finishedDaysAgo: number | null) => {
    const [row] = await kit.rows<{ id: string }>(
      `INSERT INTO jobs (name, state, finished_at) VALUES ('old_job', $1, now() - $2::int * interval '1 day')
       RETURNING id`,
      [state, finishedDaysAgo],
    );
    return row?.id ?? '';
  };
  const oldSucceeded = await insertJob('succeeded', 8);
  const oldDead = await insertJob('dead', 30);
  const recent = await insertJob('succeeded', 1);
  const pending = await insertJob('pending', null);
  await kit.rows(
    `INSERT INTO job_history (name, status, created_at, time_start)
     VALUES ('old_job', 'SUCCESS', now() - interval '31 days', now() - interval '31 days'),
            ('old_job', 'SUCCESS', now() - interval '2 days', now() - interval '2 days')`,
  );

  kit.startWorker([pruneJobsJob]);
  const id = await enqueue(kit.database.pool, pruneJobsJob, {});
  await waitFor(async () => (await findJob(kit.database.pool, id ?? ''))?.state === 'succeeded');

  const left = await kit.rows<{ id: string }>("SELECT id FROM jobs WHERE name = 'old_job' ORDER BY id");
  expect(left.map((row) => row.id).sort()).toEqual([recent, pending].sort());
  expect(left.map((row) => row.id)).not.toContain(oldSucceeded);
  expect(left.map((row) => row.id)).not.toContain(oldDead);
  const history = await kit.rows<{ n: number }>("SELECT count(*)::int AS n FROM job_history WHERE name = 'old_job'");
  expect(history[0]?.n).toBe(1);
  const [run] = await kit.rows<{ status: string; success_count: number; details: unknown }>(
    "SELECT status, success_count, details FROM job_history WHERE name = 'prune_job_queue'",
  );
  expect(run).toMatchObject({
    status: 'SUCCESS',
    success_count: 3,
    details: { summary: { jobs_deleted: 2, job_history_deleted: 1 } },
  });
});
