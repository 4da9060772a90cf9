import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { loadMigrations } from '@mc/db';
import { createPostgresTestUrl, testAdminUrl, testEngine } from '@mc/db/testing';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer } from '../../test/server-process.js';
import { waitFor } from './testing/job-test-kit.js';
import { killSettled } from './testing/kill-settled.js';
import { QUEUE_TEST_TABLES } from './testing/queue-test.job.js';

const onPostgres = testEngine() === 'postgres';
/** Real processes on a shared 2-core machine: generous bounds; the figures are printed. */
const SLOW_TEST_MS = 150_000;
const WORKER = fileURLToPath(new URL('./testing/queue-test-worker.ts', import.meta.url));
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

if (!onPostgres) {
  console.info('multi-process job queue tests skipped: they need PostgreSQL (run with MC_TEST_ENGINE=postgres)');
}

/**
 * main.ts installs its SIGTERM handler only once startServer has returned, a little after the
 * readiness log lines; a signal in that gap would kill the process outright. Give it a moment.
 */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1_500));

/**
 * A pool whose clients' errors are absorbed: the forced drop of the test database terminates clients
 * that pool.end() is still closing, and an error nobody listens to fails the whole run.
 */
function quietPool(url: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

async function adminQuery(text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: testAdminUrl() });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/** A fresh database with no tables at all, as a first deployment sees it. */
async function createEmptyDatabase(): Promise<string> {
  const name = `mc_test_empty_${randomBytes(5).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  cleanups.push(() => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  const url = new URL(testAdminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

interface WorkerProcess {
  child: ChildProcess;
  ready: Promise<void>;
  exited: Promise<number | null>;
}

function spawnWorker(env: Record<string, string>): WorkerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const ready = new Promise<void>((resolve, reject) => {
    let buffer = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      if (buffer.includes('"test worker ready"')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`test worker exited with ${code} before it was ready`)));
  });
  ready.catch(() => {});
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  return { child, ready, exited };
}

describe.skipIf(!onPostgres)('replicas on one PostgreSQL (skipped unless MC_TEST_ENGINE=postgres)', () => {
  it(
    'two server processes started together on an empty database migrate once and both serve /health',
    async () => {
      const url = await createEmptyDatabase();
      const servers = [spawnServer({ DATABASE_URL: url }), spawnServer({ DATABASE_URL: url })];
      for (const server of servers) {
        cleanups.push(async () => {
          if (server.child.exitCode === null) server.child.kill('SIGKILL');
        });
      }
      const urls = await Promise.all(servers.map((server) => server.url));
      for (const base of urls) {
        const health = await fetch(`${base}/health`);
        expect(health.status).toBe(200);
      }
      const client = new pg.Client({ connectionString: url });
      client.on('error', () => {});
      await client.connect();
      try {
        const { rows } = await client.query<{ name: string; copies: number }>(
          'SELECT name, count(*)::int AS copies FROM schema_migrations GROUP BY name ORDER BY name',
        );
        expect(rows.map((row) => row.name)).toEqual(loadMigrations().map((migration) => migration.name));
        expect(rows.every((row) => row.copies === 1)).toBe(true);
      } finally {
        await client.end();
      }
      const applied = servers.map((server) =>
        Number(server.logs.find((entry) => entry.msg === 'database ready')?.migrationsApplied),
      );
      expect(applied.sort((a, b) => a - b)).toEqual([0, loadMigrations().length]);
      // Stopped only once each has started its job runtime: a signal while start-up still runs waits for it, and
      // on the loaded CI machine (tsx compiling the job thread) start-up and stop together outlasted the hard
      // stop (MC_SHUTDOWN_TIMEOUT_MS + 5 s): both exited 1 with no error line in the second rehearsal.
      await waitFor(
        async () => servers.every((server) => server.logs.some((entry) => entry.msg === 'job runtime started')),
        60_000,
      );
      await settle();
      for (const server of servers) server.child.kill('SIGTERM');
      const codes = await Promise.all(servers.map((server) => server.exited));
      // a failed stop names its reason in the server's own error lines, a hard stop by the last lines before it
      const errors = servers.flatMap((server) => server.logs.filter((entry) => entry.level === 'error'));
      const last = servers.map((server) => server.logs.slice(-6).map((entry) => entry.msg));
      expect(codes, JSON.stringify({ errors, last })).toEqual([0, 0]);
    },
    SLOW_TEST_MS,
  );

  it(
    'MC_ROLE=worker runs only workers and MC_ROLE=http only HTTP',
    async () => {
      const { url, drop } = await createPostgresTestUrl();
      cleanups.push(drop);
      const worker = spawnServer({ DATABASE_URL: url, MC_ROLE: 'worker' });
      const http = spawnServer({ DATABASE_URL: url, MC_ROLE: 'http' });
      await http.url;
      expect((await fetch(`${await http.url}/health`)).status).toBe(200);
      await waitFor(async () => worker.logs.some((entry) => entry.msg === 'job runtime started'));
      expect(worker.logs.some((entry) => entry.msg === 'http listening')).toBe(false);
      expect(http.logs.some((entry) => entry.msg === 'job runtime started')).toBe(false);
      await settle();
      worker.child.kill('SIGTERM');
      http.child.kill('SIGTERM');
      expect(await Promise.all([worker.exited, http.exited])).toEqual([0, 0]);
    },
    SLOW_TEST_MS,
  );

  it(
    '2,000 jobs over 3 worker processes, one killed with SIGKILL midway: each job completes exactly once',
    async () => {
      const { url, drop } = await createPostgresTestUrl();
      cleanups.push(drop);
      const pool = quietPool(url);
      cleanups.push(() => pool.end());
      await pool.query(QUEUE_TEST_TABLES);
      await pool.query(
        `INSERT INTO jobs (name, payload, max_attempts)
       SELECT 'queue_test', jsonb_build_object('n', g, 'workMs', 10), 5 FROM generate_series(1, 2000) AS g`,
      );
      const env = {
        DATABASE_URL: url,
        MC_JOB_LEASE_MS: '2000',
        MC_JOB_POLL_INTERVAL_MS: '100',
        MC_WORKER_CONCURRENCY: '8',
        MC_SHUTDOWN_TIMEOUT_MS: '5000',
      };
      const started = Date.now();
      const workers = [spawnWorker(env), spawnWorker(env), spawnWorker(env)];
      await Promise.all(workers.map((worker) => worker.ready));
      const count = async (text: string, values: unknown[] = []) =>
        (await pool.query<{ n: number }>(text, values)).rows[0]?.n ?? 0;

      const victim = workers[0];
      const victimPid = victim?.child.pid ?? 0;
      const heldByVictim = async () =>
        (
          await pool.query<{ id: string }>("SELECT id FROM jobs WHERE state = 'running' AND lease_owner LIKE $1", [
            `%/${victimPid}/%`,
          ])
        ).rows;
      await waitFor(async () => {
        const done = await count('SELECT count(*)::int AS n FROM queue_test_done');
        return done >= 400 && (await heldByVictim()).length > 0;
      }, 30_000);
      const killedAt = Date.now();
      // Read once the process is gone and its last statements are over (a completion it sent just before the
      // kill still commits, and claims more jobs), with its leases running for another second or more:
      // exactly what it held.
      if (victim) await killSettled(victim, pool, url);
      const held = await heldByVictim();
      expect(held.length).toBeGreaterThan(0);

      await waitFor(
        async () => (await count("SELECT count(*)::int AS n FROM jobs WHERE state = 'succeeded'")) === 2000,
        90_000,
      );
      const elapsed = Date.now() - started;

      expect(await count("SELECT count(*)::int AS n FROM jobs WHERE state <> 'succeeded'")).toBe(0);
      expect(await count('SELECT count(*)::int AS n FROM queue_test_done')).toBe(2000);
      const successRows = await pool.query<{ job_id: string; n: number }>(
        `SELECT details->>'job_id' AS job_id, count(*)::int AS n FROM job_history
       WHERE name = 'queue_test' AND status = 'SUCCESS' AND NOT (details ? 'lease_lost')
       GROUP BY 1`,
      );
      expect(successRows.rows).toHaveLength(2000);
      expect(successRows.rows.every((row) => row.n === 1)).toBe(true);

      // Jobs run more than once are exactly ones the killed worker had started; the others took them over.
      const rerun = await pool.query<{ job_id: string; pids: number[] }>(
        `SELECT job_id::text, array_agg(pid ORDER BY at) AS pids FROM queue_test_executions
       GROUP BY job_id HAVING count(*) > 1`,
      );
      for (const row of rerun.rows) {
        expect(row.pids[0]).toBe(victimPid);
        expect(row.pids.slice(1).every((pid) => pid !== victimPid)).toBe(true);
      }
      const heldIds = held.map((row) => row.id);
      const retried = await pool.query<{ attempts: number; lease_expired: number; retried_at: Date }>(
        `SELECT j.attempts,
              (SELECT count(*)::int FROM job_history h WHERE h.details->>'job_id' = j.id::text AND h.status = 'FAILED'
                 AND h.details->'errors' ? 'lease expired: the worker stopped renewing it') AS lease_expired,
              (SELECT max(at) FROM queue_test_executions e WHERE e.job_id = j.id) AS retried_at
       FROM jobs j WHERE j.id = ANY($1::uuid[])`,
        [heldIds],
      );
      for (const row of retried.rows) {
        expect(row.attempts).toBe(2);
        expect(row.lease_expired).toBe(1);
        expect(row.retried_at.getTime()).toBeGreaterThan(killedAt);
      }
      console.info(
        `multi-process queue: 2000 jobs in ${elapsed} ms over 3 workers; killed pid ${victimPid} holding ` +
          `${heldIds.length} jobs, ${rerun.rows.length} jobs ran twice and completed once`,
      );

      for (const worker of workers.slice(1)) worker.child.kill('SIGTERM');
      expect(await Promise.all(workers.slice(1).map((worker) => worker.exited))).toEqual([0, 0]);
    },
    SLOW_TEST_MS,
  );

  it(
    'SIGTERM lets a short job finish and hands a long one back to the queue, then exits 0',
    async () => {
      const { url, drop } = await createPostgresTestUrl();
      cleanups.push(drop);
      const pool = quietPool(url);
      cleanups.push(() => pool.end());
      await pool.query(QUEUE_TEST_TABLES);
      const { rows } = await pool.query<{ id: string; work: number }>(
        `INSERT INTO jobs (name, payload)
         VALUES ('queue_test', '{"n": 1, "workMs": 1500}'), ('queue_test', '{"n": 2, "workMs": 9000}')
         RETURNING id, (payload->>'workMs')::int AS work`,
      );
      const short = rows.find((row) => row.work === 1500)?.id;
      const long = rows.find((row) => row.work === 9000)?.id;
      const worker = spawnWorker({ DATABASE_URL: url, MC_SHUTDOWN_TIMEOUT_MS: '3000' });
      await worker.ready;
      await waitFor(async () => (await pool.query('SELECT 1 FROM queue_test_executions')).rows.length === 2, 30_000);
      const signalled = Date.now();
      worker.child.kill('SIGTERM');
      expect(await worker.exited).toBe(0);
      expect(Date.now() - signalled).toBeLessThan(3_000 + 2_500);
      const jobs = await pool.query<{ id: string; state: string; attempts: number }>(
        'SELECT id, state, attempts FROM jobs WHERE id = ANY($1::uuid[])',
        [[short, long]],
      );
      expect(jobs.rows.find((row) => row.id === short)).toMatchObject({ state: 'succeeded', attempts: 1 });
      expect(jobs.rows.find((row) => row.id === long)).toMatchObject({ state: 'pending', attempts: 0 });
      const history = await pool.query<{ job_id: string; status: string }>(
        "SELECT details->>'job_id' AS job_id, status FROM job_history WHERE name = 'queue_test'",
      );
      expect(history.rows).toHaveLength(2);
      expect(history.rows).toEqual(
        expect.arrayContaining([
          { job_id: short, status: 'SUCCESS' },
          { job_id: long, status: 'STOPPED' },
        ]),
      );
    },
    SLOW_TEST_MS,
  );
});
