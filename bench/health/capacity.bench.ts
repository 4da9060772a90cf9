/**
 * Health runner capacity (issue 6): HTTP checks at a 30 s interval against a local HTTP server, raised
 * step by step until fewer than 99% of the runs start within 1 s of their tick. The server under test
 * is a real `main.ts` process on PostgreSQL, pinned to one core with taskset when present; this process
 * serves the checks' target and measures. Prints, per step, the on-time share, the server's CPU and
 * RSS, the start delay split into the scheduler's enqueue lag and the rest, and at the end the highest
 * count sustained (the last step before the first miss) and the figures at 5,000 checks. Steps up to
 * 5,000 always run, so those figures are printed even when an earlier step misses.
 *
 *   node --import tsx bench/health/capacity.bench.ts [steps=1000,2500,5000,7500,10000,12500,15000] [measureS=60]
 *
 * A development run: `… capacity.bench.ts 200,500 30`. Each step waits one interval to settle and then
 * measures `measureS` seconds (two ticks of every check at the default). Uses a throw-away database on
 * MC_TEST_DATABASE_URL's server (default postgres://root@127.0.0.1:5432/test).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { connectPostgres } from '@mc/db';
import { createPostgresTestUrl } from '@mc/db/testing';
import { canariesService, canaryScheduleName } from '../../apps/server/src/modules/health/index.js';
import { jitterOffset } from '../../apps/server/src/modules/jobs/index.js';

const STEPS = (process.argv[2] ?? '1000,2500,5000,7500,10000,12500,15000').split(',').map(Number);
const MEASURE_MS = Number(process.argv[3] ?? 60) * 1000;
const INTERVAL_MS = 30_000;
const CHECKS_PER_CANARY = 50;
const ON_TIME_MS = 1_000;
const TARGET_SHARE = 0.99;
const JITTER_MS = 30_000;
const MAIN = fileURLToPath(new URL('../../apps/server/src/main.ts', import.meta.url));

/** Arrival times of the checks' requests, by canary index. */
const arrivals: Array<{ canary: number; at: number }> = [];
const target = createServer((req, res) => {
  const canary = Number(req.url?.split('/')[2]);
  if (Number.isInteger(canary)) arrivals.push({ canary, at: Date.now() });
  res.end('ok');
});
await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(target.address() as AddressInfo).port}`; // a TCP listener

const { url, drop } = await createPostgresTestUrl();
const database = connectPostgres(url, { max: 4, applicationName: 'health-capacity-bench' });
const pinned = existsSync('/usr/bin/taskset');
const server = spawn(
  pinned ? '/usr/bin/taskset' : process.execPath,
  [...(pinned ? ['-c', String(cpus().length - 1), process.execPath] : []), '--import', 'tsx', MAIN],
  {
    env: { ...process.env, DATABASE_URL: url, PORT: '0', LOG_LEVEL: 'warn', MC_SHUTDOWN_TIMEOUT_MS: '2000' },
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);
const pid = server.pid ?? 0;

/** utime + stime of the server process, in ms. */
function cpuMs(): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return ((Number(fields[11]) || 0) + (Number(fields[12]) || 0)) * 10; // clock ticks of 10 ms
}

function rssMb(): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Math.round(Number(line?.replace(/\D+/g, '') ?? 0) / 1024);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const canaries: Array<{ id: string; offset: number }> = [];
const service = canariesService(database);

async function growTo(checks: number) {
  while (canaries.length * CHECKS_PER_CANARY < checks) {
    const i = canaries.length;
    const row = await service.create(
      {
        apiVersion: 'canaries.flanksource.com/v1',
        kind: 'Canary',
        metadata: { name: `cap-${i}`, namespace: 'default' },
        spec: {
          schedule: '@every 30s',
          http: Array.from({ length: CHECKS_PER_CANARY }, (_, j) => ({
            name: `c${j}`,
            endpoint: `${base}/c/${i}/${j}`,
            responseCodes: [200],
          })),
        },
      },
      { actor: { kind: 'system', name: 'bench' } },
    );
    canaries.push({ id: row.id, offset: jitterOffset(canaryScheduleName(row.id), JITTER_MS) });
  }
}

interface Step {
  checks: number;
  onTime: number;
  cpu: number;
  rss: number;
}
const results: Step[] = [];

try {
  await sleep(5_000); // migrations are done; let the server start
  console.log(
    `server pid ${pid}${pinned ? ` pinned to core ${cpus().length - 1}` : ' (not pinned: no taskset)'}; ` +
      `${CHECKS_PER_CANARY} checks per canary, @every 30s; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} on ${cpus().length} cores`,
  );
  for (const checks of STEPS) {
    await growTo(checks);
    await sleep(INTERVAL_MS); // one full interval: every canary has ticked once since it was added
    arrivals.length = 0;
    const cpu0 = cpuMs();
    const from = Date.now();
    await sleep(MEASURE_MS);
    const to = Date.now();
    const cpu = (cpuMs() - cpu0) / (to - from);
    // Ticks of each canary inside [from, to - ON_TIME_MS): each expects all its checks within 1 s.
    let expected = 0;
    let onTime = 0;
    const ticksOf = (offset: number) => {
      const ticks: number[] = [];
      for (
        let t = Math.ceil((from - offset) / INTERVAL_MS) * INTERVAL_MS + offset;
        t < to - ON_TIME_MS;
        t += INTERVAL_MS
      )
        ticks.push(t);
      return ticks;
    };
    const byCanary = new Map<number, number[]>();
    for (const a of arrivals) {
      const list = byCanary.get(a.canary) ?? [];
      list.push(a.at);
      byCanary.set(a.canary, list);
    }
    // When the scheduler enqueued each tick's job (the jobs module polls schedules about once a second).
    const { rows: fired } = await database.pool.query<{ canary_id: string; created: number }>(
      `SELECT payload->>'canaryId' AS canary_id, (extract(epoch FROM created_at) * 1000)::float8 AS created
       FROM jobs WHERE name = 'run_canary' AND created_at >= $1 AND created_at < $2`,
      [new Date(from - INTERVAL_MS).toISOString(), new Date(to).toISOString()],
    );
    const enqueued = new Map<string, number>();
    for (const job of fired) enqueued.set(`${job.canary_id}:${Math.floor(job.created / 1000)}`, job.created);
    const enqueuedAt = (canaryId: string, tick: number) => {
      for (let s = Math.floor(tick / 1000); s <= Math.floor((tick + INTERVAL_MS) / 1000); s++) {
        const at = enqueued.get(`${canaryId}:${s}`);
        if (at !== undefined && at >= tick - 1) return at;
      }
      return undefined;
    };
    const lateness: number[] = [];
    const enqueueLag: number[] = [];
    let runnerOnTime = 0;
    for (const [i, canary] of canaries.entries()) {
      const times = byCanary.get(i) ?? [];
      for (const tick of ticksOf(canary.offset)) {
        expected += CHECKS_PER_CANARY;
        const starts = times.filter((t) => t >= tick && t < tick + INTERVAL_MS);
        lateness.push(...starts.map((t) => t - tick));
        onTime += Math.min(CHECKS_PER_CANARY, starts.filter((t) => t - tick < ON_TIME_MS).length);
        const at = enqueuedAt(canary.id, tick);
        if (at !== undefined) {
          enqueueLag.push(at - tick);
          runnerOnTime += Math.min(CHECKS_PER_CANARY, starts.filter((t) => t - at < ON_TIME_MS).length);
        }
      }
    }
    const pct = (values: number[], q: number) => {
      const sorted = [...values].sort((a, b) => a - b);
      return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0);
    };
    const share = expected > 0 ? onTime / expected : 0;
    const step = { checks: canaries.length * CHECKS_PER_CANARY, onTime: share, cpu, rss: rssMb() };
    results.push(step);
    console.log(
      `${String(step.checks).padStart(6)} checks: ${(share * 100).toFixed(2).padStart(6)}% started within 1 s ` +
        `(${onTime}/${expected}), server CPU ${(cpu * 100).toFixed(0)}% of a core, RSS ${step.rss} MB, ` +
        `load ${loadavg()[0]?.toFixed(2)}\n` +
        `        start delay p50/p90/p99 ${pct(lateness, 0.5)}/${pct(lateness, 0.9)}/${pct(lateness, 0.99)} ms; ` +
        `of which job enqueue lag p50/p90/p99 ${pct(enqueueLag, 0.5)}/${pct(enqueueLag, 0.9)}/${pct(enqueueLag, 0.99)} ms; ` +
        `${((runnerOnTime / Math.max(1, expected)) * 100).toFixed(2)}% started within 1 s of their job's enqueue`,
    );
    // Past 5,000 checks (whose CPU and RSS are reported whatever the share), the first miss ends the run.
    if (share < TARGET_SHARE && step.checks >= 5000) break;
  }
  const firstMiss = results.findIndex((r) => r.onTime < TARGET_SHARE);
  const sustained = (firstMiss < 0 ? results : results.slice(0, firstMiss)).at(-1);
  const at5k = results.find((r) => r.checks === 5000);
  console.log(
    `capacity: ${sustained ? `${sustained.checks} checks sustained on one core` : 'no step sustained'} ` +
      `(target ≥ 10,000)${at5k ? `; at 5,000 checks CPU ${(at5k.cpu * 100).toFixed(0)}% of a core, RSS ${at5k.rss} MB` : ''}`,
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  target.close();
  await database.close();
  await drop();
}
