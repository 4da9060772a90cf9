/**
 * Data API benchmark (issues 2, 11 and 20 §5): on PostgreSQL with 1,000,000 check_statuses and 100,000
 * config_items, pages through `/api/db` over real HTTP (the server in a child process on port 0) as a
 * signed-in viewer with the real access policy, beside the same SQL sent straight through node-postgres
 * in the same run. A second, labelled `open` line runs the data API alone with the allow-everything
 * policy, to show what sign-in and the policy cost. Prints throughput, p50/p99 and the ratio with its
 * target; exits 1 when a target is missed.
 *
 *   node --import tsx bench/data-api/run.ts [seconds=5] [concurrency=10]
 *
 * Targets: the history page without a count (check_id=eq, status=eq, duration=gte, order=time.desc,
 * limit=50) ≥ 50% of node-postgres (issue 20 §5); the pages with a count ≥ 60% (issue 2); p99 ≤ 25 ms
 * with an estimated count. The baseline does the page's work: with `count=exact` it counts, with
 * `count=estimated` it asks the planner and keeps the estimate 10 s per statement and values, exactly
 * as the data API does (read-handler.ts), so neither side has a cache the other lacks.
 *
 * DATABASE_URL (default postgres://root@127.0.0.1:5432/test) is the admin connection: the benchmark
 * creates its own database there, migrates and seeds it, and drops it at the end (MC_BENCH_KEEP=1 keeps
 * it; MC_BENCH_DATABASE=<name> reuses a kept one without seeding again). MC_BENCH_SMALL=1 seeds 1/10 of
 * the rows, for development only.
 */
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { createPostgresPool, migrate } from '@mc/db';
import type pg from 'pg';
import { adminQuery } from './admin-query.js';
import { type CaseResult, measure } from './measure.js';
import { seedBench } from './seed.js';
import { type DataApiServer, startDataApiServer } from './start.js';

const SECONDS = Number(process.argv[2] ?? 5);
const CONCURRENCY = Number(process.argv[3] ?? 10);
const SMALL = process.env.MC_BENCH_SMALL === '1';
const SIZES = SMALL
  ? { checks: 100, statusesPerCheck: 1000, configs: 10_000 }
  : { checks: 1000, statusesPerCheck: 1000, configs: 100_000 };
const ESTIMATE_TTL_MS = 10_000;
const P99_ESTIMATED_MS = 25;

interface Scenario {
  name: string;
  api: (i: number) => string;
  sql: string;
  countSql: string;
  params: (i: number) => unknown[];
  counts: readonly ('none' | 'exact' | 'estimated')[];
  target: number;
}

/** The planner's estimate, kept 10 s per statement and values: the data API's own rule (read-handler.ts). */
function estimator(pool: pg.Pool) {
  const kept = new Map<string, { at: number; rows: Promise<unknown> }>();
  return (text: string, params: unknown[]) => {
    const key = `${text}\u0000${JSON.stringify(params)}`;
    const hit = kept.get(key);
    if (hit && Date.now() - hit.at < ESTIMATE_TTL_MS) return hit.rows;
    const rows = pool.query(`EXPLAIN (FORMAT JSON) ${text}`, params);
    kept.set(key, { at: Date.now(), rows });
    return rows;
  };
}

function print(results: CaseResult[]): void {
  console.log(`\n${'case'.padEnd(64)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`);
  for (const r of results) {
    console.log(
      `${r.name.padEnd(64)} ${r.perSecond.toFixed(0).padStart(8)} ${r.p50.toFixed(2).padStart(8)} ${r.p99.toFixed(2).padStart(8)}`,
    );
  }
}

/** The measured cases, over ids read from the seeded database. */
async function benchScenarios(pool: pg.Pool): Promise<Scenario[]> {
  const checkIds = (await pool.query<{ id: string }>('SELECT id FROM checks ORDER BY id LIMIT 200')).rows.map(
    (r) => r.id,
  );
  const check = (i: number) => checkIds[i % checkIds.length];
  const combos = ['Pod', 'Deployment', 'Node', 'Service', 'Namespace'].flatMap((kind) =>
    ['healthy', 'unhealthy', 'warning', 'unknown'].map((health) => [`Kubernetes::${kind}`, health] as const),
  );
  const since = '2026-11-01T08:00:00Z';
  return [
    {
      name: 'history: check_id+status+duration, time desc, 50',
      api: (i) =>
        `check_statuses?select=time,status,duration,message&check_id=eq.${check(i)}&status=eq.true&duration=gte.${(i * 97) % 1500}&order=time.desc&limit=50`,
      sql: 'SELECT time, status, duration, message FROM check_statuses WHERE check_id = $1 AND status = $2 AND duration >= $3 ORDER BY time DESC LIMIT 50',
      countSql: '',
      params: (i) => [check(i), true, (i * 97) % 1500],
      counts: ['none'],
      target: 0.5,
    },
    {
      name: 'check_statuses check_id+time, time desc, 100',
      api: (i) =>
        `check_statuses?select=check_id,time,status,duration&check_id=eq.${check(i)}&time=gte.${since}&order=time.desc&limit=100`,
      sql: 'SELECT check_id, time, status, duration FROM check_statuses WHERE check_id = $1 AND time >= $2 ORDER BY time DESC LIMIT 100',
      countSql: 'FROM check_statuses WHERE check_id = $1 AND time >= $2',
      params: (i) => [check(i), since],
      counts: ['exact', 'estimated'],
      target: 0.6,
    },
    {
      name: 'config_items type+health, order name, 100',
      api: (i) => {
        const [type, health] = combos[i % combos.length] ?? ['', ''];
        return `config_items?select=id,name,type,health&type=eq.${encodeURIComponent(type)}&health=eq.${health}&order=name&limit=100`;
      },
      sql: 'SELECT id, name, type, health FROM config_items WHERE type = $1 AND health = $2 AND deleted_at IS NULL ORDER BY name LIMIT 100',
      countSql: 'FROM config_items WHERE type = $1 AND health = $2 AND deleted_at IS NULL',
      params: (i) => [...(combos[i % combos.length] ?? [])],
      counts: ['exact', 'estimated'],
      target: 0.6,
    },
  ];
}

