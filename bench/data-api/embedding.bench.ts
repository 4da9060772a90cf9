/**
 * View-embedding benchmark (issue 29 acceptance): the upstream console's catalog list calls that embed
 * through views and foreign-key hints, on PostgreSQL with 250,000 catalog items, through `/api/db` over
 * real HTTP as a signed-in viewer with the real access policy (bench/data-api/start.ts). Each call is timed
 * by one caller (the target: p99 ≤ 50 ms) and by ten at once (printed, no target). Exits 1 on a miss, or
 * when any call answers other than 200.
 *
 *   node --import tsx bench/data-api/embedding.bench.ts [seconds=5] [items=250000]
 *
 * DATABASE_URL (default postgres://root@127.0.0.1:5432/test) is the admin connection: the bench creates its
 * own database, migrates and seeds it, and drops it at the end (MC_BENCH_KEEP=1 keeps it;
 * MC_BENCH_DATABASE=<name> reuses a kept one without seeding again).
 */
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { createPostgresPool, migrate } from '@mc/db';
import type pg from 'pg';
import { adminQuery } from './admin-query.js';
import { type CaseResult, measure } from './measure.js';
import { startDataApiServer } from './start.js';

const SECONDS = Number(process.argv[2] ?? 5);
const ITEMS = Number(process.argv[3] ?? 250_000);
const P99_TARGET_MS = 50;

/**
 * Items of five kinds; one change per item spread over 30 days; an analysis for every tenth item; each
 * item related to the next (a chain), so a relationship lookup finds two rows either way.
 */
async function seed(pool: pg.Pool, items: number): Promise<void> {
  await pool.query(`
    INSERT INTO config_items (config_class, type, name, health, status, tags, config)
      SELECT (ARRAY['Pod', 'Deployment', 'Node', 'Service', 'Namespace'])[1 + g % 5],
             'Kubernetes::' || (ARRAY['Pod', 'Deployment', 'Node', 'Service', 'Namespace'])[1 + g % 5],
             'item-' || lpad(g::text, 7, '0'),
             (ARRAY['healthy', 'unhealthy', 'warning', 'unknown'])[1 + (g / 5) % 4],
             'Running', jsonb_build_object('namespace', 'ns-' || (g % 50)), jsonb_build_object('replicas', g % 5)
      FROM generate_series(1, ${items}) g;
    CREATE TEMP TABLE bench_ids AS SELECT id, row_number() OVER (ORDER BY name) AS n FROM config_items;
    INSERT INTO config_changes (config_id, change_type, severity, source, summary, created_at)
      SELECT id, (ARRAY['diff', 'Pulled', 'Scaled', 'Deleted'])[1 + n % 4], 'info', 'bench',
             'change ' || n, now() - (n % 43200) * interval '1 minute'
      FROM bench_ids;
    INSERT INTO config_analysis (config_id, analyzer, analysis_type, severity, summary, status, message, source,
                                 last_observed)
      SELECT id, 'analyzer-' || (n % 20), (ARRAY['security', 'cost', 'reliability'])[1 + n % 3],
             (ARRAY['low', 'medium', 'high', 'critical'])[1 + n % 4], 'finding ' || n, 'open', 'message ' || n,
             'bench', now() - (n % 10000) * interval '1 minute'
      FROM bench_ids WHERE n % 10 = 0;
    INSERT INTO config_relationships (config_id, related_id, relation)
      SELECT a.id, b.id, 'contains' FROM bench_ids a JOIN bench_ids b ON b.n = a.n + 1;
  `);
  for (const table of ['config_items', 'config_changes', 'config_analysis', 'config_relationships'])
    await pool.query(`VACUUM ANALYZE ${table}`);
}

