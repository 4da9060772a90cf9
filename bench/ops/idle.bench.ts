/**
 * The idle server's own CPU (issue 32, items 2 and 6): `main.ts` as users run it (MC_ROLE=all, a freshly
 * migrated database, no agent, no user, no check) left to settle for `settleS` (start-up scrape, topology
 * build, first schedules), then measured for `measureS`: the server process's CPU (utime+stime of every
 * thread, from /proc) and, on PostgreSQL, its database's backends (bench/agents/postgres-cpu.ts, as the
 * agents ingest bench counts its idle share), with the database's transactions per second. On the embedded
 * database (PGlite) the database runs inside the process, so its CPU is part of the process's figure.
 * Prints ms of CPU per second beside the targets (Node ≤ 5 ms/s, PostgreSQL ≤ 2 ms/s; embedded: the
 * process ≤ 7 ms/s), each thread's share, and the load average; exits 1 on a miss.
 *
 *   node --import tsx bench/ops/idle.bench.ts [settleS=75] [measureS=60] [engines=postgres,pglite]
 *
 * PostgreSQL: a throw-away database on MC_TEST_DATABASE_URL's server (default postgres://root@127.0.0.1:5432/test).
 * MC_BENCH_CPU_PROF=<dir> writes the server's V8 CPU profiles there at exit (bench/health/bench-server.ts).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPostgresTestUrl } from '@mc/db/testing';
import pg from 'pg';
import { postgresCpuSampler } from '../agents/postgres-cpu.js';
import { type BenchServer, sleep, startBenchServer } from '../health/bench-server.js';
import { threadCpu, threadShares } from './thread-cpu.js';

const SETTLE_MS = Number(process.argv[2] ?? 75) * 1000;
const MEASURE_MS = Number(process.argv[3] ?? 60) * 1000;
const ENGINES = (process.argv[4] ?? 'postgres,pglite').split(',');
/** Idle CPU targets, ms per second (issue 32). */
const TARGET_NODE = 5;
const TARGET_POSTGRES = 2;

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/** Transactions committed in this database so far (the pg_stat_database counter, a snapshot per transaction). */
async function commits(client: pg.Client): Promise<number> {
  await client.query('SELECT pg_stat_clear_snapshot()');
  const { rows } = await client.query<{ n: string }>(
    'SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()',
  );
  return Number(rows[0]?.n ?? 0);
}

async function measure(engine: string): Promise<boolean> {
  const dir = mkdtempSync(join(tmpdir(), 'mc-idle-bench-'));
  const created = engine === 'postgres' ? await createPostgresTestUrl() : undefined;
  const env: Record<string, string> = created
    ? { DATABASE_URL: created.url, MC_DATA_DIR: dir }
    : { MC_DATA_DIR: dir, DATABASE_URL: '' };
  let server: BenchServer | undefined;
  const client = created ? new pg.Client({ connectionString: created.url }) : undefined;
  try {
    server = await startBenchServer(env);
    await sleep(SETTLE_MS);
    await client?.connect();
    const pid = server.child.pid ?? 0;
    const sampler = client ? postgresCpuSampler(client) : undefined;
    const commits0 = client ? await commits(client) : 0;
    const threads0 = threadCpu(pid);
    const node0 = server.cpuMs();
    await sleep(MEASURE_MS);
    const nodeMs = server.cpuMs() - node0;
    const threads1 = threadCpu(pid);
    const seconds = MEASURE_MS / 1000;
    const nodePerS = nodeMs / seconds;
    const figures = await sampler?.stop();
    // the sampler's own statements (one a second, plus this count's) are not the server's
    const transactions = client ? (await commits(client)) - commits0 - seconds - 2 : 0;
    const postgresPerS = (figures?.backendsMs ?? 0) / seconds;
    const held = created
      ? nodePerS <= TARGET_NODE && postgresPerS <= TARGET_POSTGRES
      : nodePerS <= TARGET_NODE + TARGET_POSTGRES;
    const target = created
      ? `target Node ≤ ${TARGET_NODE} + PostgreSQL ≤ ${TARGET_POSTGRES}`
      : `target ≤ ${TARGET_NODE + TARGET_POSTGRES} (Node ${TARGET_NODE} + database ${TARGET_POSTGRES})`;
    const database = created
      ? ` + PostgreSQL ${postgresPerS.toFixed(1)} ms/s (this database's backends; ${(transactions / seconds).toFixed(1)} transactions/s)`
      : ' (the process, the embedded database included)';
    console.log(
      `${engine}: idle server over ${seconds} s after ${SETTLE_MS / 1000} s settling: Node ${nodePerS.toFixed(1)} ms/s${database} — ${target}: ${held ? 'held' : 'MISSED'}; load ${load()}`,
    );
    console.log(`  threads (ms/s): ${threadShares(threads0, threads1, seconds)}`);
    return held;
  } finally {
    await server?.stop();
    await client?.end();
    await created?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
console.log(
  `idle bench: ${cpus().length} CPUs, load ${load()}, ${new Date().toISOString()}, commit ${commit}, node ${process.version}`,
);
let passed = true;
for (const engine of ENGINES) passed = (await measure(engine)) && passed;
console.log(passed ? 'PASS' : 'FAIL');
process.exit(passed ? 0 : 1);