/**
 * Measures each case and count mode through the API with a session, the API with the open policy, and
 * node-postgres alone; the results to print and a PASS or MISS verdict per measure.
 */
async function measureScenarios(
  pool: pg.Pool,
  scenarios: readonly Scenario[],
  session: DataApiServer,
  open: DataApiServer,
): Promise<{ results: CaseResult[]; verdicts: string[] }> {
  const opts = { concurrency: CONCURRENCY, seconds: SECONDS, warmupSeconds: 1 };
  const explain = estimator(pool);
  const results: CaseResult[] = [];
  const verdicts: string[] = [];
  for (const s of scenarios) {
    for (const count of s.counts) {
      const prefer = count === 'none' ? '' : `count=${count}`;
      const label = `${s.name}${count === 'none' ? ', no count' : ` count=${count}`}`;
      const api = await measure(`API  session  ${label}`, (i) => session.get(s.api(i), prefer), opts);
      const bare = await measure(
        `API  open (no sign-in, allow-all)  ${label}`,
        (i) => open.get(s.api(i), prefer),
        opts,
      );
      const raw = await measure(
        `pg   ${label}`,
        async (i) => {
          const params = s.params(i);
          const page = pool.query(s.sql, params);
          if (count === 'exact') await Promise.all([page, pool.query(`SELECT count(*) ${s.countSql}`, params)]);
          else if (count === 'estimated') await Promise.all([page, explain(`SELECT 1 ${s.countSql}`, params)]);
          else await page;
        },
        opts,
      );
      results.push(api, bare, raw);
      const ratio = api.perSecond / raw.perSecond;
      const ok = ratio >= s.target && (count !== 'estimated' || api.p99 <= P99_ESTIMATED_MS);
      verdicts.push(
        `${ok ? 'PASS' : 'MISS'} ${label}: API (session) / pg throughput ${(ratio * 100).toFixed(0)}% (target ≥ ${s.target * 100}%)` +
          (count === 'estimated' ? `, API p99 ${api.p99.toFixed(1)} ms (target ≤ ${P99_ESTIMATED_MS})` : '') +
          `; open policy ${((bare.perSecond / raw.perSecond) * 100).toFixed(0)}%`,
      );
    }
  }
  return { results, verdicts };
}

async function main(): Promise<void> {
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
  const reuse = process.env.MC_BENCH_DATABASE;
  const name = reuse ?? `mc_bench_data_api_${randomBytes(4).toString('hex')}`;
  if (!reuse) await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = createPostgresPool(url.toString(), { max: 10, applicationName: 'bench-raw' });
  const servers: DataApiServer[] = [];
  try {
    console.log(
      `${new Date().toISOString()} machine: ${cpus().length} cores, load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(
          ' ',
        )}; ${SECONDS} s per case, concurrency ${CONCURRENCY}${SMALL ? ', SMALL data set (development only)' : ''}`,
    );
    const t = Date.now();
    if (!reuse) {
      await migrate(pool);
      await seedBench(pool, SIZES);
    }
    console.log(
      `seeded ${SIZES.checks * SIZES.statusesPerCheck} check_statuses and ${SIZES.configs} config_items in ${((Date.now() - t) / 1000).toFixed(1)} s`,
    );
    const scenarios = await benchScenarios(pool);
    const session = await startDataApiServer(url.toString(), CONCURRENCY, 'session');
    const open = await startDataApiServer(url.toString(), CONCURRENCY, 'open');
    servers.push(session, open);
    const { results, verdicts } = await measureScenarios(pool, scenarios, session, open);
    print(results);
    console.log('');
    for (const v of verdicts) console.log(v);
    console.log(
      `load after: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    process.exitCode = verdicts.some((v) => v.startsWith('MISS')) ? 1 : 0;
  } finally {
    for (const server of servers) server.stop();
    await pool.end();
    if (!process.env.MC_BENCH_KEEP && !reuse)
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

await main();
