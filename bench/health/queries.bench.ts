/**
 * Health query benchmark (issue 6): 1,000 checks × 7 days of one-minute results (~10M rows) on
 * PostgreSQL, then the server's own calls beside the naive query over the raw table, in the same run:
 * - dashboard summary for all checks over 24 h (`checksSummary`), budget ≤ 100 ms;
 * - graph (`checkGraph`) and uptime (`checksSummary` for one check) over 7 days, budget ≤ 20 ms.
 * Every past hour is packed first (migration 0200), as the scheduled packer leaves a live system.
 * Prints p50/p95 of each and exits 1 when a budget's p50 is exceeded.
 *
 *   node --import tsx bench/health/queries.bench.ts [checks=1000] [days=7] [runs=20]
 *
 * Uses a throw-away database on MC_TEST_DATABASE_URL's server (default postgres://root@127.0.0.1:5432/test);
 * MC_BENCH_DATABASE_URL names a migrated database to keep (seeded when it has no checks).
 */
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { connectPostgres, migrate } from '@mc/db';
import { createPostgresTestUrl } from '@mc/db/testing';
import { checkGraph, checksSummary, packResults } from '../../apps/server/src/modules/health/index.js';
import { seedHealthBench } from './seed-health.js';

const CHECKS = Number(process.argv[2] ?? 1000);
const DAYS = Number(process.argv[3] ?? 7);
const RUNS = Number(process.argv[4] ?? 20);

const keep = process.env.MC_BENCH_DATABASE_URL;
const { url, drop } = keep ? { url: keep, drop: async () => {} } : await createPostgresTestUrl();
const database = connectPostgres(url, { max: 10, applicationName: 'health-bench' });

async function time(fn: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 3; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)] ?? 0;
  return { p50: at(0.5), p95: at(0.95) };
}

let failed = false;
function line(label: string, ours: { p50: number; p95: number }, naive: { p50: number; p95: number }, budget: number) {
  const ok = ours.p50 <= budget;
  failed ||= !ok;
  console.log(
    `${label.padEnd(30)} ours p50 ${ours.p50.toFixed(1).padStart(7)} ms p95 ${ours.p95.toFixed(1).padStart(7)} ms | ` +
      `naive raw p50 ${naive.p50.toFixed(1).padStart(8)} ms p95 ${naive.p95.toFixed(1).padStart(8)} ms | budget ${budget} ms ${ok ? 'PASS' : 'FAIL'}`,
  );
}

