/**
 * Job history page benchmark (issue 5): 1,000,000 job_history rows on PostgreSQL, then the Job history
 * page's queries — a page of 150 from the job_histories view under each filter combination the page
 * offers — timed over many runs. Prints p50/p95/p99 per query and fails (exit 1) if a page's p99 is
 * above 30 ms.
 *
 *   node --import tsx bench/jobs/job-history.bench.ts [rows=1000000] [runs=300]
 *
 * Uses the PostgreSQL at MC_TEST_DATABASE_URL (default postgres://root@127.0.0.1:5432/test) and a
 * throw-away database it creates and drops; MC_BENCH_DATABASE_URL instead names a migrated database to
 * keep (seeded on first use) for repeated runs.
 */
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { createPostgresTestUrl } from '@mc/db/testing';
import pg from 'pg';

const ROWS = Number(process.argv[2] ?? 1_000_000);
const RUNS = Number(process.argv[3] ?? 300);
const PAGE = 150;
const BUDGET_P99_MS = 30;

/** The page's base: the view, ordered newest first, one page (what /api/db/job_histories?…&limit=150 runs). */
const page = (where: string) =>
  `SELECT id, name, resource_type, resource_id, resource_name, agent, status, duration_millis, success_count,
     error_count, details, time_start, time_end, created_at
   FROM job_histories WHERE ${where} ORDER BY created_at DESC LIMIT ${PAGE}`;

const TWO_DAYS = `created_at >= now() - interval '2 days'`;
const NOT_SUCCESS = `NOT (status IN ('SUCCESS'))`;

/** The filter combinations of the page (001 §2, §9): defaults, duration, resource type, name, wider ranges. */
const QUERIES: { label: string; sql: string }[] = [
  { label: 'default: last 2d, status SUCCESS:-1', sql: page(`${TWO_DAYS} AND ${NOT_SUCCESS}`) },
  { label: 'last 2d, all statuses', sql: page(TWO_DAYS) },
  {
    label: '2d, not SUCCESS, duration >= 60s',
    sql: page(`${TWO_DAYS} AND ${NOT_SUCCESS} AND duration_millis >= 60000`),
  },
  {
    label: '2d, not SUCCESS, duration >= 15m',
    sql: page(`${TWO_DAYS} AND ${NOT_SUCCESS} AND duration_millis >= 900000`),
  },
  {
    label: '2d, not SUCCESS, type config_scraper',
    sql: page(`${TWO_DAYS} AND ${NOT_SUCCESS} AND resource_type IN ('config_scraper')`),
  },
  {
    label: '2d, type canary, name = CanaryCheck',
    sql: page(`${TWO_DAYS} AND resource_type IN ('canary') AND name = 'CanaryCheck'`),
  },
  { label: '2d, status FAILED only', sql: page(`${TWO_DAYS} AND status IN ('FAILED')`) },
  {
    label: '7d, not SUCCESS, type topology, >= 30s',
    sql: page(
      `created_at >= now() - interval '7 days' AND ${NOT_SUCCESS} AND resource_type IN ('topology') AND duration_millis >= 30000`,
    ),
  },
  {
    label: '30d, name = TopologyRun, not SUCCESS',
    sql: page(`created_at >= now() - interval '30 days' AND name = 'TopologyRun' AND ${NOT_SUCCESS}`),
  },
  { label: 'page 5 (offset 600) of the default', sql: `${page(`${TWO_DAYS} AND ${NOT_SUCCESS}`)} OFFSET 600` },
  { label: 'job_history_names (name filter options)', sql: 'SELECT name FROM job_history_names' },
];

/** Exact counts the page asks for with Prefer: count=exact (reported, not budgeted). */
const COUNTS: { label: string; sql: string }[] = [
  { label: 'count: default filters', sql: `SELECT count(*) FROM job_history WHERE ${TWO_DAYS} AND ${NOT_SUCCESS}` },
  { label: 'count: last 2d, all statuses', sql: `SELECT count(*) FROM job_history WHERE ${TWO_DAYS}` },
];

const JOB_NAMES = [
  'CanaryCheck',
  'TopologyRun',
  'ScraperRun',
  'SyncCheckStatuses',
  'CleanupEventQueue',
  'RefreshSummaries',
  'PushToUpstream',
  'Retention',
];

