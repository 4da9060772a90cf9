/**
 * Catalog benchmark (issue 13, at issue 32 item 4's scale): PostgreSQL with 1,000,000 items, 10,000,000
 * changes, ~2,000,000 relationships and 200,000 insights. The server is the real one
 * (`apps/server/src/main.ts` in a child process, MC_ROLE=all), every measure goes through HTTP with a viewer's
 * real session and the real policy, and each stands beside its naive query sent straight through
 * node-postgres in the same run. Every case is judged twice: p99 with one caller, and p99 at the bench's
 * concurrency (10 callers, ≤ 150 ms):
 *
 * - catalog list with two filters (type + health, order by name, 100 rows, `Prefer: count=exact` as the
 *   console sends it): p99 ≤ 50 ms
 * - changes search (type + severity + time window, a page of 50 with total): p99 ≤ 50 ms
 * - related configs at depth 5 (a namespace and a node, rpc/related_configs_recursive with the columns the
 *   console's Relationships tab selects): p99 ≤ 50 ms; the full 24-column answer is measured beside it
 * - option lists (types, tags, labels, change types, analyzers): p99 ≤ 20 ms (issue 13's bar, stricter than
 *   issue 32's 50) — against SELECT DISTINCT; the summary counters ≤ 50 ms
 * - a scrape of 100,000 unchanged items (file scraper, Run Now through the API): ≤ 20 s, server RSS ≤ 600 MB
 *
 *   node --import tsx bench/catalog/catalog.bench.ts [seconds=5] [concurrency=10]
 *
 * DATABASE_URL (default postgres://root@127.0.0.1:5432/test) is the admin connection. Without
 * MC_BENCH_DATABASE the bench creates its own database, migrates and seeds it, and drops it at the end
 * (MC_BENCH_KEEP=1 keeps it). MC_BENCH_DATABASE=<name> keeps the data between runs: the first run creates
 * and seeds that database, later runs migrate it (new indexes are built on the kept data) and measure it
 * without seeding; a seed that was interrupted resumes (finished tables kept). MC_BENCH_SEED_ONLY=1 seeds and
 * stops. Seeding the full set took 51 min on the loaded 2-core machine (load 20–40); measuring takes ~8 min.
 * MC_BENCH_SMALL=1 seeds a tenth and MC_BENCH_CASES=<regexp> measures only the matching cases (and the
 * scrape when it matches "scrape"; `MC_BENCH_CASES=scrape` on an empty kept database needs no seed), for
 * development. Prints figures with their targets, the load average and the commit (MC_BENCH_COMMIT names it
 * when run from a copied tree); exits 1 when a target is missed.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectPostgres, createPostgresPool, migrate } from '@mc/db';
import { buildUser } from '../../apps/server/src/modules/auth/testing/auth-factory.js';
import { adminQuery } from '../data-api/admin-query.js';
import { type CaseResult, measure } from '../data-api/measure.js';
import { type BenchServer, startBenchServer } from '../health/bench-server.js';
import { benchClient } from './bench-client.js';
import { scenarios } from './catalog-scenarios.js';
import { commit, databaseExists, NOT_SEEDED, recordSeed, seededText } from './kept-database.js';
import { benchScrape } from './scrape-bench.js';
import { seedCatalog } from './seed-catalog.js';

const SECONDS = Number(process.argv[2] ?? 5);
const CONCURRENCY = Number(process.argv[3] ?? 10);
const SMALL = process.env.MC_BENCH_SMALL === '1';
const SEED_ONLY = process.env.MC_BENCH_SEED_ONLY === '1';
/** MC_BENCH_CASES=<regular expression> measures only the cases whose names match (development). */
const ONLY = new RegExp(process.env.MC_BENCH_CASES ?? '');
const SIZES = SMALL
  ? { items: 100_000, changes: 1_000_000, analysis: 20_000 }
  : { items: 1_000_000, changes: 10_000_000, analysis: 200_000 };

const loadText = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** One measured case: the API at the bench's concurrency and one caller at a time, and the naive query. */
interface Row {
  scenario: string;
  api: CaseResult;
  alone: CaseResult;
  naive: CaseResult;
  target?: number;
  concurrentTarget?: number;
  bytes: number;
}

function print(rows: Row[]): string[] {
  const verdicts: string[] = [];
  console.log(`\n${'case'.padEnd(78)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`);
  for (const row of rows) {
    for (const r of [row.api, row.alone, row.naive])
      console.log(
        `${r.name.slice(0, 78).padEnd(78)} ${r.perSecond.toFixed(0).padStart(7)} ${r.p50.toFixed(2).padStart(8)} ${r.p99.toFixed(2).padStart(8)}`,
      );
    // two bars (issue 32 item 4): one caller's p99 (a call answers within the target) and the p99 at the
    // bench's concurrency (10 callers queue on the machine's two cores, so their bar is wider)
    const alone = row.target === undefined ? undefined : row.alone.p99 <= row.target;
    const together = row.concurrentTarget === undefined ? undefined : row.api.p99 <= row.concurrentTarget;
    const verdict =
      alone === undefined && together === undefined ? 'INFO' : alone !== false && together !== false ? 'PASS' : 'MISS';
    const target = (bar?: number) => (bar === undefined ? 'no target' : `target ≤ ${bar}`);
    verdicts.push(
      `${verdict} ${row.scenario}: API p50 ${row.alone.p50.toFixed(1)} / p99 ${row.alone.p99.toFixed(1)} ms one caller (${target(row.target)}), p50 ${row.api.p50.toFixed(1)} / p99 ${row.api.p99.toFixed(1)} ms at ${CONCURRENCY} callers (${target(row.concurrentTarget)}); naive p99 ${row.naive.p99.toFixed(1)} ms at ${CONCURRENCY} — naive/API ${(row.naive.p99 / row.api.p99).toFixed(1)}× at the same concurrency; answer ${(row.bytes / 1024).toFixed(1)} KiB; load ${loadText()}`,
    );
  }
  return verdicts;
}

