/**
 * The check history on the packed layout (issue 32 item 1, migration 0200): 1,000 checks × 7 days of
 * one-minute results (~10M), every past hour packed by the packer (packResults), then
 * - the data-API history page `/api/db/check_statuses?check_id=eq.X&status=eq.true&duration=gte.40&order=time.desc&limit=50`
 *   over real HTTP with a signed-in viewer's session and the real access policy (the server in a child
 *   process, bench/data-api/start.ts), driven by wrk when it is installed (`apt-get install wrk`; a Node
 *   client's ~300 µs per request would be taken from the server on two cores; MC_BENCH_NODE_CLIENT=1
 *   drives it from this process instead), 10 concurrent: ≥ 1,500 req/s and p99 ≤ 25 ms; beside it the same
 *   page's SQL through node-postgres (the data-API bar: the API ≥ 50% of it);
 * - a week of one check's history as the product reads it (history-week.ts), over the same HTTP with the
 *   same session: the console's read — the check modal at Time Range "1w" asks for the history table's first
 *   page of the week with its exact count — p50 ≤ 20 ms; beside it, with no bar, every run of the week
 *   through the data API, oldest first, page after page (at most 2,000 rows an answer, so six requests),
 *   and the week's SQL through node-postgres (values as text, and parsed). Until 2026-12-07 the bar was on
 *   that SQL: 10,080 rows through node-postgres, a read nothing in the product makes (the data API builds
 *   its JSON in PostgreSQL and answers at most 2,000 rows; the console asks for 50 and the count), so the
 *   figure timed node-postgres building 10,000 row objects more than the storage. The three figures are
 *   printed together so none is hidden (docs/performance.md §1, "What a week's read is").
 * Prints each figure beside its target with the load average, date and commit; exits 1 on a miss.
 *
 *   node --import tsx bench/health/history-page.bench.ts [seconds=10] [checks=1000] [days=7]
 *
 * Uses a throw-away database on MC_TEST_DATABASE_URL's server (default postgres://root@127.0.0.1:5432/test);
 * MC_BENCH_DATABASE_URL names a migrated database to keep (seeded and packed when it has no checks).
 * PostgreSQL only: the data-API server of bench/data-api connects over the network.
 */
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { connectPostgres, migrate } from '@mc/db';
import { createPostgresTestUrl } from '@mc/db/testing';
import { packResults } from '../../apps/server/src/modules/health/index.js';
import { type CaseResult, measure } from '../data-api/measure.js';
import { startDataApiServer } from '../data-api/start.js';
import { hasWrk, runWrk, type WrkResult } from '../data-api/wrk.js';
import { timed, weekReader } from './history-week.js';
import { seedHealthBench } from './seed-health.js';

const SECONDS = Number(process.argv[2] ?? 10);
const CHECKS = Number(process.argv[3] ?? 1000);
const DAYS = Number(process.argv[4] ?? 7);
const PAGE_RPS = 1_500;
const PAGE_P99_MS = 25;
const WEEK_MS = 20;
const PAGE_SQL = `SELECT check_id, time, status, invalid, duration, message, error, details, severity, created_at
  FROM check_statuses WHERE check_id = $1 AND status = true AND duration >= 40
    AND time_block IS NOT NULL ORDER BY time_block DESC, time DESC LIMIT 50`;
const WEEK_SQL = `SELECT time, status, duration, message FROM check_statuses
  WHERE check_id = $1 AND time >= now() - interval '7 days' AND time_block >= check_result_hour(now() - interval '7 days')
  ORDER BY time_block, time`;

