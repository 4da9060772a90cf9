/**
 * Logs benchmark (issue 17): 5,000,000 stored lines of the built-in backend (`log_lines`, seven days,
 * eight services, four levels, 2 % of lines mention a timeout) on PostgreSQL, behind a real server
 * process with a real signed-in session. Times through HTTP `POST /api/logs` a label + text query in a
 * one-hour window (`{labels: {service}, text: 'timeout'}`, the window moved across the week each run,
 * page of 100 with its total), beside baselines in the same run: the same statement with the indexes
 * turned off (what a table without them costs: a scan of every line) sent straight through `pg`, and
 * `GET /health` through the same server. Prints p50/p95/p99 and the ratios, and fails (exit 1) when the
 * search p99 is above 200 ms.
 *
 *   node --import tsx bench/logs/logs.bench.ts [lines=5000000] [runs=300]
 *
 * Uses a throw-away database on the PostgreSQL at MC_TEST_DATABASE_URL (default
 * postgres://root@127.0.0.1:5432/test).
 */
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { connectPostgres } from '@mc/db';
import { createPostgresTestUrl } from '@mc/db/testing';
import { BENCH_ADMIN, percentile, startBenchServer } from '../health/bench-server.js';

const LINES = Number(process.argv[2] ?? 5_000_000);
const RUNS = Number(process.argv[3] ?? 300);
const NAIVE_RUNS = 5;
const BUDGET_MS = 200;
const WEEK_S = 7 * 86_400;
const SERVICES = ['api', 'payments', 'checkout', 'search', 'auth', 'inventory', 'shipping', 'mailer'];

function report(label: string, times: number[], budget?: number): { p99: number; ok: boolean } {
  const p99 = percentile(times, 0.99);
  const ok = budget === undefined || p99 <= budget;
  console.log(
    `${label.padEnd(52)} runs ${String(times.length).padStart(4)}  p50 ${percentile(times, 0.5).toFixed(2).padStart(8)} ms  ` +
      `p95 ${percentile(times, 0.95).toFixed(2).padStart(8)} ms  p99 ${p99.toFixed(2).padStart(8)} ms  ` +
      (budget === undefined ? 'baseline' : `budget p99 ≤ ${budget} ms  ${ok ? 'PASS' : 'FAIL'}`),
  );
  return { p99, ok };
}

async function seed(database: ReturnType<typeof connectPostgres>): Promise<void> {
  const started = performance.now();
  const q = (text: string, values: unknown[] = []) => database.pool.query(text, values);
  // indexes are rebuilt once after the load: far faster than maintaining them row by row
  const { rows: indexes } = await q(
    `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'log_lines' AND indexname <> 'log_lines_pkey'`,
  );
  for (const index of indexes) await q(`DROP INDEX ${index.indexname}`);
  const chunk = 1_000_000;
  for (let from = 0; from < LINES; from += chunk) {
    await q(
      `INSERT INTO log_lines (time, level, message, labels, fields)
       SELECT date_trunc('milliseconds', now() - make_interval(secs => (g::float8 / $2) * $3)),
         (ARRAY['debug','info','info','info','info','warn','warn','error'])[1 + (g * 7) % 8],
         CASE WHEN g % 50 = 0 THEN 'upstream timeout after ' || (g % 30) || 's calling ' || (ARRAY['db','cache','bank'])[1 + g % 3]
              WHEN g % 3 = 0 THEN 'GET /api/items/' || (g % 10000) || ' ' || (ARRAY['200','200','404','500'])[1 + g % 4] || ' in ' || (g % 900) || 'ms'
              WHEN g % 3 = 1 THEN 'job ' || (ARRAY['sync','scrape','notify','rollup'])[1 + g % 4] || ' finished: ' || (g % 500) || ' items'
              ELSE 'check ' || (g % 2000) || ' healthy, latency ' || (g % 250) || 'ms' END,
         jsonb_build_object('service', (ARRAY['api','payments','checkout','search','auth','inventory','shipping','mailer'])[1 + (g / 3) % 8],
           'role', 'all', 'requestId', md5(g::text)),
         NULL
       FROM generate_series($1::bigint, least($1::bigint + $4 - 1, $2 - 1)) AS g`,
      [from, LINES, WEEK_S, chunk],
    );
  }
  const loaded = performance.now();
  for (const index of indexes) await q(index.indexdef);
  await q('ANALYZE log_lines');
  console.log(
    `seeded ${LINES.toLocaleString()} lines in ${((loaded - started) / 1000).toFixed(1)} s, indexes built in ${((performance.now() - loaded) / 1000).toFixed(1)} s`,
  );
}

