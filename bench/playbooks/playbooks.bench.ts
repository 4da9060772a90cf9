/**
 * Playbook runs benchmark (issue 15): N queued runs (default 1,000) of a 3-action http playbook against
 * a local HTTP server, executed by two job workers on two separate connection pools (two replicas) over
 * one PostgreSQL database. Prints the wall time, throughput and the p50/p99 queue-to-start (a run's
 * created_at to its start_time), and fails (exit 1) unless every run completed and every action was
 * called exactly once.
 *
 *   node --import tsx bench/playbooks/playbooks.bench.ts [runs=1000] [concurrency=8]
 *
 * Uses the PostgreSQL at MC_TEST_DATABASE_URL (default postgres://root@127.0.0.1:5432/test) and a
 * throw-away database it creates and drops.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus } from 'node:os';
import { connectPostgres } from '@mc/db';
import { createPostgresTestUrl } from '@mc/db/testing';
import { enqueue, JobRegistry, JobWorker } from '../../apps/server/src/modules/jobs/index.js';
import { runPlaybookJob } from '../../apps/server/src/modules/playbooks/index.js';
import { loadConfig } from '../../apps/server/src/platform/config.js';
import { createLogger } from '../../apps/server/src/platform/logger.js';

const RUNS = Number(process.argv[2] ?? 1_000);
const CONCURRENCY = Number(process.argv[3] ?? 8);
const ACTIONS = ['a', 'b', 'c'];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function main(): Promise<void> {
  const hits = new Map<string, number>();
  const server = createServer((req, res) => {
    hits.set(req.url ?? '', (hits.get(req.url ?? '') ?? 0) + 1);
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`; // a TCP listener's address
  const { url, drop } = await createPostgresTestUrl();
  const replicas = [connectPostgres(url, { max: 10 }), connectPostgres(url, { max: 10 })];
  const logger = createLogger('warn', {}, () => {});
  const config = loadConfig({});
  const workers: JobWorker[] = [];
  try {
    const db = replicas[0];
    if (!db) throw new Error('no database');
    const spec = { actions: ACTIONS.map((name) => ({ name, http: { url: `${base}/{{ .run.id }}/${name}` } })) };
    const { rows } = await db.pool.query<{ id: string }>(
      "INSERT INTO playbooks (name, spec) VALUES ('bench', $1) RETURNING id",
      [JSON.stringify(spec)],
    );
    const playbookId = rows[0]?.id;
    const runIds: string[] = [];
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      for (let i = 0; i < RUNS; i += 1) {
        const run = await client.query<{ id: string }>(
          "INSERT INTO playbook_runs (playbook_id, status, spec, parameters) VALUES ($1, 'scheduled', $2, '{}') RETURNING id",
          [playbookId, JSON.stringify(spec)],
        );
        const id = run.rows[0]?.id ?? '';
        runIds.push(id);
        await enqueue(client, runPlaybookJob, { run_id: id }, { singletonKey: id });
      }
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    await db.pool.query('UPDATE playbook_runs SET created_at = now()');
    const started = performance.now();
    replicas.forEach((database, index) => {
      const worker = new JobWorker(
        new JobRegistry([runPlaybookJob]),
        { config, database, logger },
        {
          concurrency: CONCURRENCY,
          leaseMs: 30_000,
          pollIntervalMs: 50,
          owner: `bench-replica-${index}`,
          hostname: `bench-replica-${index}`,
        },
        logger,
      );
      worker.start();
      workers.push(worker);
    });
    for (;;) {
      const done = await db.pool.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM playbook_runs WHERE status IN ('completed', 'failed', 'timed_out')",
      );
      if ((done.rows[0]?.n ?? 0) >= RUNS) break;
      if (performance.now() - started > 15 * 60_000) throw new Error('runs did not finish within 15 minutes');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const seconds = (performance.now() - started) / 1000;
    const stats = await db.pool.query<{ status: string; wait_ms: number }>(
      'SELECT status, EXTRACT(EPOCH FROM (start_time - created_at)) * 1000 AS wait_ms FROM playbook_runs',
    );
    const waits = stats.rows.map((r) => Number(r.wait_ms)).sort((a, b) => a - b);
    const completed = stats.rows.filter((r) => r.status === 'completed').length;
    const actions = await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM playbook_run_actions');
    const byReplica = await db.pool.query<{ owner: string; n: number }>(
      "SELECT hostname AS owner, count(*)::int AS n FROM job_history WHERE name = 'run_playbook' GROUP BY 1",
    );
    const twice = runIds.flatMap((id) => ACTIONS.map((a) => hits.get(`/${id}/${a}`) ?? 0)).filter((n) => n !== 1);
    console.log(
      `playbook runs: ${RUNS} × ${ACTIONS.length} http actions, 2 replicas × concurrency ${CONCURRENCY}, ${cpus().length} CPUs`,
    );
    console.log(
      `  completed ${completed}/${RUNS}, action rows ${actions.rows[0]?.n}, actions not called exactly once: ${twice.length}`,
    );
    console.log(`  wall ${seconds.toFixed(1)} s, throughput ${(RUNS / seconds).toFixed(1)} runs/s`);
    console.log(
      `  queue-to-start p50 ${percentile(waits, 50).toFixed(0)} ms, p99 ${percentile(waits, 99).toFixed(0)} ms`,
    );
    console.log(`  job history rows: ${byReplica.rows.map((r) => `${r.owner} ${r.n}`).join(', ')}`);
    if (completed !== RUNS || twice.length > 0 || actions.rows[0]?.n !== RUNS * ACTIONS.length) process.exitCode = 1;
  } finally {
    await Promise.all(workers.map((w) => w.stop(0)));
    await Promise.all(replicas.map((r) => r.close()));
    await drop();
    server.close();
  }
}

await main();
