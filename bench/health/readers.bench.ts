/**
 * Monitoring never stops for readers (issue 20 §4): 5,000 http checks `@every 30s` against an HTTP
 * target in this process, while 10 clients poll the dashboard summary (24 h) back-to-back, each with its
 * own session and a browser's Accept-Encoding. The server is a real `main.ts` process with MC_ROLE=all
 * (the default single process), on PostgreSQL and on the embedded database. Prints the share of check
 * runs that started within 1 s of their tick (target ≥ 99%) beside the summary's latency and the
 * server's CPU, and exits 1 when an engine misses.
 *
 *   node --import tsx bench/health/readers.bench.ts [engines=postgres,embedded] [checks=5000] [pollS=60] [clients=10]
 *
 * Each engine: create the canaries (50 checks each) through the API, wait one interval so every canary
 * has ticked, then poll for `pollS` seconds and count the ticks inside that window. ≈ 2.5 min per engine
 * at the defaults. Development run: `… readers.bench.ts postgres 500 20 4`. PostgreSQL: a throw-away
 * database on MC_TEST_DATABASE_URL's server (default postgres://root@127.0.0.1:5432/test).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPostgresTestUrl } from '@mc/db/testing';
import {
  CHECK_INTERVAL_MS,
  createCanaries,
  percentile,
  pollInThread,
  runsOnTime,
  sleep,
  startBenchServer,
  startCheckTarget,
} from './bench-server.js';

const ENGINES = (process.argv[2] ?? 'postgres,embedded').split(',');
const CHECKS = Number(process.argv[3] ?? 5000);
const POLL_MS = Number(process.argv[4] ?? 60) * 1000;
const CLIENTS = Number(process.argv[5] ?? 10);
const PER_CANARY = 50;
const TARGET_SHARE = 0.99;

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
console.log(
  `readers bench: ${CHECKS} http checks @every 30s, ${CLIENTS} clients polling the 24 h summary for ${POLL_MS / 1000} s; ` +
    `load ${load()} on ${cpus().length} cores; ${new Date().toISOString()}`,
);

let missed = false;
for (const engine of ENGINES) {
  if (engine !== 'postgres' && engine !== 'embedded') throw new Error(`unknown engine ${engine}`);
  const target = await startCheckTarget();
  const cleanups: Array<() => Promise<unknown>> = [target.close];
  try {
    const env: Record<string, string> = {};
    if (engine === 'postgres') {
      const { url, drop } = await createPostgresTestUrl();
      cleanups.push(drop);
      env.DATABASE_URL = url;
    } else {
      const dataDir = mkdtempSync(join(tmpdir(), 'mc-readers-bench-'));
      cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
      env.MC_DATA_DIR = dataDir;
    }
    const server = await startBenchServer(env);
    cleanups.unshift(() => server.stop());
    // One after another: concurrent sign-ins of one account count as attempts in flight and hit its limit.
    const tokens: string[] = [];
    for (let i = 0; i < CLIENTS; i++) tokens.push(await server.signIn());
    const canaries = await createCanaries(
      server,
      tokens[0] ?? (await server.signIn()),
      target.base,
      CHECKS,
      PER_CANARY,
    );
    await sleep(CHECK_INTERVAL_MS); // every canary has ticked once since it was added

    const cpu0 = server.cpuMs();
    const from = Date.now();
    const [{ times, sizes, errors }] = await Promise.all([
      pollInThread(server.url, '/api/canary/api/summary', { start: '24h' }, tokens, POLL_MS),
      sleep(POLL_MS), // with no clients: the same window without readers, as a baseline
    ]);
    const to = Date.now();
    const cpu = (server.cpuMs() - cpu0) / (to - from);
    await sleep(2_000); // the last ticks' requests arrive
    const { expected, onTime, delays } = runsOnTime(canaries, PER_CANARY, target.arrivals, from, to);
    const share = expected > 0 ? onTime / expected : 0;
    const ok = share >= TARGET_SHARE && errors === 0;
    missed ||= !ok;
    console.log(
      `${engine.padEnd(8)} ${(share * 100).toFixed(2)}% of check runs started within 1 s of their tick ` +
        `(${onTime}/${expected}; target ≥ ${TARGET_SHARE * 100}%) ${ok ? 'PASS' : 'FAIL'}\n` +
        `         start delay p50/p90/p99 ${percentile(delays, 0.5)}/${percentile(delays, 0.9)}/${percentile(delays, 0.99)} ms; ` +
        `summary ${times.length} answers (${(times.length / ((to - from) / 1000)).toFixed(1)}/s, ${errors} errors), ` +
        `p50 ${percentile(times, 0.5).toFixed(0)} ms p99 ${percentile(times, 0.99).toFixed(0)} ms, ` +
        `${Math.round(percentile(sizes, 0.5) / 1024)} KiB on the wire; server CPU ${(cpu * 100).toFixed(0)}% of a core; load ${load()}`,
    );
  } finally {
    for (const cleanup of cleanups) await cleanup().catch(() => {});
  }
}
process.exit(missed ? 1 : 0);
