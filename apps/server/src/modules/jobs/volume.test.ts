import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { defineJob } from './job-definition.js';
import { createJobTestKit, type JobTestKit, waitFor } from './testing/job-test-kit.js';

let kit: JobTestKit;
beforeAll(async () => {
  kit = await createJobTestKit();
  await kit.rows('CREATE TABLE volume_done (job_id uuid PRIMARY KEY, runs integer NOT NULL DEFAULT 1)');
});
afterAll(() => kit.close());

const volumeJob = defineJob({
  name: 'test_volume',
  payload: z.object({ n: z.number().int() }),
  async handler({ job, deps }) {
    await deps.database.pool.query(
      'INSERT INTO volume_done (job_id) VALUES ($1) ON CONFLICT (job_id) DO UPDATE SET runs = volume_done.runs + 1',
      [job.id],
    );
    return { successCount: 1 };
  },
});

it('1,000 jobs over two workers in one process: each runs exactly once, on either engine', async () => {
  await kit.rows(
    `INSERT INTO jobs (name, payload, priority)
     SELECT 'test_volume', jsonb_build_object('n', g), g % 3 FROM generate_series(1, 1000) AS g`,
  );
  const started = Date.now();
  kit.startWorker([volumeJob], { concurrency: 8 });
  kit.startWorker([volumeJob], { concurrency: 8 });
  await waitFor(async () => {
    const [row] = await kit.rows<{ n: number }>("SELECT count(*)::int AS n FROM jobs WHERE state = 'succeeded'");
    return row?.n === 1000;
  }, 60_000);
  const elapsed = Date.now() - started;
  const [done] = await kit.rows<{ jobs: number; runs: number }>(
    'SELECT count(*)::int AS jobs, sum(runs)::int AS runs FROM volume_done',
  );
  expect(done).toEqual({ jobs: 1000, runs: 1000 });
  const [history] = await kit.rows<{ n: number }>(
    "SELECT count(*)::int AS n FROM job_history WHERE name = 'test_volume' AND status = 'SUCCESS'",
  );
  expect(history?.n).toBe(1000);
  console.info(`volume (${kit.database.engine}): 1000 jobs in ${elapsed} ms, ${Math.round(1000 / (elapsed / 1000))}/s`);
}, 90_000);
