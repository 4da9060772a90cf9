/**
 * Ten users watching 50,000 checks (issue 32 item 3): a real `main.ts` process (MC_ROLE=all, the default
 * single process) on PostgreSQL runs `checks` http checks `@every 30s` (canaries of 50, created through
 * the API) against an HTTP target on 127.0.0.1 in this process, while `users` viewers, each signed in
 * with a session of their own through the login flow, poll the 24 h health summary back-to-back over
 * keep-alive HTTP with a browser's Accept-Encoding (in a worker thread, so their answers never delay the
 * target's clock). Prints the summary's p50 and p99 beside 100 ms and 300 ms and the share of check runs
 * that started within 1 s of their tick beside 99%, with the load average, date and commit; exits 1 on a
 * miss.
 *
 *   node --import tsx bench/health/summary-watching.bench.ts [checks=50000] [pollS=60] [users=10]
 *
 * ~7 min at the defaults on the 2-core machine (creating the canaries, one interval, the window).
 * Development run: `… summary-watching.bench.ts 2000 20 4`. A throw-away database on
 * MC_TEST_DATABASE_URL's server (default postgres://root@127.0.0.1:5432/test).
 */
import { execFileSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { connectPostgres } from '@mc/db';
import { createPostgresTestUrl } from '@mc/db/testing';
import { buildUser } from '../../apps/server/src/modules/auth/testing/auth-factory.js';
import {
  analyzeLikeAutovacuum,
  CHECK_INTERVAL_MS,
  createCanaries,
  percentile,
  pollInThread,
  runsOnTime,
  sleep,
  startBenchServer,
  startCheckTarget,
} from './bench-server.js';

const CHECKS = Number(process.argv[2] ?? 50_000);
const POLL_MS = Number(process.argv[3] ?? 60) * 1000;
const USERS = Number(process.argv[4] ?? 10);
const PER_CANARY = 50;
const TARGETS = { p50: 100, p99: 300, share: 0.99 };

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const commit = () => {
  try {
    return (
      process.env.MC_BENCH_COMMIT ?? execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim()
    );
  } catch {
    return 'unknown';
  }
};
console.log(
  `summary-watching bench: ${USERS} users polling the 24 h summary for ${POLL_MS / 1000} s while ${CHECKS} http checks run @every 30s; ` +
    `load ${load()} on ${cpus().length} cores; ${new Date().toISOString()}`,
);

const target = await startCheckTarget();
const { url, drop } = await createPostgresTestUrl();
const database = connectPostgres(url, { max: 2, applicationName: 'summary-watching-bench' });
let ok = false;
try {
  const server = await startBenchServer({ DATABASE_URL: url });
  try {
    const admin = await server.signIn();
    const started = Date.now();
    const canaries = await createCanaries(server, admin, target.base, CHECKS, PER_CANARY);
    await analyzeLikeAutovacuum(url);
    console.log(
      `created ${canaries.length} canaries in ${((Date.now() - started) / 1000).toFixed(0)} s; load ${load()}`,
    );
    const users = await Promise.all(Array.from({ length: USERS }, () => buildUser(database, { roles: ['viewer'] })));
    const tokens: string[] = [];
    for (const user of users) tokens.push(await server.signIn(user.email, user.password));
    await sleep(CHECK_INTERVAL_MS + 2_000); // every canary has ticked since it was added
    await analyzeLikeAutovacuum(url);
    const first = await server.request('POST', '/api/canary/api/summary', tokens[0] ?? '', { start: '24h' });
    const listed = (JSON.parse(first.body) as { checks_summary: unknown[] }).checks_summary.length;
    target.arrivals.length = 0;
    const from = Date.now();
    const polled = await pollInThread(server.url, '/api/canary/api/summary', { start: '24h' }, tokens, POLL_MS);
    const to = Date.now();
    const { expected, onTime } = runsOnTime(canaries, PER_CANARY, target.arrivals, from, to);
    const share = expected > 0 ? onTime / expected : 0;
    const p50 = percentile(polled.times, 0.5);
    const p99 = percentile(polled.times, 0.99);
    ok = polled.errors === 0 && p50 <= TARGETS.p50 && p99 <= TARGETS.p99 && share >= TARGETS.share;
    const seconds = (to - from) / 1000;
    console.log(
      `${listed} checks listed, ${Math.round(first.bytes / 1024)} KiB of JSON, ${Math.round(percentile(polled.sizes, 0.5) / 1024)} KiB on the wire; ` +
        `${polled.times.length} answers in ${seconds.toFixed(0)} s (${(polled.times.length / seconds).toFixed(1)}/s, ${polled.errors} errors): ` +
        `p50 ${p50.toFixed(1)} ms (target ≤ ${TARGETS.p50}), p99 ${p99.toFixed(1)} ms (target ≤ ${TARGETS.p99}); ` +
        `${(share * 100).toFixed(2)}% of ${expected} runs started within 1 s of their tick (target ≥ 99%); ` +
        `${ok ? 'PASS' : 'FAIL'}; load ${load()}; ${new Date().toISOString()}; commit ${commit()}`,
    );
  } finally {
    await server.stop();
  }
} finally {
  await database.close();
  await target.close();
  await drop();
}
process.exit(ok ? 0 : 1);