async function main(): Promise<void> {
  const started = Date.now();
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
  const kept = process.env.MC_BENCH_DATABASE || undefined;
  const name = kept ?? `mc_bench_catalog_${randomBytes(4).toString('hex')}`;
  const reuse = kept !== undefined && (await databaseExists(adminUrl, kept));
  if (!reuse) await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = createPostgresPool(url.toString(), { max: CONCURRENCY + 2, applicationName: 'bench-catalog-naive' });
  const dataDir = mkdtempSync(join(tmpdir(), 'mc-bench-catalog-'));
  let server: BenchServer | undefined;
  try {
    console.log(
      `${new Date().toISOString()} catalog bench at ${commit()}: ${cpus().length} cores, load ${loadText()}; ${SECONDS} s per case, concurrency ${CONCURRENCY}${SMALL ? ', SMALL data set (development only)' : ''}`,
    );
    const seedStart = Date.now();
    // a kept database is migrated too, so the indexes of later migrations are built on the kept data
    await migrate(pool);
    const cases = scenarios(SIZES.items).filter((c) => ONLY.test(c.name));
    // a kept database whose seed never finished is seeded on (its finished tables kept); the scrape alone
    // needs no seed
    const seeded = reuse && (await seededText(pool)) !== NOT_SEEDED;
    if (seeded || cases.length === 0) console.log(`kept database ${name}: ${await seededText(pool)}`);
    else {
      await recordSeed(pool, SIZES, await seedCatalog(pool, SIZES), Date.now() - seedStart);
      console.log(`seeded ${await seededText(pool)}`);
    }
    if (SEED_ONLY) {
      console.log(`seeded database ${name} kept (MC_BENCH_DATABASE=${name} measures it)`);
      return;
    }
    // The seed's 200,000 insights queued as many insight.created events, which a running system handles as
    // they come. Left queued, the bench's server worked them off during the measures (each at ~100 ms of
    // PostgreSQL on this backlog: 2,600 such statements in one run) — load on the 2 cores that no case caused.
    await pool.query("DELETE FROM event_queue WHERE name = 'insight.created'");
    server = await startBenchServer({ DATABASE_URL: url.toString(), MC_DATA_DIR: dataDir });
    const database = connectPostgres(url.toString(), { max: 2, applicationName: 'bench-catalog-users' });
    const viewer = await buildUser(database, { roles: ['viewer'] });
    await database.close();
    const token = await server.signIn(viewer.email, viewer.password);
    const opts = { concurrency: CONCURRENCY, seconds: SECONDS, warmupSeconds: 1 };
    const results: Row[] = [];
    const ok = (status: number) => status === 200 || status === 206; // 206: a page of a counted range
    for (const s of cases) {
      await s.prepare?.(pool);
      // each case on new keep-alive sockets: one kept through the last case's naive phase (6 s without a call)
      // outlives the server's 5 s keep-alive timeout, and reused as the server closes it answers "socket hang
      // up" (the 23:44 run of 2026-12-07 ended so at its second case)
      const client = benchClient(server.url);
      const probe = await client.request(s.api(0), token);
      if (!ok(probe.status)) throw new Error(`${s.name}: HTTP ${probe.status} ${probe.body.slice(0, 300)}`);
      const call = async (i: number) => {
        const answer = await client.request(s.api(i), token);
        if (!ok(answer.status)) throw new Error(`${s.name}: HTTP ${answer.status} ${answer.body.slice(0, 200)}`);
      };
      const api = await measure(`API  ${s.name}`, call, opts);
      const alone = await measure(`API1 ${s.name} (one caller)`, call, { ...opts, concurrency: 1 });
      const naive = await measure(`pg   ${s.naive.label}`, async (i) => void (await s.naive.run(pool, i)), opts);
      results.push({
        scenario: s.name,
        api,
        alone,
        naive,
        target: s.target,
        concurrentTarget: s.concurrentTarget,
        bytes: probe.bytes,
      });
      client.close();
    }
    const verdicts = print(results);
    const adminToken = await server.signIn();
    if (ONLY.test('scrape')) verdicts.push(await benchScrape(server, adminToken, dataDir));
    console.log('');
    for (const v of verdicts) console.log(v);
    console.log(`load after: ${loadText()}; whole run ${((Date.now() - started) / 1000).toFixed(0)} s`);
    process.exitCode = verdicts.some((v) => v.startsWith('MISS')) ? 1 : 0;
  } finally {
    await server?.stop();
    await pool.end();
    rmSync(dataDir, { recursive: true, force: true });
    if (!process.env.MC_BENCH_KEEP && !SEED_ONLY && kept === undefined)
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

await main();