/** Deterministic pseudo-random choices, so two runs time the same queries. */
function chooser(seed: number) {
  let state = seed;
  return (n: number): number => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % n;
  };
}

const { url, drop } = await createPostgresTestUrl();
const server = await startBenchServer({ DATABASE_URL: url });
const database = connectPostgres(url, { max: 4, applicationName: 'logs-bench' });
let ok = true;
try {
  await seed(database);
  const token = await server.signIn(BENCH_ADMIN.email, BENCH_ADMIN.password);
  const pick = chooser(17);
  const now = Date.now();
  const query = () => {
    const end = now - 60_000 - pick(6 * 86_400) * 1000;
    return {
      name: 'mission-control',
      query: {
        text: 'timeout',
        labels: { service: SERVICES[pick(SERVICES.length)] ?? 'api' },
        start: new Date(end - 3_600_000).toISOString(),
        end: new Date(end).toISOString(),
        limit: 100,
      },
    };
  };
  const search = async (body: ReturnType<typeof query>) => {
    const answer = await server.request('POST', '/api/logs', token, body);
    if (answer.status !== 200) throw new Error(`/api/logs answered ${answer.status}: ${answer.body.slice(0, 300)}`);
    return { ms: answer.ms, result: JSON.parse(answer.body) as { lines: unknown[]; total: number | null } };
  };
  console.log(
    `load average before the runs: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} on ${cpus().length} cores`,
  );
  for (let i = 0; i < 20; i += 1) await search(query());
  const times: number[] = [];
  const found: number[] = [];
  const health: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const { ms, result } = await search(query());
    times.push(ms);
    found.push(result.total ?? result.lines.length);
    health.push((await server.request('GET', '/health', token)).ms);
  }
  const sample = query();
  const plan = await database.pool.query(
    `EXPLAIN (ANALYZE, BUFFERS OFF, TIMING OFF) SELECT id FROM log_lines
     WHERE time >= $1 AND time <= $2 AND (labels || '{}'::jsonb) @> $3::jsonb AND (message || '') ILIKE '%timeout%'
     ORDER BY time DESC, id DESC LIMIT 100`,
    [sample.query.start, sample.query.end, JSON.stringify(sample.query.labels)],
  );
  const naive: number[] = [];
  const client = await database.pool.connect();
  try {
    await client.query('SET enable_indexscan = off');
    await client.query('SET enable_bitmapscan = off');
    for (let i = 0; i < NAIVE_RUNS; i += 1) {
      const body = query();
      const started = performance.now();
      await client.query(
        `SELECT id, time, level, message, labels FROM log_lines
         WHERE time >= $1 AND time <= $2 AND labels @> $3::jsonb AND message ILIKE '%timeout%'
         ORDER BY time DESC, id DESC LIMIT 100`,
        [body.query.start, body.query.end, JSON.stringify(body.query.labels)],
      );
      naive.push(performance.now() - started);
    }
  } finally {
    client.release();
  }
  const { rows } = await database.pool.query<{ n: string }>('SELECT count(*) AS n FROM log_lines');
  console.log(
    `lines stored: ${Number(rows[0]?.n).toLocaleString()}; lines matching per search: median ${percentile(found, 0.5)}`,
  );
  console.log(`plan of one search:\n  ${plan.rows.map((r) => r['QUERY PLAN']).join('\n  ')}`);
  const searched = report('POST /api/logs label + text, 1 h window (HTTP)', times, BUDGET_MS);
  const floor = report('GET /health through the same server (HTTP floor)', health);
  const scan = report('same statement, indexes off (pg, naive scan)', naive);
  console.log(
    `ratios: naive scan / search p50 ${(percentile(naive, 0.5) / percentile(times, 0.5)).toFixed(1)}x; ` +
      `search / HTTP floor p50 ${(percentile(times, 0.5) / percentile(health, 0.5)).toFixed(1)}x; ` +
      `search p99 ${searched.p99.toFixed(1)} ms vs floor p99 ${floor.p99.toFixed(1)} ms, naive p99 ${scan.p99.toFixed(1)} ms`,
  );
  ok = searched.ok;
} finally {
  await database.close();
  await server.stop();
  await drop();
}
process.exit(ok ? 0 : 1);
