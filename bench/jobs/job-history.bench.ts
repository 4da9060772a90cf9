/**
 * Job history page benchmark (issue 5): 1,000,000 job_history rows on PostgreSQL, then the Job history
 * page's request — a page of 150 from `/api/db/job_histories` under each filter combination the page
 * offers, with `Prefer: count=estimated` as the console sends it — through the real data API over HTTP,
 * beside the same page sent straight through `pg` (page query + planner estimate) in the same run.
 * The API is called as a signed-in viewer with the real access policy; a second, labelled `open` column
 * times the data API alone with the allow-everything policy, to show what sign-in and the policy cost.
 * The baseline asks the planner once per statement and values every 10 s, as the data API does
 * (read-handler.ts), so neither side has a cache the other lacks. Prints p50/p99 of each, their ratio
 * and the target beside each page, and fails (exit 1) if an API page's p99 (session) is above 30 ms.
 *
 *   node --import tsx bench/jobs/job-history.bench.ts [rows=1000000] [runs=300]
 *
 * Uses the PostgreSQL at MC_TEST_DATABASE_URL (default postgres://root@127.0.0.1:5432/test) and a
 * throw-away database it creates and drops; MC_BENCH_DATABASE_URL instead names a migrated database to
 * keep (seeded on first use) for repeated runs.
 */
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createPostgresTestUrl } from '@mc/db/testing';
import pg from 'pg';
import { startDataApiServer } from '../data-api/start.js';

const ROWS = Number(process.argv[2] ?? 1_000_000);
const RUNS = Number(process.argv[3] ?? 300);
const PAGE = 150;
const BUDGET_P99_MS = 30;
const COLUMNS =
  'id,name,time_start,time_end,created_at,resource_name,resource_id,resource_type,agent,status,duration_millis,success_count,error_count,hostname,details';

interface Case {
  label: string;
  /** The console's filters as data-API query parameters. */
  api: string[];
  /** The same filters in SQL over the job_histories view ($1 = the range start). */
  where: string;
  days: number;
  offset?: number;
}

const NOT_SUCCESS = { api: 'status=not.in.("SUCCESS")', sql: `NOT (status IN ('SUCCESS'))` };

