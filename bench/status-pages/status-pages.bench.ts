/**
 * Status pages under a crowd (issue 33): 1,000 concurrent anonymous readers of one status page while
 * 5,000 http checks run `@every 30s` against an HTTP target in this process. The server is a real
 * `main.ts` process (MC_ROLE=all, the default single process), on PostgreSQL and on the embedded
 * database. Prints the page's p99 (target ≤ 50 ms) and the share of check runs that started within 1 s
 * of their tick (target ≥ 99%) beside the load average, date and commit; exits 1 on a miss.
 *
 *   node --import tsx bench/status-pages/status-pages.bench.ts [engines=postgres,embedded] [checks=5000] [readS=60] [readers=1000] [thinkS=5]
 *
 * Readers: `readers` concurrent anonymous browsers (their own keep-alive connections, a browser's
 * Accept-Encoding), each loading `/status/bench` and then reading it for `thinkS` seconds before the
 * next load — an open page being refreshed, as during an incident. Their first loads are spread over one
 * think time. The page shows 100 checks (the first check of every canary) with their 90-day bars.
 */
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { createPostgresTestUrl } from '@mc/db/testing';
import {
  CHECK_INTERVAL_MS,
  createCanaries,
  percentile,
  runsOnTime,
  sleep,
  startBenchServer,
  startCheckTarget,
} from '../health/bench-server.js';

const ENGINES = (process.argv[2] ?? 'postgres,embedded').split(',');
const CHECKS = Number(process.argv[3] ?? 5000);
const READ_MS = Number(process.argv[4] ?? 60) * 1000;
const READERS = Number(process.argv[5] ?? 1000);
const THINK_MS = Number(process.argv[6] ?? 5) * 1000;
const PER_CANARY = 50;
const TARGET_P99_MS = 50;
const TARGET_SHARE = 0.99;

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const commit = (() => {
  if (process.env.MC_BENCH_COMMIT) return process.env.MC_BENCH_COMMIT;
  try {
    return execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
})();

/** The readers' code: plain JavaScript for a worker thread, so their answers never delay the check target. */
const READERS_CODE = `
const { workerData, parentPort } = require('node:worker_threads');
const http = require('node:http');
const { host, port, path, readers, ms, think } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: readers });
const times = [];
let bytes = 0;
let errors = 0;
const from = Date.now();
const one = () => new Promise((resolve) => {
  const started = performance.now();
  const req = http.request({ host, port, path, agent, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } }, (res) => {
    let size = 0;
    res.on('data', (chunk) => { size += chunk.length; });
    res.on('end', () => {
      if (res.statusCode !== 200) errors++;
      times.push(performance.now() - started);
      bytes = Math.max(bytes, size);
      resolve();
    });
  });
  req.on('error', () => { errors++; resolve(); });
  req.end();
});
const wait = (t) => new Promise((resolve) => setTimeout(resolve, t));
Promise.all(Array.from({ length: readers }, async (_, i) => {
  await wait((i / readers) * think);
  while (Date.now() - from < ms) { await one(); await wait(think); }
})).then(() => { agent.destroy(); parentPort.postMessage({ times, bytes, errors }); });
`;

function readInThread(url: string, path: string) {
  const { hostname, port } = new URL(url);
  const worker = new Worker(READERS_CODE, {
    eval: true,
    workerData: { host: hostname, port, path, readers: READERS, ms: READ_MS, think: THINK_MS },
  });
  return new Promise<{ times: number[]; bytes: number; errors: number }>((resolve, reject) => {
    worker.once('message', (result: { times: number[]; bytes: number; errors: number }) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

async function databaseEnv(engine: string, cleanups: Array<() => Promise<unknown>>): Promise<Record<string, string>> {
  if (engine === 'postgres') {
    const { url, drop } = await createPostgresTestUrl();
    cleanups.push(drop);
    return { DATABASE_URL: url };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'mc-status-bench-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  return { MC_DATA_DIR: dataDir };
}

/**
 * Signs the bench admin in, waiting for the first admin on a loaded machine: the server creates it just
 * after it listens, and bench-server waits 30 s for that at most. Three tries, 15 s apart.
 */
async function signInPatiently(server: { signIn(): Promise<string> }): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await server.signIn();
    } catch (error) {
      if (attempt === 3) throw error;
      await sleep(15_000);
    }
  }
}

/** One engine's run; true when both targets hold. */
async function runEngine(engine: string): Promise<boolean> {
  const target = await startCheckTarget();
  const cleanups: Array<() => Promise<unknown>> = [target.close];
  try {
    const server = await startBenchServer(await databaseEnv(engine, cleanups));
    cleanups.unshift(() => server.stop());
    const token = await signInPatiently(server);
    const canaries = await createCanaries(server, token, target.base, CHECKS, PER_CANARY);
    const page = await server.request('POST', '/api/status-pages', token, {
      slug: 'bench',
      title: 'Bench status',
      checks: { names: ['c0'] },
    });
    if (page.status !== 201) throw new Error(`creating the page answered ${page.status}: ${page.body}`);
    await sleep(CHECK_INTERVAL_MS); // every canary has ticked once since it was added
    const from = Date.now();
    const { times, bytes, errors } = await readInThread(server.url, '/status/bench');
    const to = Date.now();
    await sleep(2_000); // the last ticks' requests arrive
    const { expected, onTime } = runsOnTime(canaries, PER_CANARY, target.arrivals, from, to);
    const share = expected > 0 ? onTime / expected : 0;
    const p99 = percentile(times, 0.99);
    const ok = share >= TARGET_SHARE && p99 <= TARGET_P99_MS && errors === 0 && times.length > 0;
    console.log(
      `${engine.padEnd(8)} page p99 ${p99.toFixed(1)} ms (target ≤ ${TARGET_P99_MS} ms), p50 ${percentile(times, 0.5).toFixed(1)} ms, ` +
        `${times.length} loads (${(times.length / ((to - from) / 1000)).toFixed(0)}/s, ${errors} errors), ${(bytes / 1024).toFixed(1)} KiB on the wire; ` +
        `${(share * 100).toFixed(2)}% of check runs on time (${onTime}/${expected}; target ≥ ${TARGET_SHARE * 100}%) ` +
        `${ok ? 'PASS' : 'FAIL'}; load ${load()}; ${new Date().toISOString()}; commit ${commit}`,
    );
    return ok;
  } finally {
    for (const cleanup of cleanups) await cleanup().catch(() => {});
  }
}

console.log(
  `status pages bench: ${READERS} anonymous readers (one load per ${THINK_MS / 1000} s each) for ${READ_MS / 1000} s ` +
    `while ${CHECKS} http checks run @every 30s; load ${load()} on ${cpus().length} cores; ${new Date().toISOString()}; commit ${commit}`,
);
let missed = false;
for (const engine of ENGINES) {
  if (engine !== 'postgres' && engine !== 'embedded') throw new Error(`unknown engine ${engine}`);
  missed = !(await runEngine(engine)) || missed;
}
process.exit(missed ? 1 : 0);
