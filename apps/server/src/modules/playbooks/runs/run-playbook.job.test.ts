import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue } from '../../jobs/index.js';
import { createJobTestKit, type JobTestKit, waitFor } from '../../jobs/testing/job-test-kit.js';
import { runPlaybookJob } from './run-playbook.job.js';

/**
 * Runs on the real job queue: two workers (as two replicas) claim queued runs of a 3-action http
 * playbook; every run completes and every action is called exactly once.
 */
let kit: JobTestKit;
let target: Server;
let base: string;
const hits = new Map<string, number>();
const RUNS = 20;

beforeAll(async () => {
  target = createServer((req, res) => {
    hits.set(req.url ?? '', (hits.get(req.url ?? '') ?? 0) + 1);
    res.end('{}');
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  kit = await createJobTestKit();
});
afterAll(async () => {
  await kit.close();
  target.close();
});

describe('run_playbook on the job queue', () => {
  it('completes each run exactly once across two workers', async () => {
    const spec = {
      actions: ['a', 'b', 'c'].map((name) => ({ name, http: { url: `${base}/{{ .run.id }}/${name}` } })),
    };
    const [playbook] = await kit.rows<{ id: string }>(
      "INSERT INTO playbooks (name, spec) VALUES ('queued', $1) RETURNING id",
      [JSON.stringify(spec)],
    );
    const runIds: string[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const [run] = await kit.rows<{ id: string }>(
        "INSERT INTO playbook_runs (playbook_id, status, spec, parameters) VALUES ($1, 'scheduled', $2, '{}') RETURNING id",
        [playbook?.id, JSON.stringify(spec)],
      );
      runIds.push(run?.id ?? '');
      await enqueue(kit.database.pool, runPlaybookJob, { run_id: run?.id ?? '' }, { singletonKey: run?.id });
    }
    kit.startWorker([runPlaybookJob]);
    kit.startWorker([runPlaybookJob]);
    await waitFor(async () => {
      const [row] = await kit.rows<{ n: number }>(
        "SELECT count(*)::int AS n FROM playbook_runs WHERE status = 'completed'",
      );
      return (row?.n ?? 0) === RUNS;
    }, 30_000);
    for (const id of runIds) {
      for (const name of ['a', 'b', 'c']) expect(hits.get(`/${id}/${name}`)).toBe(1);
    }
    const [actions] = await kit.rows<{ n: number }>('SELECT count(*)::int AS n FROM playbook_run_actions');
    expect(actions?.n).toBe(RUNS * 3);
  });
});