/** The filter combinations of the page (001 §2, §9): defaults, duration, resource type, name, wider ranges. */
const CASES: Case[] = [
  { label: 'default: last 2d, status SUCCESS:-1', days: 2, api: [NOT_SUCCESS.api], where: NOT_SUCCESS.sql },
  { label: 'last 2d, all statuses', days: 2, api: [], where: 'TRUE' },
  {
    label: '2d, not SUCCESS, duration >= 60s',
    days: 2,
    api: [NOT_SUCCESS.api, 'duration_millis=gte.60000'],
    where: `${NOT_SUCCESS.sql} AND duration_millis >= 60000`,
  },
  {
    label: '2d, not SUCCESS, duration >= 15m',
    days: 2,
    api: [NOT_SUCCESS.api, 'duration_millis=gte.900000'],
    where: `${NOT_SUCCESS.sql} AND duration_millis >= 900000`,
  },
  {
    label: '2d, not SUCCESS, type config_scraper',
    days: 2,
    api: [NOT_SUCCESS.api, 'resource_type=eq.config_scraper'],
    where: `${NOT_SUCCESS.sql} AND resource_type = 'config_scraper'`,
  },
  {
    label: '2d, type canary, name = CanaryCheck',
    days: 2,
    api: ['resource_type=eq.canary', 'name=eq.CanaryCheck'],
    where: `resource_type = 'canary' AND name = 'CanaryCheck'`,
  },
  { label: '2d, status FAILED only', days: 2, api: ['status=in.("FAILED")'], where: `status IN ('FAILED')` },
  {
    label: '7d, not SUCCESS, type topology, >= 30s',
    days: 7,
    api: [NOT_SUCCESS.api, 'resource_type=eq.topology', 'duration_millis=gte.30000'],
    where: `${NOT_SUCCESS.sql} AND resource_type = 'topology' AND duration_millis >= 30000`,
  },
  {
    label: '30d, name = TopologyRun, not SUCCESS',
    days: 30,
    api: [NOT_SUCCESS.api, 'name=eq.TopologyRun'],
    where: `${NOT_SUCCESS.sql} AND name = 'TopologyRun'`,
  },
  {
    label: 'page 5 (offset 600) of the default',
    days: 2,
    offset: 600,
    api: [NOT_SUCCESS.api],
    where: NOT_SUCCESS.sql,
  },
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

/** p50 and p99 of `RUNS` sequential calls (one user paging), after a warm-up. */
async function time(call: () => Promise<unknown>): Promise<{ p50: number; p99: number }> {
  for (let i = 0; i < 10; i++) await call();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await call();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
}

const keep = process.env.MC_BENCH_DATABASE_URL;
const { url, drop } = keep ? { url: keep, drop: async () => {} } : await createPostgresTestUrl();
const pool = new pg.Pool({ connectionString: url, max: 2 });
let failed = false;
const servers: Awaited<ReturnType<typeof startDataApiServer>>[] = [];
/** EXPLAIN kept 10 s per statement and values: the data API's own rule for `count=estimated`. */
const estimates = new Map<string, { at: number; rows: Promise<unknown> }>();
const explain = (text: string, params: unknown[]) => {
  const key = `${text}\u0000${JSON.stringify(params)}`;
  const hit = estimates.get(key);
  if (hit && Date.now() - hit.at < 10_000) return hit.rows;
  const rows = pool.query(`EXPLAIN (FORMAT JSON) ${text}`, params);
  estimates.set(key, { at: Date.now(), rows });
  return rows;
};
try {
  if (!keep || Number((await pool.query('SELECT count(*) AS n FROM job_history')).rows[0].n) === 0) await seed(pool);
  const api = await startDataApiServer(url, 1, 'session');
  const open = await startDataApiServer(url, 1, 'open');
  servers.push(api, open);
  console.log(`\nJob history page of ${PAGE}, ${RUNS} sequential runs each (ms): data API over HTTP vs straight pg`);
  console.log(
    `load average before the runs: ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')} on ${cpus().length} cores`,
  );
  console.log(
    `${'query'.padEnd(40)} ${'api p50'.padStart(8)} ${'api p99'.padStart(8)} ${'open p50'.padStart(8)} ${'open p99'.padStart(8)} ${'pg p50'.padStart(8)} ${'pg p99'.padStart(8)} ${'pg/api'.padStart(7)}  target`,
  );
  for (const c of CASES) {
    const since = new Date(Date.now() - c.days * 86_400_000).toISOString();
    const path = [
      `job_histories?select=${COLUMNS}`,
      `created_at=gte.${since}`,
      ...c.api,
      'order=created_at.desc',
      `limit=${PAGE}`,
      `offset=${c.offset ?? 0}`,
    ]
      .map((part) => part.replaceAll('"', '%22'))
      .join('&');
    const from = `FROM job_histories WHERE created_at >= $1 AND ${c.where}`;
    const viaApi = await time(() => api.get(path, 'count=estimated'));
    const viaOpen = await time(() => open.get(path, 'count=estimated'));
    const raw = await time(() =>
      Promise.all([
        pool.query(`SELECT ${COLUMNS} ${from} ORDER BY created_at DESC LIMIT ${PAGE} OFFSET ${c.offset ?? 0}`, [since]),
        explain(`SELECT 1 ${from}`, [since]),
      ]),
    );
    const over = viaApi.p99 > BUDGET_P99_MS;
    if (over) failed = true;
    console.log(
      `${c.label.padEnd(40)} ${viaApi.p50.toFixed(2).padStart(8)} ${viaApi.p99.toFixed(2).padStart(8)} ${viaOpen.p50.toFixed(2).padStart(8)} ${viaOpen.p99.toFixed(2).padStart(8)} ${raw.p50.toFixed(2).padStart(8)} ${raw.p99.toFixed(2).padStart(8)} ${`${((raw.p50 / viaApi.p50) * 100).toFixed(0)}%`.padStart(7)}  p99 ≤ ${BUDGET_P99_MS}${over ? '  MISS' : ''}`,
    );
  }
  const names = await time(() => api.get('job_history_names?select=name'));
  console.log(
    `${'job_history_names (name filter options)'.padEnd(40)} ${names.p50.toFixed(2).padStart(8)} ${names.p99.toFixed(2).padStart(8)}`,
  );
  console.log(
    `\n${failed ? 'FAIL' : 'PASS'}: every page p99 through the data API ${failed ? 'NOT ' : ''}<= ${BUDGET_P99_MS} ms`,
  );
} finally {
  for (const server of servers) server.stop();
  await pool.end();
  await drop();
}
process.exit(failed ? 1 : 0);