async function seed(pool: pg.Pool): Promise<void> {
  const started = performance.now();
  await pool.query(`INSERT INTO canaries (name) SELECT 'canary-' || g FROM generate_series(1, 200) g`);
  await pool.query(`INSERT INTO topologies (name) SELECT 'topology-' || g FROM generate_series(1, 50) g`);
  await pool.query(`INSERT INTO config_scrapers (name) SELECT 'scraper-' || g FROM generate_series(1, 30) g`);
  await pool.query(`INSERT INTO agents (name) SELECT 'agent-' || g FROM generate_series(1, 5) g`);
  // 30 days of history; 85 % SUCCESS, the rest FAILED / WARNING / RUNNING / STOPPED; durations from 20 ms to ~20 min.
  await pool.query(
    `WITH ids AS (
       SELECT (SELECT array_agg(id::text) FROM canaries) AS canaries, (SELECT array_agg(id::text) FROM topologies) AS topologies,
              (SELECT array_agg(id::text) FROM config_scrapers) AS scrapers, (SELECT array_agg(id) FROM agents) AS agents
     )
     INSERT INTO job_history (id, agent_id, name, success_count, error_count, details, hostname, duration_millis, resource_type,
       resource_id, status, time_start, time_end, created_at)
     SELECT gen_random_uuid(), agents[1 + g % array_length(agents, 1)], ($1::text[])[1 + g % 8],
       CASE WHEN st = 'FAILED' THEN 0 ELSE 1 + g % 40 END, CASE WHEN st = 'SUCCESS' THEN 0 ELSE 1 + g % 3 END,
       CASE WHEN st = 'SUCCESS' THEN NULL ELSE jsonb_build_object('errors', jsonb_build_array('timeout talking to the API')) END,
       'mc-0', dur, rt,
       CASE rt WHEN 'canary' THEN canaries[1 + g % 200] WHEN 'topology' THEN topologies[1 + g % 50]
         WHEN 'config_scraper' THEN scrapers[1 + g % 30] END,
       st, at, at + make_interval(secs => dur / 1000.0), at
     FROM ids, generate_series(1, $2::int) AS g
     CROSS JOIN LATERAL (SELECT
       (ARRAY['canary', 'canary', 'canary', 'topology', 'config_scraper', NULL])[1 + (g / 8) % 6] AS rt,
       CASE WHEN g % 100 < 85 THEN 'SUCCESS' WHEN g % 100 < 92 THEN 'FAILED' WHEN g % 100 < 97 THEN 'WARNING'
         WHEN g % 100 < 99 THEN 'RUNNING' ELSE 'STOPPED' END AS st,
       (20 + (g::bigint * 7919 % 1200000) * (g % 7) / 6)::int AS dur,
       now() - make_interval(secs => (g::bigint * 2592000 / $2::int)) AS at) AS v`,
    [JOB_NAMES, ROWS],
  );
  await pool.query('VACUUM ANALYZE job_history');
  console.log(
    `seeded ${ROWS.toLocaleString('en')} job_history rows in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** CPU milliseconds a process has used (user + system), from /proc; undefined where /proc is not readable. */
function cpuMs(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime are fields 14 and 15 of /proc/<pid>/stat, in clock ticks (100 per second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

interface Timing {
  /** CPU time the PostgreSQL backend spent per query (no waiting for a CPU counted). */
  cpu: number;
  /** The fastest run: the query's own cost when the machine lets it run at once. */
  min: number;
  p50: number;
  p95: number;
  p99: number;
  /** p99 of planning + execution as the server measured it (EXPLAIN ANALYZE, timing off): no client or network time. */
  serverP99: number;
  rows: number;
}

async function time(pool: pg.Pool, sql: string, backend: number): Promise<Timing> {
  let rows = 0;
  for (let i = 0; i < 10; i++) rows = (await pool.query(sql)).rowCount ?? 0;
  const cpuBefore = cpuMs(backend);
  for (let i = 0; i < RUNS; i++) await pool.query(sql);
  const cpuAfter = cpuMs(backend);
  const cpu = cpuBefore === undefined || cpuAfter === undefined ? Number.NaN : (cpuAfter - cpuBefore) / RUNS;
  const samples: number[] = [];
  const server: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await pool.query(sql);
    samples.push(performance.now() - started);
    const { rows: plan } = await pool.query(`EXPLAIN (ANALYZE, TIMING OFF, FORMAT JSON) ${sql}`);
    // EXPLAIN … FORMAT JSON answers one row holding a one-element array.
    const [root] = plan[0]['QUERY PLAN'] as { 'Planning Time': number; 'Execution Time': number }[];
    server.push((root?.['Planning Time'] ?? 0) + (root?.['Execution Time'] ?? 0));
  }
  samples.sort((a, b) => a - b);
  server.sort((a, b) => a - b);
  return {
    cpu,
    min: samples[0] ?? Number.NaN,
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    p99: percentile(samples, 99),
    serverP99: percentile(server, 99),
    rows,
  };
}

const keep = process.env.MC_BENCH_DATABASE_URL;
const { url, drop } = keep ? { url: keep, drop: async () => {} } : await createPostgresTestUrl();
const pool = new pg.Pool({ connectionString: url, max: 1 });
let failed = false;
try {
  if (!keep || Number((await pool.query('SELECT count(*) AS n FROM job_history')).rows[0].n) === 0) await seed(pool);
  const backend = Number((await pool.query('SELECT pg_backend_pid() AS pid')).rows[0].pid);
  console.log(`\nJob history page of ${PAGE} on PostgreSQL, ${RUNS} runs each (ms; cpu/q = backend CPU per query):`);
  console.log(
    `load average before the runs: ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')} on ${cpus().length} cores`,
  );
  console.log(
    `${'query'.padEnd(44)} ${'rows'.padStart(5)} ${'min'.padStart(6)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'p99'.padStart(7)} ${'srv p99'.padStart(8)} ${'cpu/q'.padStart(6)}`,
  );
  for (const query of [...QUERIES, ...COUNTS]) {
    const result = await time(pool, query.sql, backend);
    const budgeted = !query.label.startsWith('count:');
    const over = budgeted && result.p99 > BUDGET_P99_MS;
    if (over) failed = true;
    console.log(
      `${query.label.padEnd(44)} ${String(result.rows).padStart(5)} ${result.min.toFixed(2).padStart(6)} ${result.p50.toFixed(2).padStart(7)} ${result.p95.toFixed(2).padStart(7)} ${result.p99.toFixed(2).padStart(7)} ${result.serverP99.toFixed(2).padStart(8)} ${result.cpu.toFixed(2).padStart(6)}${over ? '  OVER BUDGET' : ''}`,
    );
  }
  console.log(`\n${failed ? 'FAIL' : 'PASS'}: every page query p99 ${failed ? 'NOT ' : ''}<= ${BUDGET_P99_MS} ms`);
} finally {
  await pool.end();
  await drop();
}
process.exit(failed ? 1 : 0);
