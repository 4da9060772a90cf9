/**
 * The largest count of http checks the embedded database (PGlite) holds (issue 32 item 2): a real
 * `main.ts` process (MC_ROLE=all) on a throw-away data directory, http checks `@every 30s` in canaries of
 * 50 created through the API against an HTTP target on 127.0.0.1 in this process, raised step by step;
 * each step waits one interval and measures `measureS` seconds. Prints, per step, the share of runs that
 * started within 1 s of their tick and the server's CPU per run (PGlite's thread included), then the
 * largest step holding ≥ 99% on time, with the load average, date and commit. A report, not a bar: it
 * exits 1 only when no step holds.
 *
 *   node --import tsx bench/health/embedded-capacity.bench.ts [steps=1000,2500,5000,10000,20000] [measureS=60]
 *
 * About 1.5 min per step plus canary creation. Development run: `… embedded-capacity.bench.ts 200,500 20`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type BenchCanary,
  CHECK_INTERVAL_MS,
  createCanaries,
  runsOnTime,
  sleep,
  startBenchServer,
  startCheckTarget,
} from './bench-server.js';

const STEPS = (process.argv[2] ?? '1000,2500,5000,10000,20000').split(',').map(Number);
const MEASURE_MS = Number(process.argv[3] ?? 60) * 1000;
const PER_CANARY = 50;
const TARGET_SHARE = 0.99;

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
  `embedded-capacity bench: steps ${STEPS.join(', ')}; load ${load()} on ${cpus().length} cores; ${new Date().toISOString()}`,
);

const target = await startCheckTarget();
const dataDir = mkdtempSync(join(tmpdir(), 'mc-embedded-capacity-'));
const server = await startBenchServer({ DATABASE_URL: '', MC_DATA_DIR: dataDir });
let held = 0;
try {
  const token = await server.signIn();
  let canaries: BenchCanary[] = [];
  for (const checks of STEPS) {
    canaries = await createCanaries(server, token, target.base, checks, PER_CANARY, canaries);
    await sleep(CHECK_INTERVAL_MS + 2_000);
    target.arrivals.length = 0;
    const cpu0 = server.cpuMs();
    const from = Date.now();
    await sleep(MEASURE_MS);
    const to = Date.now();
    const cpu = server.cpuMs() - cpu0;
    const runs = target.arrivals.filter((a) => a.at >= from && a.at < to).length;
    const { expected, onTime } = runsOnTime(canaries, PER_CANARY, target.arrivals, from, to);
    const share = expected > 0 ? onTime / expected : 0;
    console.log(
      `${String(canaries.length * PER_CANARY).padStart(6)} checks: ${(share * 100).toFixed(2)}% of ${expected} runs within 1 s of their tick, ` +
        `${(cpu / Math.max(1, runs)).toFixed(3)} ms CPU per run (Node and PGlite); load ${load()}`,
    );
    if (share < TARGET_SHARE) break;
    held = canaries.length * PER_CANARY;
  }
} finally {
  await server.stop();
  await target.close();
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(
  `embedded database: ${held > 0 ? `${held} checks held` : 'no step held'} (≥ 99% of runs within 1 s of their tick); ` +
    `load ${load()}; ${new Date().toISOString()}; commit ${commit()}`,
);
process.exit(held > 0 ? 0 : 1);
