/**
 * Storage per check result (issue 32 item 1): results stored like a time-series database, ≤ 15 bytes per
 * result all-in — heap, TOAST, every index, free-space and visibility maps of check_results (the current
 * hour's rows) and check_result_blocks (every older check-hour packed into one row, migration 0200) —
 * after VACUUM, over ≥ 1,000,000 results of a realistic mix, on PostgreSQL or the embedded database.
 *
 *   node --import tsx bench/health/storage.bench.ts [results=1000000] [checks=50] [engine=postgres|pglite]
 *
 * 50 checks × 20,000 runs is 4.6 days of history each: the current hour, still rows, is ~1% of it, as
 * on a live system keeping days of results (the default keeps 30).
 *
 * The mix: every check is really run first (runCheck with the egress guard against a local target
 * answering JSON with a fresh Date header), once passing and once failing (503); the runs of the
 * history are those real results with a modelled latency (mostly 15–80 ms, a tail to 2 s), start jitter
 * of up to 25 ms, isolated failures (0.5%) and outages of 5–40 runs (~1.5% of runs down overall), each
 * carrying the real failure's message, error and details with its own Date header, 20 s apart as
 * `@every 20s` writes them. The past hours are inserted as the writer leaves them (every message of a
 * past hour, details on failures and changed answers; a bulk insert, the rollups off) and packed by the
 * packer's own function (packResults) after each hour, as the scheduled job does; the last hour goes
 * through the runner's write path (recordResults, one statement per round, the rollup trigger on). Prints bytes per result and MiB per day at 1,000 checks every
 * 20 s beside the target, with the load average, date and commit; exits 1 on a miss.
 */
import { execSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import type { Database } from '@mc/db';
import {
  canariesService,
  packResults,
  recordResults,
  runCheck,
  runnableChecksOf,
} from '../../apps/server/src/modules/health/index.js';
import { propertiesService } from '../../apps/server/src/modules/properties/index.js';
import { createEgressGuard } from '../../apps/server/src/platform/egress/egress-guard.js';
import { egressSettingsFrom } from '../../apps/server/src/platform/egress/egress-settings.js';

const RESULTS = Number(process.argv[2] ?? 1_000_000);
const CHECKS = Number(process.argv[3] ?? 50);
process.env.MC_TEST_ENGINE = process.argv[4] ?? 'postgres';
const TARGET_BYTES = 15;
const PER_DAY = 1_000 * (86_400 / 20);
const INTERVAL_MS = 20_000;
const HOUR_MS = 3_600_000;
const MIB = 1024 * 1024;

type Result = Awaited<ReturnType<typeof runCheck>>;

/** A small deterministic generator, so every run of the bench stores the same mix. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const target = createServer((req, res) => {
  res.setHeader('Content-Type', 'application/json');
  if (req.url?.includes('/down')) {
    res.statusCode = 503;
    res.end(JSON.stringify({ status: 'unavailable', reason: 'database connection pool exhausted' }));
  } else res.end(JSON.stringify({ status: 'ok', version: '1.4.2', checks: { database: 'up', queue: 'up' } }));
});
await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;

/** Creates the checks (schedules paused) and runs each for real once passing and once failing. */
async function realResults(database: Database): Promise<{ id: string; pass: Result; fail: Result }[]> {
  const service = canariesService(database);
  const specs = (path: string, i: number) =>
    Array.from({ length: Math.min(50, CHECKS - i * 50) }, (_, j) => ({
      name: `c${j}`,
      url: `${base}/${path}/${i}/${j}`,
      responseCodes: [200],
    }));
  const canaryIds: string[] = [];
  for (let i = 0; i * 50 < CHECKS; i++) {
    const row = await service.create(
      {
        apiVersion: 'canaries.flanksource.com/v1',
        kind: 'Canary',
        metadata: { name: `storage-${i}`, namespace: 'default' },
        spec: { schedule: '@every 20s', http: specs('health', i) },
      },
      { actor: { kind: 'system', name: 'bench' } },
    );
    canaryIds.push(row.id);
  }
  await database.pool.query("UPDATE schedules SET enabled = false WHERE name LIKE 'canary:%'");
  const checks = (await Promise.all(canaryIds.map((id) => runnableChecksOf(database.db, id)))).flat();
  const egress = createEgressGuard({ getPolicy: egressSettingsFrom(propertiesService(database)) });
  return Promise.all(
    checks.map(async (check) => {
      const pass = await runCheck(check.type, check.spec, { egress });
      const down = {
        ...(check.spec as { url: string }),
        url: (check.spec as { url: string }).url.replace('/health/', '/down/'),
      };
      const fail = await runCheck(check.type, down, { egress });
      return { id: check.id, pass, fail };
    }),
  );
}

/** The real result with a modelled latency and its own Date header (details are kept only when they change). */
function varied(real: Result, duration: number, at: Date): Result {
  const message = real.message?.replace(`${real.duration} ms`, `${duration} ms`) ?? real.message;
  const details = real.details as { headers?: Record<string, unknown> } | undefined;
  const withDate = details?.headers ? { ...details, headers: { ...details.headers, Date: at.toUTCString() } } : details;
  return { ...real, duration, message, details: withDate } as Result;
}

type Checks = Awaited<ReturnType<typeof realResults>>;

/** Draws one round of every check: outages, isolated failures, latency, start jitter. */
function drawer(checks: Checks) {
  const next = random(32);
  const outage = new Map<string, number>();
  return (tick: number) =>
    checks.map((check) => {
      let down = outage.get(check.id) ?? 0;
      if (down === 0 && next() < 0.0004) down = 5 + Math.floor(next() * 36);
      const failed = down > 0 || next() < 0.005;
      outage.set(check.id, Math.max(0, down - 1));
      const duration = Math.round(next() < 0.97 ? 15 + 65 * next() ** 2 : 80 + 1920 * next() ** 3);
      const time = new Date(tick + Math.floor(next() * 25));
      return { check, failed, time, result: varied(failed ? check.fail : check.pass, duration, time) };
    });
}

/**
 * Rows as the writer stores them (results.repo.ts) for a past hour: every run keeps its message (a past
 * hour's runs all do), details only on a failure or when the answer's kind changed. One multi-row insert
 * per batch, the rollup trigger off (rollups are not what is measured here).
 */
async function insertRows(database: Database, rows: ReturnType<ReturnType<typeof drawer>>, last: Map<string, boolean>) {
  const values = rows.map(({ check, failed, time, result }) => {
    const keep = failed || last.get(check.id) !== failed;
    last.set(check.id, failed);
    return {
      id: check.id,
      t: time.toISOString(),
      s: !failed,
      d: result.duration,
      m: result.message,
      e: result.error ?? null,
      x: keep ? result.details : null,
    };
  });
  await database.pool.query(
    `INSERT INTO check_results (time, check_key, duration, status, invalid, message, error, details)
     SELECT v.t, k.result_key, v.d, v.s, false, check_result_message_pack(v.m, v.d), v.e, v.x
     FROM jsonb_to_recordset($1::jsonb) AS v(id uuid, t timestamptz, s boolean, d integer, m text, e text, x jsonb)
     JOIN checks k ON k.id = v.id`,
    [JSON.stringify(values)],
  );
}

/**
 * Stores `rounds` rounds of every check, 20 s apart and ending now: the past hours as the writer leaves
 * them, packed by the packer after each hour as the job does; the last hour through the runner's write
 * path itself (recordResults, one statement per round, the rollup trigger on).
 */
async function storeHistory(database: Database, checks: Checks, rounds: number) {
  const draw = drawer(checks);
  const first = Date.now() - rounds * INTERVAL_MS;
  const live = Math.floor(Date.now() / HOUR_MS) * HOUR_MS - HOUR_MS;
  const last = new Map<string, boolean>();
  let pending: ReturnType<typeof draw> = [];
  let hour = Math.floor(first / HOUR_MS);
  await database.pool.query('ALTER TABLE check_results DISABLE TRIGGER check_results_rollup');
  for (let r = 0; r < rounds; r++) {
    const tick = first + r * INTERVAL_MS;
    if (tick >= live) {
      if (pending.length > 0) await insertRows(database, pending, last);
      pending = [];
      await database.pool.query('ALTER TABLE check_results ENABLE TRIGGER check_results_rollup');
      const entries = draw(tick).map(({ check, time, result }) => ({
        checkId: check.id,
        time,
        result,
        nextRuntime: null,
      }));
      for (let i = 0; i < entries.length; i += 500) await recordResults(database.db, entries.slice(i, i + 500));
      continue;
    }
    pending.push(...draw(tick));
    if (pending.length >= 5_000) {
      await insertRows(database, pending, last);
      pending = [];
    }
    if (Math.floor(tick / HOUR_MS) > hour) {
      hour = Math.floor(tick / HOUR_MS);
      await insertRows(database, pending, last);
      pending = [];
      await packResults(database, { before: new Date(hour * HOUR_MS) });
    }
  }
  await packResults(database, { before: new Date(Math.floor(Date.now() / HOUR_MS) * HOUR_MS) });
}

const { createTestDatabase } = await import('@mc/db/testing');
const database = await createTestDatabase();
let failed = false;
try {
  const started = Date.now();
  const checks = await realResults(database);
  const rounds = Math.ceil(RESULTS / checks.length);
  const stored0 = Date.now();
  await storeHistory(database, checks, rounds);
  console.log(
    `set-up ${((stored0 - started) / 1000).toFixed(0)} s, history stored and packed in ${((Date.now() - stored0) / 1000).toFixed(0)} s`,
  );
  const { rows: counted } = await database.pool.query<{ n: number; passed: number; packed: number }>(
    `SELECT count(*)::int AS n, count(*) FILTER (WHERE status)::int AS passed,
       (SELECT coalesce(sum(runs), 0)::int FROM check_result_blocks) AS packed FROM check_statuses`,
  );
  const stored = counted[0]?.n ?? 0;
  await database.pool.query('VACUUM check_results');
  await database.pool.query('VACUUM check_result_blocks');
  const { rows: parts } = await database.pool.query<{ name: string; heap: string; toast: string; indexes: string }>(
    `SELECT relname AS name, pg_relation_size(oid)::bigint AS heap,
       pg_table_size(oid)::bigint - pg_relation_size(oid)::bigint AS toast, pg_indexes_size(oid)::bigint AS indexes
     FROM pg_class WHERE relname IN ('check_results', 'check_result_blocks') ORDER BY relname`,
  );
  const { rows: method } = await database.pool.query<{ c: string }>(
    `SELECT coalesce(nullif(attcompression::text, ''), current_setting('default_toast_compression')) AS c FROM pg_attribute
     WHERE attrelid = 'check_result_blocks'::regclass AND attname = 'durations'`,
  );
  const total = parts.reduce((sum, p) => sum + Number(p.heap) + Number(p.toast) + Number(p.indexes), 0);
  const perResult = total / stored;
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  const commit = execSync('git rev-parse --short HEAD').toString().trim();
  console.log(
    `${new Date().toISOString()} commit ${commit}, engine ${process.env.MC_TEST_ENGINE}, load average ${load}: ${stored} results ` +
      `(${counted[0]?.passed} passing, ${counted[0]?.packed} packed) from ${checks.length} http checks × ${rounds} runs ` +
      `in ${((Date.now() - started) / 1000).toFixed(0)} s; TOAST compression ${method[0]?.c}`,
  );
  for (const p of parts) {
    console.log(
      `  ${p.name}: heap ${(Number(p.heap) / stored).toFixed(2)}, TOAST and maps ${(Number(p.toast) / stored).toFixed(2)}, ` +
        `indexes ${(Number(p.indexes) / stored).toFixed(2)} bytes/result`,
    );
  }
  const { rows: columns } = await database.pool.query<Record<string, number>>(
    `SELECT avg(runs)::float8 AS runs, avg(pg_column_size(b.*))::float8 AS row, avg(pg_column_size(times))::float8 AS times,
       avg(pg_column_size(durations))::float8 AS durations, avg(pg_column_size(flags))::float8 AS flags,
       avg(coalesce(pg_column_size(messages), 0) + pg_column_size(message_at))::float8 AS messages,
       avg(coalesce(pg_column_size(errors), 0) + coalesce(pg_column_size(error_at), 0))::float8 AS errors,
       avg(coalesce(pg_column_size(details), 0) + coalesce(pg_column_size(details_at), 0))::float8 AS details
     FROM check_result_blocks b`,
  );
  const c = columns[0] ?? {};
  console.log(
    `  a block (avg ${c.runs?.toFixed(0)} runs): row ${c.row?.toFixed(0)} bytes stored — ${[
      'times',
      'durations',
      'flags',
      'messages',
      'errors',
      'details',
    ]
      .map((k) => `${k} ${c[k]?.toFixed(0)}`)
      .join(', ')}`,
  );
  failed = perResult > TARGET_BYTES;
  console.log(
    `storage: ${perResult.toFixed(2)} bytes per result all-in (target ≤ ${TARGET_BYTES}: ${failed ? 'MISS' : 'PASS'}) = ` +
      `${((perResult * PER_DAY) / MIB).toFixed(1)} MiB/day at 1,000 checks every 20 s`,
  );
} finally {
  target.close();
  await database.close();
}
process.exit(failed ? 1 : 0);
