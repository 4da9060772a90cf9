/**
 * Storage per check result (issue 20, item 1) on PostgreSQL. Passing HTTP checks really run (runCheck
 * with the egress guard, HTTP requests to a target in this process answering a JSON body with a fresh
 * Date header), round after round; each round's results are stored by the runner's write path
 * (recordResults: one statement, the rollup trigger) with times 20 s apart, as a check `@every 20s`
 * writes them, until at least `results` rows exist. Then VACUUM and pg_total_relation_size (heap,
 * TOAST, every index, free-space and visibility maps) of check_results, the table behind the
 * check_statuses view. Prints bytes per result and MiB per day at 1,000 checks every 20 s beside the
 * target (≤ 100 bytes, ≤ 415 MiB/day) and Uptime Kuma's ~157 bytes; exits 1 on a miss. The rollups a
 * result also updates are printed apart: one hourly row per check and hour, one daily row per day.
 *
 *   node --import tsx bench/health/storage.bench.ts [results=30000] [checks=30]
 *
 * Few checks with many runs each, as in production (a check `@every 20s` writes 4,320 results a day,
 * ~15 index pages): with a handful of runs per check, checks would share index pages and the figure
 * would describe a first hour, not a day.
 *
 * Uses a throw-away database on MC_TEST_DATABASE_URL's server (default postgres://root@127.0.0.1:5432/test).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { connectPostgres } from '@mc/db';
import { createPostgresTestUrl } from '@mc/db/testing';
import {
  canariesService,
  recordResults,
  runCheck,
  runnableChecksOf,
} from '../../apps/server/src/modules/health/index.js';
import { propertiesService } from '../../apps/server/src/modules/properties/index.js';
import { createEgressGuard } from '../../apps/server/src/platform/egress/egress-guard.js';
import { egressSettingsFrom } from '../../apps/server/src/platform/egress/egress-settings.js';

const RESULTS = Number(process.argv[2] ?? 30_000);
const CHECKS = Number(process.argv[3] ?? 30);
const TARGET_BYTES = 100;
const KUMA_BYTES = 157;
const PER_DAY = 1_000 * (86_400 / 20);
const MIB = 1024 * 1024;

const target = createServer((_req, res) => {
  res.setHeader('Content-Type', 'application/json');
  res.end(JSON.stringify({ status: 'ok', version: '1.4.2', checks: { database: 'up', queue: 'up' } }));
});
await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;

const { url, drop } = await createPostgresTestUrl();
const database = connectPostgres(url, { max: 4, applicationName: 'health-storage-bench' });
let failed = false;
try {
  const service = canariesService(database);
  const canaryIds: string[] = [];
  for (let i = 0; i * 50 < CHECKS; i++) {
    const row = await service.create(
      {
        apiVersion: 'canaries.flanksource.com/v1',
        kind: 'Canary',
        metadata: { name: `storage-${i}`, namespace: 'default' },
        spec: {
          schedule: '@every 20s',
          http: Array.from({ length: Math.min(50, CHECKS - i * 50) }, (_, j) => ({
            name: `c${j}`,
            url: `${base}/health/${i}/${j}`,
            responseCodes: [200],
          })),
        },
      },
      { actor: { kind: 'system', name: 'bench' } },
    );
    canaryIds.push(row.id);
  }
  // Paused schedules: only this script runs the checks.
  await database.pool.query("UPDATE schedules SET enabled = false WHERE name LIKE 'canary:%'");
  const checks = (await Promise.all(canaryIds.map((id) => runnableChecksOf(database.db, id)))).flat();
  const egress = createEgressGuard({ getPolicy: egressSettingsFrom(propertiesService(database)) });
  const started = Date.now();
  const firstTick = Date.now() - Math.ceil(RESULTS / checks.length) * 20_000;
  let rounds = 0;
  while (rounds * checks.length < RESULTS) {
    const tick = firstTick + rounds * 20_000;
    const entries = await Promise.all(
      checks.map(async (check, i) => ({
        checkId: check.id,
        time: new Date(tick + i * 3),
        result: await runCheck(check.type, check.spec, { egress }),
        nextRuntime: null,
      })),
    );
    await recordResults(database.db, entries);
    rounds++;
  }
  const { rows: counted } = await database.pool.query<{ n: number; passed: number; kept: number }>(
    `SELECT count(*)::int AS n, count(*) FILTER (WHERE status)::int AS passed,
       count(*) FILTER (WHERE details IS NOT NULL)::int AS kept FROM check_results`,
  );
  const stored = counted[0]?.n ?? 0;
  await database.pool.query('VACUUM check_results, check_statuses_1h, check_statuses_1d');
  const { rows: sizes } = await database.pool.query<{ name: string; bytes: string }>(
    `SELECT relname AS name, pg_total_relation_size(oid)::bigint AS bytes FROM pg_class
     WHERE relname IN ('check_results', 'check_statuses_1h', 'check_statuses_1d') ORDER BY relname`,
  );
  const { rows: rawParts } = await database.pool.query<{ heap: string; toast: string; indexes: string }>(
    `SELECT pg_table_size('check_results')::bigint - pg_relation_size('check_results')::bigint AS toast,
       pg_relation_size('check_results')::bigint AS heap, pg_indexes_size('check_results')::bigint AS indexes`,
  );
  // Rollups grow by one hourly row per check and hour and one daily row per day, whatever the interval:
  // their live size (row + line pointer + primary-key and time index entries) over the results they sum.
  const { rows: rollups } = await database.pool.query<{ hourly: number; daily: number }>(
    `SELECT (SELECT avg(pg_column_size(r.*)) + 4 + 2 * 36 FROM check_statuses_1h r)::float8 AS hourly,
       (SELECT avg(pg_column_size(r.*)) + 4 + 2 * 36 FROM check_statuses_1d r)::float8 AS daily`,
  );
  const bytes = (name: string) => Number(sizes.find((r) => r.name === name)?.bytes ?? 0);
  const perResult = bytes('check_results') / stored;
  const perDay = (perResult * PER_DAY) / MIB;
  const rollupPerResult = ((rollups[0]?.hourly ?? 0) * 24 + (rollups[0]?.daily ?? 0)) / (86_400 / 20);
  const parts = rawParts[0];
  console.log(
    `${stored} results (${counted[0]?.passed} passing, details kept on ${counted[0]?.kept}) from ${checks.length} http checks ` +
      `× ${rounds} runs in ${((Date.now() - started) / 1000).toFixed(1)} s; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );
  if (parts) {
    console.log(
      `  check_results: heap ${(Number(parts.heap) / stored).toFixed(1)}, TOAST and maps ${(Number(parts.toast) / stored).toFixed(1)}, ` +
        `indexes ${(Number(parts.indexes) / stored).toFixed(1)} bytes/result`,
    );
  }
  console.log(
    `  rollups (not in the target): hourly row ${rollups[0]?.hourly.toFixed(0)} bytes, daily ${rollups[0]?.daily.toFixed(0)} bytes live ` +
      `= ${rollupPerResult.toFixed(1)} bytes/result at 20 s (${((rollupPerResult * PER_DAY) / MIB).toFixed(0)} MiB/day); ` +
      `on disk after this burst ${(bytes('check_statuses_1h') / stored).toFixed(1)} + ${(bytes('check_statuses_1d') / stored).toFixed(1)} ` +
      'bytes/result (each row rewritten per batch; autovacuum reuses the space in steady state)',
  );
  failed = perResult > TARGET_BYTES;
  console.log(
    `storage: ${perResult.toFixed(1)} bytes per result (target ≤ ${TARGET_BYTES}: ${failed ? 'MISS' : 'PASS'}, ` +
      `${((1 - perResult / TARGET_BYTES) * 100).toFixed(0)}% below; Uptime Kuma ~${KUMA_BYTES}) = ` +
      `${perDay.toFixed(0)} MiB/day at 1,000 checks every 20 s (target ≤ 415; Uptime Kuma 646)`,
  );
} finally {
  target.close();
  await database.close();
  await drop();
}
process.exit(failed ? 1 : 0);
