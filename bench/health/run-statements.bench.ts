/**
 * Where PostgreSQL's share of a check run goes (issue 32 item 2), per statement: pg_stat_statements is
 * not loaded on this machine's server, so each kind of statement a tick sends is run alone, many times,
 * on one connection of a throw-away database holding `checks` checks, and the CPU of that connection's
 * backend (utime + stime from /proc, the server runs here) is divided by the runs it stored. Prints µs of
 * PostgreSQL CPU per result for the result batch at sizes 1, 50 and 500 (results/results.service.ts'
 * recordResultBatch, the statement the runner's writer sends, prepared, whatever layout it writes; its rollup trigger
 * included, and the batch of 50 again without it, the rollups' share), and per tick for the statement a
 * canary's tick reads with (runner/runnable-checks.repo.ts' canaryTickOf: its checks and its schedule's
 * next tick in one statement, as run-canary.job.ts sends it), beside the load average.
 *
 *   node --import tsx bench/health/run-statements.bench.ts [checks=5000] [rounds=20]
 *
 * About a minute at the defaults. No target of its own: the whole figure is cpu.bench.ts's.
 */
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { connectPostgres } from '@mc/db';
import { createPostgresTestUrl } from '@mc/db/testing';
import {
  canariesService,
  canaryScheduleName,
  canaryTickOf,
  recordResultBatch,
} from '../../apps/server/src/modules/health/index.js';

const CHECKS = Number(process.argv[2] ?? 5000);
const ROUNDS = Number(process.argv[3] ?? 20);
const PER_CANARY = 50;

/** utime + stime of a process in ms. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return ((Number(fields[11]) || 0) + (Number(fields[12]) || 0)) * 10;
}

const { url, drop } = await createPostgresTestUrl();
const database = connectPostgres(url, { max: 1, applicationName: 'run-statements-bench' });
try {
  const service = canariesService(database);
  const canaryIds: string[] = [];
  for (let i = 0; i * PER_CANARY < CHECKS; i++) {
    const row = await service.create(
      {
        apiVersion: 'canaries.flanksource.com/v1',
        kind: 'Canary',
        metadata: { name: `st-${i}`, namespace: 'default' },
        spec: {
          schedule: '@every 30s',
          http: Array.from({ length: PER_CANARY }, (_, j) => ({
            name: `c${j}`,
            endpoint: `http://127.0.0.1:9/${i}/${j}`,
          })),
        },
      },
      { actor: { kind: 'system', name: 'bench' } },
    );
    canaryIds.push(row.id);
  }
  const { rows: ids } = await database.pool.query<{ id: string }>('SELECT id FROM checks WHERE deleted_at IS NULL');
  const { rows: pidRow } = await database.pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  const pid = pidRow[0]?.pid ?? 0;
  console.log(
    `run-statements bench: ${ids.length} checks; load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} on ${cpus().length} cores; ${new Date().toISOString()}`,
  );
  let clock = Date.now() - ROUNDS * 3 * 30_000;
  const result = (i: number) => ({
    status: 'healthy' as const,
    duration: 20 + (i % 40),
    message: `HTTP 200 in ${20 + (i % 40)} ms`,
    details: {
      url: 'http://127.0.0.1/',
      code: 200,
      headers: { 'content-length': '2' },
      content: 'ok',
      json: {},
      elapsed: 20 + (i % 40),
      redirects: [],
    },
  });
  for (const size of [1, 50, 500]) {
    let stored = 0;
    const before = cpuMs(pid);
    for (let round = 0; round < ROUNDS; round++) {
      clock += 30_000;
      const time = new Date(clock);
      for (let from = 0; from + size <= Math.min(ids.length, size === 1 ? 200 : ids.length); from += size) {
        const batch = ids
          .slice(from, from + size)
          .map((row, i) => ({ checkId: row.id, time, result: result(i), nextRuntime: new Date(clock + 30_000) }));
        await recordResultBatch(database, batch);
        stored += batch.length;
      }
    }
    const us = ((cpuMs(pid) - before) * 1000) / stored;
    console.log(
      `result batch of ${String(size).padStart(3)}: ${us.toFixed(0).padStart(5)} µs of PostgreSQL CPU per result (${stored} results)`,
    );
  }
  // The same batches without the statement trigger that folds them into the hourly and daily rollups.
  const { rows: trigger } = await database.pool.query(
    "SELECT 1 FROM pg_trigger WHERE tgname = 'check_results_rollup' AND NOT tgisinternal",
  );
  if (trigger.length > 0) {
    await database.pool.query('ALTER TABLE check_results DISABLE TRIGGER check_results_rollup');
    let stored = 0;
    const before = cpuMs(pid);
    for (let round = 0; round < ROUNDS; round++) {
      clock += 30_000;
      const time = new Date(clock);
      for (let from = 0; from + 50 <= ids.length; from += 50) {
        const batch = ids
          .slice(from, from + 50)
          .map((row, i) => ({ checkId: row.id, time, result: result(i), nextRuntime: new Date(clock + 30_000) }));
        await recordResultBatch(database, batch);
        stored += batch.length;
      }
    }
    const us = ((cpuMs(pid) - before) * 1000) / stored;
    console.log(
      `result batch of  50 without the rollup trigger: ${us.toFixed(0).padStart(5)} µs per result (${stored} results)`,
    );
    await database.pool.query('ALTER TABLE check_results ENABLE TRIGGER check_results_rollup');
  }
  const before = cpuMs(pid);
  let ticks = 0;
  for (let round = 0; round < ROUNDS; round++) {
    for (const id of canaryIds.slice(0, 100)) {
      await canaryTickOf(database, id, canaryScheduleName(id));
      ticks++;
    }
  }
  const perTick = ((cpuMs(pid) - before) * 1000) / ticks;
  console.log(
    `a tick's read (canaryTickOf: checks and next tick): ${perTick.toFixed(0)} µs per tick = ${(perTick / PER_CANARY).toFixed(1)} µs per run at ${PER_CANARY} checks a canary; load ${loadavg()[0]?.toFixed(2)}`,
  );
} finally {
  await database.close();
  await drop();
}
