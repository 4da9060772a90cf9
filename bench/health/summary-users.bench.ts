/**
 * The dashboard under many users (issue 20 §4): 10 users, each signed in with their own session, poll
 * the health summary (24 h, as the console asks for it, with a browser's Accept-Encoding) back-to-back
 * against a real `main.ts` process (MC_ROLE=all) on PostgreSQL seeded with one-minute results
 * (bench/health/seed-health.ts). Prints p50/p99 beside the targets — 1,000 checks × 7 days: p50 ≤ 100 ms,
 * p99 ≤ 250 ms; 5,000 checks: p50 ≤ 250 ms — and exits 1 on a miss.
 *
 *   node --import tsx bench/health/summary-users.bench.ts [checks=1000] [days=7] [pollS=30] [bigChecks=5000] [users=10]
 *
 * Seeding takes ~4 min for 1,000 × 7 days and ~20 min for 5,000 × 7 days; `bigChecks=0` skips the second
 * stage. MC_BENCH_DATABASE_URL / MC_BENCH_DATABASE_URL_BIG name migrated databases to keep between runs
 * (seeded only when they have no checks); otherwise each stage uses a throw-away database on
 * MC_TEST_DATABASE_URL's server (default postgres://root@127.0.0.1:5432/test).
 * Development run: `… summary-users.bench.ts 100 1 10 0 4`.
 */
import { cpus, loadavg } from 'node:os';
import { connectPostgres, migrate } from '@mc/db';
import { createPostgresTestUrl } from '@mc/db/testing';
import { buildUser } from '../../apps/server/src/modules/auth/testing/auth-factory.js';
import { percentile, startBenchServer } from './bench-server.js';
import { seedHealthBench } from './seed-health.js';

const CHECKS = Number(process.argv[2] ?? 1000);
const DAYS = Number(process.argv[3] ?? 7);
const POLL_MS = Number(process.argv[4] ?? 30) * 1000;
const BIG_CHECKS = Number(process.argv[5] ?? 5000);
const USERS = Number(process.argv[6] ?? 10);

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
console.log(
  `summary-users bench: ${USERS} users polling the 24 h summary for ${POLL_MS / 1000} s; load ${load()} on ${cpus().length} cores; ${new Date().toISOString()}`,
);

/** Seeds (when empty) and polls one database; returns whether its targets held. */
async function stage(checks: number, keep: string | undefined, targets: { p50: number; p99?: number }) {
  const { url, drop } = keep ? { url: keep, drop: async () => {} } : await createPostgresTestUrl();
  const database = connectPostgres(url, { max: 2, applicationName: 'summary-users-bench' });
  try {
    await migrate(database.pool);
    const { rows } = await database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM checks');
    if ((rows[0]?.n ?? 0) === 0) {
      const started = Date.now();
      const client = await database.pool.connect();
      try {
        await seedHealthBench(client, { checks, days: DAYS });
      } finally {
        client.release();
      }
      console.log(`seeded ${checks} checks × ${DAYS} days in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    }
    const users = await Promise.all(Array.from({ length: USERS }, () => buildUser(database, { roles: ['viewer'] })));
    const server = await startBenchServer({ DATABASE_URL: url });
    try {
      const tokens: string[] = [];
      for (const user of users) tokens.push(await server.signIn(user.email, user.password));
      const plain = await server.request('POST', '/api/canary/api/summary', tokens[0] ?? '', { start: '24h' });
      const listed = (JSON.parse(plain.body) as { checks_summary: unknown[] }).checks_summary.length;
      const times: number[] = [];
      const sizes: number[] = [];
      let errors = 0;
      const from = Date.now();
      await Promise.all(
        tokens.map(async (token) => {
          while (Date.now() - from < POLL_MS) {
            const answer = await server.request('POST', '/api/canary/api/summary', token, { start: '24h' }, true);
            if (answer.status !== 200) errors++;
            times.push(answer.ms);
            sizes.push(answer.bytes);
          }
        }),
      );
      const seconds = (Date.now() - from) / 1000;
      const p50 = percentile(times, 0.5);
      const p99 = percentile(times, 0.99);
      const ok = errors === 0 && p50 <= targets.p50 && (targets.p99 === undefined || p99 <= targets.p99);
      console.log(
        `${String(listed).padStart(5)} checks × ${DAYS} d: ${times.length} answers in ${seconds.toFixed(0)} s ` +
          `(${(times.length / seconds).toFixed(1)}/s, ${errors} errors); p50 ${p50.toFixed(1)} ms (target ≤ ${targets.p50})` +
          `${targets.p99 === undefined ? '' : `, p99 ${p99.toFixed(1)} ms (target ≤ ${targets.p99})`}` +
          `${targets.p99 === undefined ? `, p99 ${p99.toFixed(1)} ms` : ''}; ` +
          `${Math.round(plain.bytes / 1024)} KiB of JSON, ${Math.round(percentile(sizes, 0.5) / 1024)} KiB on the wire; ` +
          `${ok ? 'PASS' : 'FAIL'}; load ${load()}`,
      );
      return ok;
    } finally {
      await server.stop();
    }
  } finally {
    await database.close();
    await drop();
  }
}

let ok = await stage(CHECKS, process.env.MC_BENCH_DATABASE_URL, { p50: 100, p99: 250 });
if (BIG_CHECKS > 0) ok = (await stage(BIG_CHECKS, process.env.MC_BENCH_DATABASE_URL_BIG, { p50: 250 })) && ok;
process.exit(ok ? 0 : 1);
