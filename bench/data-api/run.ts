/**
 * Data API benchmark (issue 2): on PostgreSQL with 1,000,000 check_statuses and 100,000 config_items,
 * a 100-row page with two filters and an order, with `Prefer: count=exact` and `count=estimated`,
 * through `/api/db` over real HTTP (the server in a child process on port 0) and the same query sent
 * straight through `pg`, in the same run. Prints throughput and p50/p99 for each and the ratio.
 * Targets: the data API reaches ≥ 60% of the raw driver's throughput; p99 ≤ 25 ms with an estimated count.
 *
 *   node --import tsx bench/data-api/run.ts [seconds=5] [concurrency=8]
 *
 * DATABASE_URL (default postgres://root@127.0.0.1:5432/test) is the admin connection: the benchmark
 * creates its own database there, migrates and seeds it, and drops it at the end (MC_BENCH_KEEP=1 keeps
 * it; MC_BENCH_DATABASE=<name> reuses a kept one without seeding again).
 */
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { createPostgresPool, migrate } from '@mc/db';
import pg from 'pg';
import { type CaseResult, measure } from './measure.js';
import { seedBench } from './seed.js';
import { type DataApiServer, startDataApiServer } from './start.js';

const SECONDS = Number(process.argv[2] ?? 5);
const CONCURRENCY = Number(process.argv[3] ?? 8);
const SIZES = { checks: 1000, statusesPerCheck: 1000, configs: 100_000 };
const TARGET = { ratio: 0.6, p99EstimatedMs: 25 };

async function admin(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

interface Scenario {
  name: string;
  api: (i: number) => string;
  sql: string;
  countSql: string;
  params: (i: number) => unknown[];
}

function print(results: CaseResult[]): void {
  console.log(`\n${'case'.padEnd(46)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`);
  for (const r of results) {
    console.log(
      `${r.name.padEnd(46)} ${r.perSecond.toFixed(0).padStart(8)} ${r.p50.toFixed(2).padStart(8)} ${r.p99.toFixed(2).padStart(8)}`,
    );
  }
}

async function main(): Promise<void> {
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
  const reuse = process.env.MC_BENCH_DATABASE;
  const name = reuse ?? `mc_bench_data_api_${randomBytes(4).toString('hex')}`;
  if (!reuse) await admin(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = createPostgresPool(url.toString(), { max: 10, applicationName: 'bench-raw' });
  let server: DataApiServer | undefined;
  try {
    console.log(
      `machine: ${cpus().length} cores, load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    let t = Date.now();
    if (!reuse) {
      await migrate(pool);
      await seedBench(pool, SIZES);
    }
    console.log(
      `seeded ${SIZES.checks * SIZES.statusesPerCheck} check_statuses and ${SIZES.configs} config_items in ${((Date.now() - t) / 1000).toFixed(1)} s`,
    );
    const checkIds = (await pool.query<{ id: string }>('SELECT id FROM checks ORDER BY id LIMIT 200')).rows.map(
      (r) => r.id,
    );
    const combos = ['Pod', 'Deployment', 'Node', 'Service', 'Namespace'].flatMap((kind) =>
      ['healthy', 'unhealthy', 'warning', 'unknown'].map((health) => [`Kubernetes::${kind}`, health] as const),
    );
    const since = '2026-11-01T08:00:00Z';
    const scenarios: Scenario[] = [
      {
        name: 'check_statuses check_id+time, order time desc',
        api: (i) =>
          `check_statuses?select=check_id,time,status,duration&check_id=eq.${checkIds[i % checkIds.length]}&time=gte.${since}&order=time.desc&limit=100`,
        sql: 'SELECT check_id, time, status, duration FROM check_statuses WHERE check_id = $1 AND time >= $2 ORDER BY time DESC LIMIT 100',
        countSql: 'FROM check_statuses WHERE check_id = $1 AND time >= $2',
        params: (i) => [checkIds[i % checkIds.length], since],
      },
      {
        name: 'config_items type+health, order name',
        api: (i) => {
          const [type, health] = combos[i % combos.length] ?? ['', ''];
          return `config_items?select=id,name,type,health&type=eq.${encodeURIComponent(type)}&health=eq.${health}&order=name&limit=100`;
        },
        sql: 'SELECT id, name, type, health FROM config_items WHERE type = $1 AND health = $2 AND deleted_at IS NULL ORDER BY name LIMIT 100',
        countSql: 'FROM config_items WHERE type = $1 AND health = $2 AND deleted_at IS NULL',
        params: (i) => [...(combos[i % combos.length] ?? [])],
      },
    ];
    t = Date.now();
    server = await startDataApiServer(url.toString(), CONCURRENCY);
    const get = server.get;
    const opts = { concurrency: CONCURRENCY, seconds: SECONDS, warmupSeconds: 1 };
    const results: CaseResult[] = [];
    const verdicts: string[] = [];
    for (const s of scenarios) {
      for (const count of ['exact', 'estimated'] as const) {
        const api = await measure(
          `API  ${s.name} count=${count}`,
          async (i) => {
            await get(s.api(i), `count=${count}`);
          },
          opts,
        );
        const raw = await measure(
          `pg   ${s.name} count=${count}`,
          async (i) => {
            const params = s.params(i);
            const counting =
              count === 'exact'
                ? pool.query(`SELECT count(*) ${s.countSql}`, params)
                : pool.query(`EXPLAIN (FORMAT JSON) SELECT 1 ${s.countSql}`, params);
            await Promise.all([pool.query(s.sql, params), counting]);
          },
          opts,
        );
        results.push(api, raw);
        const ratio = api.perSecond / raw.perSecond;
        const ok = ratio >= TARGET.ratio && (count === 'exact' || api.p99 <= TARGET.p99EstimatedMs);
        verdicts.push(
          `${ok ? 'PASS' : 'MISS'} ${s.name} count=${count}: API/pg throughput ${(ratio * 100).toFixed(0)}%` +
            (count === 'estimated' ? `, API p99 ${api.p99.toFixed(1)} ms (target ≤ ${TARGET.p99EstimatedMs})` : ''),
        );
      }
    }
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
    server?.stop();
    await pool.end();
    if (!process.env.MC_BENCH_KEEP && !reuse) await admin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

await main();