const keep = process.env.MC_BENCH_DATABASE_URL;
const { url, drop } = keep ? { url: keep, drop: async () => {} } : await createPostgresTestUrl();
const database = connectPostgres(url, { max: 10, applicationName: 'history-page-bench' });
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** Seeds (when empty) and packs every past hour; returns the checks' ids. */
async function prepare(): Promise<string[]> {
  if (keep) await migrate(database.pool);
  const { rows } = await database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM checks');
  if ((rows[0]?.n ?? 0) === 0) {
    const started = performance.now();
    const client = await database.pool.connect();
    try {
      await seedHealthBench(client, { checks: CHECKS, days: DAYS });
    } finally {
      client.release();
    }
    console.log(`seeded ${CHECKS} checks × ${DAYS} days in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  const packing = performance.now();
  const blocks = await packResults(database, { before: new Date() });
  await database.pool.query('VACUUM ANALYZE check_result_blocks');
  const { rows: counts } = await database.pool.query<{ rows: number; packed: number }>(
    `SELECT (SELECT count(*)::int FROM check_results) AS rows,
       (SELECT coalesce(sum(runs), 0)::int FROM check_result_blocks) AS packed`,
  );
  console.log(
    `packed ${blocks} check-hours in ${((performance.now() - packing) / 1000).toFixed(0)} s: ` +
      `${counts[0]?.packed} results packed, ${counts[0]?.rows} still rows (the current hour)`,
  );
  const ids = await database.pool.query<{ id: string }>('SELECT id FROM checks ORDER BY id LIMIT 200');
  return ids.rows.map((r) => r.id);
}

/** utime and stime of a process in ms (clock ticks of 10 ms); zeros once it is gone. */
function processCpu(pid: number): { user: number; system: number } {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return { user: (Number(fields[11]) || 0) * 10, system: (Number(fields[12]) || 0) * 10 };
  } catch {
    return { user: 0, system: 0 };
  }
}

/**
 * CPU over the timed window of the page, per request: the server process (user and kernel), the
 * PostgreSQL backends of its pool, and this process (the HTTP client).
 */
function cpuWindow(serverPid: number) {
  let backends: number[] = [];
  const sum = (pids: number[]) => pids.reduce((total, pid) => total + processCpu(pid).user + processCpu(pid).system, 0);
  let at: { server: { user: number; system: number }; postgres: number; client: NodeJS.CpuUsage } | undefined;
  let spent = { serverUser: 0, serverSystem: 0, postgres: 0, client: 0 };
  return {
    async findBackends() {
      const { rows } = await database.pool.query<{ pid: number }>(
        "SELECT pid FROM pg_stat_activity WHERE application_name = 'bench-data-api-session'",
      );
      backends = rows.map((r) => r.pid);
    },
    onWindow(edge: 'start' | 'end') {
      if (edge === 'start') {
        at = { server: processCpu(serverPid), postgres: sum(backends), client: process.cpuUsage() };
        return;
      }
      if (!at) return;
      const server = processCpu(serverPid);
      const client = process.cpuUsage(at.client);
      spent = {
        serverUser: server.user - at.server.user,
        serverSystem: server.system - at.server.system,
        postgres: sum(backends) - at.postgres,
        client: (client.user + client.system) / 1000,
      };
    },
    /** The load generator's CPU when it ran in another process (wrk), instead of this process's. */
    clientSpent(ms: number) {
      spent.client = ms;
    },
    /** µs per request of each, as text. */
    perRequest(requests: number, client = "the bench's HTTP client"): string {
      const us = (ms: number) => ((ms * 1000) / requests).toFixed(0);
      return (
        `CPU per request: server ${us(spent.serverUser + spent.serverSystem)} µs (user ${us(spent.serverUser)}, ` +
        `kernel ${us(spent.serverSystem)}), its ${backends.length} PostgreSQL backends ${us(spent.postgres)} µs, ` +
        `${client} ${us(spent.client)} µs`
      );
    },
  };
}

let failed = false;
try {
  const ids = await prepare();
  const check = (i: number) => ids[i % ids.length] ?? '';
  const commit = execSync('git rev-parse --short HEAD').toString().trim();
  console.log(`${new Date().toISOString()} commit ${commit}, ${cpus().length} cores, load average ${load()}`);
  const opts = { concurrency: 10, seconds: SECONDS, warmupSeconds: 2 };
  const server = await startDataApiServer(url, 10, 'session');
  try {
    const cpu = cpuWindow(server.pid);
    const pagePath = (i: number) =>
      `check_statuses?check_id=eq.${check(i)}&status=eq.true&duration=gte.40&order=time.desc&limit=50`;
    const page = (i: number) => server.get(pagePath(i));
    // the pool's connections open before the window
    for (let round = 0; round < 3; round++) await Promise.all(Array.from({ length: 10 }, (_, i) => page(i)));
    await cpu.findBackends();
    const viaWrk = hasWrk() && !process.env.MC_BENCH_NODE_CLIENT;
    const api: CaseResult & Partial<Pick<WrkResult, 'errors' | 'clientCpuMs'>> = viaWrk
      ? await runWrk({
          name: 'page',
          port: server.port,
          paths: ids.map((_, i) => `/api/db/${pagePath(i)}`),
          headers: server.headers,
          concurrency: 10,
          seconds: SECONDS,
          onWindow: (edge) => cpu.onWindow(edge),
        })
      : await measure('page', page, { ...opts, onWindow: (edge) => cpu.onWindow(edge) });
    if (api.clientCpuMs !== undefined) cpu.clientSpent(api.clientCpuMs);
    if (api.errors) throw new Error(`${api.errors} of wrk's ${api.requests} requests failed`);
    const raw = await measure('sql', async (i) => void (await database.pool.query(PAGE_SQL, [check(i)])), opts);
    const ok = api.perSecond >= PAGE_RPS && api.p99 <= PAGE_P99_MS;
    failed ||= !ok;
    console.log(
      `history page, API with a session, 10 concurrent: ${api.perSecond.toFixed(0)} req/s (target ≥ ${PAGE_RPS}), ` +
        `p50 ${api.p50.toFixed(1)} ms, p99 ${api.p99.toFixed(1)} ms (target ≤ ${PAGE_P99_MS}) ${ok ? 'PASS' : 'MISS'}; ` +
        `same SQL through node-postgres ${raw.perSecond.toFixed(0)} req/s p99 ${raw.p99.toFixed(1)} ms ` +
        `(API ${((api.perSecond / raw.perSecond) * 100).toFixed(0)}% of it, bar ≥ 50%); load average ${load()}`,
    );
    console.log(
      `history page (load from ${viaWrk ? 'wrk' : "the bench's Node client"}): ` +
        cpu.perRequest(api.requests, viaWrk ? 'wrk (the load generator)' : "the bench's HTTP client"),
    );
    // A week of one check's history as the product reads it (history-week.ts), one read at a time.
    const reader = weekReader(server.port, server.headers);
    try {
      let counted = 0;
      const consoleWeek = await timed(40, async (i) => {
        counted = await reader.consoleWeek(check(i));
      });
      let every = { runs: 0, bytes: 0, pages: 0 };
      const everyRun = await timed(20, async (i) => {
        every = await reader.everyRun(check(i));
      });
      const consoleOk = consoleWeek.p50 <= WEEK_MS;
      failed ||= !consoleOk;
      console.log(
        `a week of one check's history, the console's (the check modal at 1w: the newest 50 of the week's ` +
          `${counted} runs with their exact count, HTTP with a session): p50 ${consoleWeek.p50.toFixed(1)} ms, ` +
          `p95 ${consoleWeek.p95.toFixed(1)} ms (target ≤ ${WEEK_MS}) ${consoleOk ? 'PASS' : 'MISS'}; load average ${load()}`,
      );
      console.log(
        `a week of one check's history, every run through the data API (${every.runs} runs oldest first in ` +
          `${every.pages} pages of at most 2,000, ${(every.bytes / 1024).toFixed(0)} KiB sent): p50 ` +
          `${everyRun.p50.toFixed(1)} ms, p95 ${everyRun.p95.toFixed(1)} ms (no bar: not a read the console makes); ` +
          `load average ${load()}`,
      );
    } finally {
      reader.stop();
    }
  } finally {
    server.stop();
  }
  // The week's SQL through node-postgres, no bar (the figure of record before the reads above): the values as
  // PostgreSQL's text, and node-postgres parsing every value (its Date parsing of 10,000 timestamps alone
  // costs about as much as the read).
  const asText = { getTypeParser: () => (value: string) => value };
  const week = await timed(20, (i) => database.pool.query({ text: WEEK_SQL, values: [check(i)], types: asText }));
  const weekParsed = await timed(10, (i) => database.pool.query(WEEK_SQL, [check(i)]));
  const { rows } = await database.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (${WEEK_SQL}) AS w`.replace('$1', `'${check(0)}'`),
  );
  console.log(
    `a week of one check's SQL through node-postgres (${rows[0]?.n} rows of time, status, duration, message; no bar): ` +
      `values as text p50 ${week.p50.toFixed(1)} ms, p95 ${week.p95.toFixed(1)} ms; parsed p50 ` +
      `${weekParsed.p50.toFixed(1)} ms; load average ${load()}`,
  );
} finally {
  await database.close();
  await drop();
}
process.exit(failed ? 1 : 0);