try {
  if (keep) await migrate(database.pool);
  const { rows } = await database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM checks');
  if ((rows[0]?.n ?? 0) === 0) {
    const started = performance.now();
    const client = await database.pool.connect();
    try {
      await seedHealthBench(client, { checks: CHECKS, days: DAYS });
    } finally {
      client.release();
    }
    console.log(`seeded ${CHECKS} checks × ${DAYS} days in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  // On the packed layout (migration 0200): every past hour packed, as the scheduled packer leaves it.
  const packing = performance.now();
  const blocks = await packResults(database, { before: new Date() });
  if (blocks > 0) {
    await database.pool.query('VACUUM ANALYZE check_result_blocks');
    console.log(`packed ${blocks} check-hours in ${((performance.now() - packing) / 1000).toFixed(1)} s`);
  }
  const counts = await database.pool.query(
    `SELECT (SELECT count(*) FROM checks) AS checks, (SELECT count(*) FROM check_statuses) AS raw,
       (SELECT count(*) FROM check_statuses_1h) AS hourly, (SELECT count(*) FROM check_statuses_1d) AS daily`,
  );
  console.log('rows:', JSON.stringify(counts.rows[0]));
  const newest = await database.pool.query<{ age: number }>(
    'SELECT extract(epoch FROM now() - max(time))::int AS age FROM check_statuses',
  );
  const age = Math.round((newest.rows[0]?.age ?? 0) / 60);
  if (age > 5) {
    console.log(
      `note: the newest result is ${age} min old (a kept database): the raw tail is thinner than on a live system; ` +
        'drop the database (or leave MC_BENCH_DATABASE_URL unset) for a fresh seed',
    );
  }
  console.log(
    `load average: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} on ${cpus().length} cores`,
  );
  const one =
    (await database.pool.query<{ id: string }>("SELECT id FROM checks WHERE name = 'check-7'")).rows[0]?.id ?? '';

  const summary = await time(() => checksSummary(database, { start: '24h' }));
  const summaryNaive = await time(() =>
    database.pool.query(
      `SELECT k.id, k.name, count(*) FILTER (WHERE s.status) AS passed, count(*) FILTER (WHERE NOT s.status) AS failed,
         percentile_disc(ARRAY[0.95, 0.97, 0.99]) WITHIN GROUP (ORDER BY s.duration) AS p
       FROM checks k LEFT JOIN check_statuses s ON s.check_id = k.id AND s.time >= now() - interval '24 hours'
       WHERE k.deleted_at IS NULL GROUP BY k.id, k.name`,
    ),
  );
  line('summary, all checks, 24 h', summary, summaryNaive, 100);
  const ours24 = await checksSummary(database, { start: '24h' });
  const raw24 = await database.pool.query<{ passed: number; failed: number }>(
    `SELECT count(*) FILTER (WHERE status)::int AS passed, count(*) FILTER (WHERE NOT status)::int AS failed
     FROM check_statuses WHERE time >= $1 AND time < $2`,
    [ours24.from, ours24.to],
  );
  const sum = (key: 'passed' | 'failed') => ours24.checks_summary.reduce((n, c) => n + c.uptime[key], 0);
  console.log(
    `agreement, summary 24 h: ours passed/failed ${sum('passed')}/${sum('failed')} vs raw ` +
      `${raw24.rows[0]?.passed}/${raw24.rows[0]?.failed}`,
  );

  const graph = await time(() => checkGraph(database, { check: one, start: '7d' }));
  const graphNaive = await time(() =>
    database.pool.query(
      `WITH b AS (SELECT to_timestamp(floor((extract(epoch FROM time) + 1800) / 3600) * 3600) AS t, status, duration
         FROM check_statuses WHERE check_id = $1 AND time >= now() - interval '7 days')
       SELECT t, bool_and(status), avg(duration)::int, count(*) FILTER (WHERE status), count(*) FILTER (WHERE NOT status),
         (SELECT percentile_disc(ARRAY[0.95, 0.97, 0.99]) WITHIN GROUP (ORDER BY duration) FROM b)
       FROM b GROUP BY t ORDER BY t`,
      [one],
    ),
  );
  line('graph, one check, 7 d', graph, graphNaive, 20);

  const uptime = await time(() => checksSummary(database, { start: '7d', checkID: one }));
  const uptimeNaive = await time(() =>
    database.pool.query(
      `SELECT count(*) FILTER (WHERE status), count(*) FILTER (WHERE NOT status),
         percentile_disc(ARRAY[0.95, 0.97, 0.99]) WITHIN GROUP (ORDER BY duration)
       FROM check_statuses WHERE check_id = $1 AND time >= now() - interval '7 days'`,
      [one],
    ),
  );
  line('uptime + latency, one check, 7 d', uptime, uptimeNaive, 20);

  const exact = await database.pool.query(
    `SELECT percentile_disc(ARRAY[0.95, 0.97, 0.99]) WITHIN GROUP (ORDER BY duration) AS p
     FROM check_statuses WHERE check_id = $1 AND time >= now() - interval '7 days'`,
    [one],
  );
  const ours = await checkGraph(database, { check: one, start: '7d' });
  console.log(
    `accuracy, one check 7 d: exact p95/p97/p99 ${JSON.stringify(exact.rows[0]?.p)} vs ours ${JSON.stringify(ours.latency)}`,
  );
} finally {
  await database.close();
  await drop();
}
process.exit(failed ? 1 : 0);
