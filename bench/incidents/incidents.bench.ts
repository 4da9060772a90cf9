/**
 * Incidents benchmark (issue 7): 100,000 incidents and 1,000,000 comments on PostgreSQL (with their
 * responders, hypotheses, evidence linked to checks and configs, check statuses and history), then
 * the server's own list and detail calls — `incidentsService.list` (filters, sort, page of 50, total)
 * and `incidentsService.detail` (incident, tree, live evidence, comments, timeline) — timed over many
 * runs. Prints p50/p95/p99 and fails (exit 1) when the list p99 is above 20 ms or the detail's above 30 ms.
 *
 *   node --import tsx bench/incidents/incidents.bench.ts [incidents=100000] [comments=1000000] [runs=500]
 *
 * Uses a throw-away database on the PostgreSQL at MC_TEST_DATABASE_URL (default
 * postgres://root@127.0.0.1:5432/test); MC_BENCH_DATABASE_URL names a migrated database to keep
 * (seeded when it has no incidents) for repeated runs.
 */
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { connectPostgres } from '@mc/db';
import { createPostgresTestUrl } from '@mc/db/testing';
import { incidentsService } from '../../apps/server/src/modules/incidents/index.js';
import { EVERY_RESOURCE } from '../../apps/server/src/platform/resource-visibility.js';
import { seedIncidentBench } from './seed-incidents.js';

const INCIDENTS = Number(process.argv[2] ?? 100_000);
const COMMENTS = Number(process.argv[3] ?? 1_000_000);
const RUNS = Number(process.argv[4] ?? 500);
const BUDGET = { list: 20, detail: 30 };

/** Deterministic pseudo-random choices, so two runs time the same queries. */
function chooser(seed: number) {
  let state = seed;
  return <T>(items: readonly T[]): T => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return items[state % items.length] as T; // index is within bounds by the modulo
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

function report(label: string, times: number[], budget: number): boolean {
  const sorted = [...times].sort((a, b) => a - b);
  const p99 = percentile(sorted, 99);
  const ok = p99 <= budget;
  console.log(
    `${label.padEnd(34)} runs ${String(times.length).padStart(4)}  p50 ${percentile(sorted, 50).toFixed(2).padStart(6)} ms  ` +
      `p95 ${percentile(sorted, 95).toFixed(2).padStart(6)} ms  p99 ${p99.toFixed(2).padStart(6)} ms  ` +
      `max ${(sorted.at(-1) ?? 0).toFixed(2).padStart(6)} ms  budget p99 ≤ ${budget} ms  ${ok ? 'PASS' : 'FAIL'}`,
  );
  return ok;
}

const keep = process.env.MC_BENCH_DATABASE_URL;
const { url, drop } = keep ? { url: keep, drop: async () => {} } : await createPostgresTestUrl();
const database = connectPostgres(url, { max: 10, applicationName: 'incidents-bench' });
try {
  const { rows } = await database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM incidents');
  if ((rows[0]?.n ?? 0) === 0) {
    const started = performance.now();
    const client = await database.pool.connect();
    try {
      await seedIncidentBench(client, { incidents: INCIDENTS, comments: COMMENTS });
    } finally {
      client.release();
    }
    console.log(
      `seeded ${INCIDENTS} incidents and ${COMMENTS} comments in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  const counts = await database.pool.query(
    `SELECT (SELECT count(*) FROM incidents) AS incidents, (SELECT count(*) FROM comments) AS comments,
       (SELECT count(*) FROM hypotheses) AS hypotheses, (SELECT count(*) FROM evidences) AS evidences,
       (SELECT count(*) FROM responders) AS responders, (SELECT count(*) FROM incident_histories) AS histories`,
  );
  console.log('rows:', JSON.stringify(counts.rows[0]));
  console.log(
    `load average before the runs: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} on ${cpus().length} cores`,
  );

  const service = incidentsService(database);
  const pick = chooser(7);
  const commanders = (await database.pool.query<{ id: string }>('SELECT id FROM people ORDER BY id LIMIT 20')).rows.map(
    (r) => r.id,
  );
  const ids = (
    await database.pool.query<{ id: string }>('SELECT id FROM incidents ORDER BY random() LIMIT 1000')
  ).rows.map((r) => r.id);
  const day = 86_400_000;
  const queries = (): Record<string, string> => {
    const q: Record<string, string> = { pageSize: '50', pageIndex: String(pick([0, 0, 0, 1, 2, 5])) };
    const sort = pick([
      'created_at',
      'created_at',
      'created_at',
      'updated_at',
      'severity',
      'title',
      'status',
      'incident_id',
    ]);
    q.sortBy = sort;
    q.sortOrder = pick(['desc', 'desc', 'asc']);
    if (pick([true, false]))
      q.status = pick(['open', 'investigating', 'open,investigating,mitigated', 'resolved', 'closed']);
    if (pick([true, false, false])) q.severity = pick(['critical', 'high,critical,blocker', 'low']);
    if (pick([true, false, false])) q.type = pick(['availability', 'security', 'cost,performance']);
    if (pick([true, false, false, false])) q.commander = pick(commanders);
    if (pick([true, false])) q.from = new Date(Date.now() - pick([1, 7, 30, 90]) * day).toISOString();
    return q;
  };

  for (let i = 0; i < 30; i++) {
    await service.list(queries());
    await service.detail(pick(ids), EVERY_RESOURCE);
  }
  const listTimes: number[] = [];
  const detailTimes: number[] = [];
  const sizes: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const q = queries();
    let t = performance.now();
    const page = await service.list(q);
    listTimes.push(performance.now() - t);
    if (page.data.length > 50) throw new Error('page larger than 50');
    t = performance.now();
    const detail = await service.detail(pick(ids), EVERY_RESOURCE);
    detailTimes.push(performance.now() - t);
    sizes.push(JSON.stringify(detail).length);
  }
  const avgSize = sizes.reduce((a, b) => a + b, 0) / sizes.length;
  console.log(`detail payload: average ${(avgSize / 1024).toFixed(1)} KiB of JSON`);
  const ok = [
    report('list (filters, sort, page of 50)', listTimes, BUDGET.list),
    report('detail payload', detailTimes, BUDGET.detail),
  ].every(Boolean);
  process.exitCode = ok ? 0 : 1;
} finally {
  await database.close();
  await drop();
}