/** The console's calls (flanksource-ui src/api/services/configs.ts), with ids read from the seeded data. */
async function consoleCalls(pool: pg.Pool): Promise<{ name: string; path: (i: number) => string }[]> {
  const ids = (await pool.query<{ id: string }>('SELECT id FROM config_items ORDER BY name LIMIT 500 OFFSET 1000'))
    .rows;
  const id = (i: number) => ids[i % ids.length]?.id ?? '';
  const fields = 'id,name,type,config_class,health,status';
  return [
    {
      name: 'changes list: config_changes_items, config:config_names!inner',
      path: (i) =>
        `config_changes_items?order=created_at.desc&limit=50&offset=${(i % 4) * 50}&select=id,change_type,summary,source,created_at,config_id,config:config_names!inner(id,name,type)`,
    },
    {
      name: 'insights list: config_analysis_items, config:configs',
      path: (i) =>
        `config_analysis_items?select=id,analysis_type,analyzer,summary,severity,status,source,first_observed,last_observed,config_name,config:configs(id,name,config_class,type)&limit=50&offset=${(i % 4) * 50}&order=last_observed.desc`,
    },
    {
      name: 'related configs: config_relationships, two fkey hints',
      path: (i) =>
        `config_relationships?or=(related_id.eq.${id(i)},config_id.eq.${id(i)})&configs.order=name&select=*,configs:configs!config_relationships_config_id_fkey(${fields}),related:configs!config_relationships_related_id_fkey(${fields})&deleted_at=is.null`,
    },
    {
      name: 'changes of one item: config_changes, config:configs',
      path: (i) =>
        `config_changes?config_id=eq.${id(i)}&select=id,config_id,change_type,created_at,source,summary,config:configs(id,name,type,config_class)&order=created_at.desc&limit=50`,
    },
  ];
}

function print(results: CaseResult[]): void {
  console.log(`\n${'case'.padEnd(72)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`);
  for (const r of results) {
    console.log(
      `${r.name.padEnd(72)} ${r.perSecond.toFixed(0).padStart(8)} ${r.p50.toFixed(2).padStart(8)} ${r.p99.toFixed(2).padStart(8)}`,
    );
  }
}

async function main(): Promise<void> {
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
  const reuse = process.env.MC_BENCH_DATABASE;
  const name = reuse ?? `mc_bench_embedding_${randomBytes(4).toString('hex')}`;
  if (!reuse) await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = createPostgresPool(url.toString(), { max: 4, applicationName: 'bench-embedding' });
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
  let server: Awaited<ReturnType<typeof startDataApiServer>> | undefined;
  try {
    console.log(`${new Date().toISOString()} machine: ${cpus().length} cores, load ${load()}; ${SECONDS} s per case`);
    const started = Date.now();
    if (!reuse) {
      await migrate(pool);
      await seed(pool, ITEMS);
    }
    console.log(
      `seeded ${ITEMS} catalog items with changes, analyses and relationships in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    server = await startDataApiServer(url.toString(), 10, 'session');
    const api = server;
    const results: CaseResult[] = [];
    const verdicts: string[] = [];
    for (const call of await consoleCalls(pool)) {
      const one = await measure(`1 caller    ${call.name}`, (i) => api.get(call.path(i)), {
        concurrency: 1,
        seconds: SECONDS,
        warmupSeconds: 1,
      });
      const ten = await measure(`10 callers  ${call.name}`, (i) => api.get(call.path(i)), {
        concurrency: 10,
        seconds: SECONDS,
        warmupSeconds: 1,
      });
      results.push(one, ten);
      verdicts.push(
        `${one.p99 <= P99_TARGET_MS ? 'PASS' : 'MISS'} ${call.name}: p99 ${one.p99.toFixed(1)} ms for one caller (target ≤ ${P99_TARGET_MS} ms); 10 callers p99 ${ten.p99.toFixed(1)} ms`,
      );
    }
    print(results);
    console.log('');
    for (const verdict of verdicts) console.log(verdict);
    console.log(`load after: ${load()}`);
    process.exitCode = verdicts.some((verdict) => verdict.startsWith('MISS')) ? 1 : 0;
  } finally {
    server?.stop();
    await pool.end();
    if (!process.env.MC_BENCH_KEEP && !reuse)
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

await main();
