/**
 * Restart keeps holding (issue 20 §6): 5,000 http checks `@every 30s` on PostgreSQL, a real `main.ts`
 * process (MC_ROLE=all) stopped with SIGTERM and started again; prints how long after start `/health`
 * answered and how long after that every check had run again (its request reached the target), beside
 * the target of one interval (30 s), and exits 1 on a miss.
 *
 *   node --import tsx bench/health/restart.bench.ts [checks=5000]
 *
 * ≈ 2 min at the defaults (create the canaries through the API, one interval of running, the restart).
 * Development run: `… restart.bench.ts 500`. A throw-away database on MC_TEST_DATABASE_URL's server
 * (default postgres://root@127.0.0.1:5432/test).
 */
import { cpus, loadavg } from 'node:os';
import { createPostgresTestUrl } from '@mc/db/testing';
import { CHECK_INTERVAL_MS, createCanaries, sleep, startBenchServer, startCheckTarget } from './bench-server.js';

const CHECKS = Number(process.argv[2] ?? 5000);
const PER_CANARY = 50;
/** How long to wait for every check after the restart before calling it a miss. */
const GIVE_UP_MS = 3 * CHECK_INTERVAL_MS;

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
console.log(
  `restart bench: ${CHECKS} http checks @every 30s on PostgreSQL; load ${load()} on ${cpus().length} cores; ${new Date().toISOString()}`,
);

const target = await startCheckTarget();
const { url, drop } = await createPostgresTestUrl();
let missed = true;
try {
  const first = await startBenchServer({ DATABASE_URL: url });
  try {
    const token = await first.signIn();
    await createCanaries(first, token, target.base, CHECKS, PER_CANARY);
    await sleep(CHECK_INTERVAL_MS + 2_000); // every check has run at least once
  } finally {
    await first.stop();
  }
  const ranBefore = new Set(target.arrivals.map((a) => `${a.canary}/${a.check}`)).size;
  const started = Date.now();
  const second = await startBenchServer({ DATABASE_URL: url });
  try {
    const healthAt = second.healthAt;
    const seen = new Set<string>();
    let index = target.arrivals.findIndex((a) => a.at >= healthAt);
    let allAt = 0;
    while (Date.now() - healthAt < GIVE_UP_MS) {
      if (index >= 0) {
        for (; index < target.arrivals.length; index++) {
          const a = target.arrivals[index];
          if (!a || a.at < healthAt) continue;
          seen.add(`${a.canary}/${a.check}`);
          if (seen.size >= CHECKS && allAt === 0) allAt = a.at;
        }
      } else {
        index = target.arrivals.findIndex((a) => a.at >= healthAt);
      }
      if (allAt > 0) break;
      await sleep(200);
    }
    const ok = allAt > 0 && allAt - healthAt <= CHECK_INTERVAL_MS;
    missed = !ok;
    console.log(
      `/health answered ${((healthAt - started) / 1000).toFixed(1)} s after the restart's start (${ranBefore} checks had run before)\n` +
        (allAt > 0
          ? `every one of the ${CHECKS} checks ran again ${((allAt - healthAt) / 1000).toFixed(1)} s after /health answered`
          : `only ${seen.size} of ${CHECKS} checks ran again within ${GIVE_UP_MS / 1000} s of /health`) +
        ` (target ≤ ${CHECK_INTERVAL_MS / 1000} s, one interval) ${ok ? 'PASS' : 'FAIL'}; load ${load()}`,
    );
  } finally {
    await second.stop();
  }
} finally {
  await target.close();
  await drop();
}
process.exit(missed ? 1 : 0);
