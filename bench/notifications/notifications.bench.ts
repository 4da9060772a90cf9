/**
 * Notifications benchmark (issue 16): check.failed events through 100 rules (each event matches exactly
 * one rule by its check's group label, a CEL filter every rule evaluates) to a local generic webhook,
 * on two replicas at once — each with its own connection pool, the real event consumer
 * (`notification_events`' handler, polling every 250 ms) and a job worker sending `notification_send`
 * jobs with the server's default concurrency and poll interval — over one PostgreSQL database.
 *
 * Phases, all in one run:
 *  1. baseline: the same JSON body POSTed straight to the same webhook (sequentially for latency, then
 *     as many at once as the two replicas send, for throughput) — what one delivery costs by itself;
 *  2. burst: N events inserted at once — throughput of draining a backlog (latency here is queueing);
 *  3. steady: events at a fixed rate well under the burst's capacity (default: half the burst's
 *     delivery rate, at most 200/s) for `seconds` (default 60; at most N events) — event-to-delivery
 *     latency of a system that keeps up.
 * Each phase prints throughput, p50/p99 event-to-delivery (the event's insert to the webhook receiving
 * it) and the ratio to the baseline; then exactly-once figures over both phases. Exits 1 when a
 * delivery is missing or duplicated.
 *
 *   node --import tsx bench/notifications/notifications.bench.ts [events=10000] [rules=100] [rate=auto] [seconds=60]
 *
 * Uses the PostgreSQL at MC_TEST_DATABASE_URL (default postgres://root@127.0.0.1:5432/test) and a
 * throw-away database it creates and drops.
 */
import { randomBytes } from 'node:crypto';
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { connectPostgres, type Database } from '@mc/db';
import { createPostgresTestUrl } from '@mc/db/testing';
import { connectionsServiceFor } from '../../apps/server/src/modules/connections/connections.service.js';
import { JobRegistry } from '../../apps/server/src/modules/jobs/job-registry.js';
import { JobWorker } from '../../apps/server/src/modules/jobs/worker.js';
import { notificationEventsJob } from '../../apps/server/src/modules/notifications/notification-events.job.js';
import { rulesService } from '../../apps/server/src/modules/notifications/rules.service.js';
import { sendNotificationJob } from '../../apps/server/src/modules/notifications/send-notification.job.js';
import { loadConfig } from '../../apps/server/src/platform/config.js';
import { createLogger } from '../../apps/server/src/platform/logger.js';

process.env.MC_SECRET_KEY ??= randomBytes(32).toString('base64');

const EVENTS = Number(process.argv[2] ?? 10_000);
const RULES = Number(process.argv[3] ?? 100);
const RATE_ARG = process.argv[4] ?? 'auto';
const STEADY_SECONDS = Number(process.argv[5] ?? 60);
const MAX_STEADY_RATE = 200;
const STEADY_OFFSET = 1_000_000;
const PHASE_TIMEOUT_MS = 20 * 60_000;
const SYSTEM = { actor: { kind: 'system', name: 'bench' } } as const;

const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
const ms = (value: number) => `${value.toFixed(0)} ms`;

/**
 * The local webhook: each message (`<n>|<event inserted at, ms>`) by its event number with when it
 * arrived, and how many requests came in all (a duplicate is a request for a number already seen).
 */
const received = new Map<string, { at: number; inserted: number }>();
let requests = 0;
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => {
    body += String(chunk);
  });
  req.on('end', () => {
    const at = Date.now();
    requests += 1;
    const [key = '', inserted = 'NaN'] = String((JSON.parse(body || '{}') as { message?: string }).message).split('|');
    if (!received.has(key)) received.set(key, { at, inserted: Number(inserted) });
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`; // a TCP listener's address

/** POSTs one body straight to the webhook; resolves with its round trip in ms. */
function post(agent: Agent, body: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}/hook`,
      { method: 'POST', agent, headers: { 'content-type': 'application/json' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(performance.now() - started));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function baseline(parallel: number) {
  const agent = new Agent({ keepAlive: false });
  const body = (n: number) => JSON.stringify({ title: 'Check bench-check-1 is unhealthy', message: `baseline-${n}` });
  const latencies: number[] = [];
  for (let n = 0; n < 1_000; n += 1) latencies.push(await post(agent, body(n)));
  latencies.sort((a, b) => a - b);
  const total = 2_000;
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < total) {
        next += 1;
        await post(agent, body(total + next));
      }
    }),
  );
  const perSecond = (total / (performance.now() - t0)) * 1000;
  agent.destroy();
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), perSecond };
}

const { url, drop } = await createPostgresTestUrl();
const replicas: Database[] = [connectPostgres(url, { max: 10 }), connectPostgres(url, { max: 10 })];
const primary = replicas[0] as Database; // two pools were just opened
const config = loadConfig({});
const logger = createLogger('warn', {}, () => {});
const workers: JobWorker[] = [];
const stopConsumers = new AbortController();
let ok = false;

/** Queues `count` check.failed events numbered from `from`, each carrying its insert time (ms). */
async function insertEvents(pool: Database['pool'], checks: string[], from: number, count: number) {
  await pool.query(
    `INSERT INTO event_queue (name, properties, created_at)
     SELECT 'check.failed', jsonb_build_object('id', ($1::uuid[])[1 + (n % $2)], 'n', n,
       'at', floor(extract(epoch FROM clock_timestamp()) * 1000)), clock_timestamp()
     FROM generate_series($3::int, $3::int + $4::int - 1) AS n`,
    [checks, checks.length, from, count],
  );
}

/** Waits until every event in [from, from + count) arrived; answers the event-to-delivery figures. */
async function measure(from: number, count: number, startedAt: number) {
  const deadline = Date.now() + PHASE_TIMEOUT_MS;
  const arrived = () => {
    const found: { at: number; inserted: number }[] = [];
    for (let i = from; i < from + count; i += 1) {
      const hit = received.get(String(i));
      if (hit) found.push(hit);
    }
    return found;
  };
  let found = arrived();
  while (found.length < count && Date.now() < deadline) {
    await sleep(200);
    found = arrived();
  }
  const latencies = found.map((hit) => hit.at - hit.inserted).sort((a, b) => a - b);
  const last = found.reduce((latest, hit) => Math.max(latest, hit.at), startedAt);
  const seconds = (last - startedAt) / 1000;
  return {
    delivered: found.length,
    seconds,
    perSecond: found.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

try {
  console.log(
    `notifications bench: ${EVENTS} events burst + steady, ${RULES} rules, 2 replicas; ${cpus().length} CPUs, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const parallel = 2 * config.MC_WORKER_CONCURRENCY;
  const bare = await baseline(parallel);
  console.log(
    `baseline (bare POST to the same webhook): p50 ${bare.p50.toFixed(2)} ms, p99 ${bare.p99.toFixed(2)} ms; ${parallel} at once: ${bare.perSecond.toFixed(0)} POST/s`,
  );

  // Setup: the webhook connection and the rules, written through their services.
  const connection = await connectionsServiceFor({ database: primary, config }).create(
    { name: 'bench-hook', type: 'generic_webhook', properties: { url: `${base}/hook` } },
    SYSTEM,
  );
  const rules = rulesService({ database: primary, config });
  const checks: string[] = [];
  for (let i = 0; i < RULES; i += 1) {
    const { rows } = await primary.pool.query<{ id: string }>(
      `WITH c AS (INSERT INTO canaries (name) VALUES ($1) RETURNING id)
       INSERT INTO checks (canary_id, type, name, status, labels) SELECT id, 'http', $2, 'unhealthy', $3 FROM c RETURNING id`,
      [`bench-${i}`, `bench-check-${i}`, JSON.stringify({ group: `g${i}` })],
    );
    checks.push(rows[0]?.id ?? '');
    await rules.create(
      {
        kind: 'Notification',
        metadata: { name: `bench-rule-${i}` },
        spec: {
          events: ['check.failed'],
          filter: `check.labels.group == 'g${i}'`,
          to: { connection: connection.id },
          template: '{{ .event.properties.n }}|{{ .event.properties.at }}',
        },
      },
      SYSTEM,
    );
  }
  await primary.pool.query('DELETE FROM event_queue');

  // Two replicas: each runs the consumer job's handler back to back and a worker sending messages.
  const consumers = replicas.map(async (database, index) => {
    const deps = { config, database, logger };
    let run = 0;
    while (!stopConsumers.signal.aborted) {
      run += 1;
      await notificationEventsJob.handler({
        payload: {},
        signal: stopConsumers.signal,
        job: { id: `bench-consumer-${index}-${run}`, name: notificationEventsJob.name, attempt: 1, maxAttempts: 1 },
        deps,
      });
    }
  });
  replicas.forEach((database, index) => {
    const worker = new JobWorker(
      new JobRegistry([sendNotificationJob]),
      { config, database, logger },
      {
        concurrency: config.MC_WORKER_CONCURRENCY,
        leaseMs: 30_000,
        pollIntervalMs: config.MC_JOB_POLL_INTERVAL_MS,
        owner: `bench-replica-${index}`,
        hostname: `bench-replica-${index}`,
      },
      logger,
    );
    worker.start();
    workers.push(worker);
  });

  const burstStart = Date.now();
  await insertEvents(primary.pool, checks, 0, EVENTS);
  const burst = await measure(0, EVENTS, burstStart);
  console.log(
    `burst: ${burst.delivered}/${EVENTS} delivered in ${burst.seconds.toFixed(1)} s — ${burst.perSecond.toFixed(1)} deliveries/s (${(burst.perSecond / bare.perSecond).toFixed(3)}× bare POST); event-to-delivery (queueing of the backlog) p50 ${ms(burst.p50)}, p99 ${ms(burst.p99)}`,
  );

  const rate =
    RATE_ARG === 'auto' ? Math.max(1, Math.min(MAX_STEADY_RATE, Math.floor(burst.perSecond / 2))) : Number(RATE_ARG);
  const steadyEvents = Math.min(EVENTS, Math.round(rate * STEADY_SECONDS));
  const tickMs = 50;
  const steadyStart = Date.now();
  let produced = 0;
  while (produced < steadyEvents) {
    const due = Math.min(steadyEvents, Math.floor(((Date.now() - steadyStart) / 1000) * rate) + 1);
    if (due > produced) {
      await insertEvents(primary.pool, checks, STEADY_OFFSET + produced, due - produced);
      produced = due;
    }
    await sleep(tickMs);
  }
  const producedIn = (Date.now() - steadyStart) / 1000;
  const steady = await measure(STEADY_OFFSET, steadyEvents, steadyStart);
  console.log(
    `steady: ${steadyEvents} events at ${rate}/s (produced in ${producedIn.toFixed(1)} s): ${steady.delivered}/${steadyEvents} delivered, ${steady.perSecond.toFixed(1)} deliveries/s; event-to-delivery p50 ${ms(steady.p50)} (${(steady.p50 / bare.p50).toFixed(0)}× bare POST), p99 ${ms(steady.p99)} (${(steady.p99 / bare.p99).toFixed(0)}× bare POST)`,
  );

  stopConsumers.abort();
  await Promise.all(workers.map((worker) => worker.stop(5_000)));
  await consumers;
  const history = await primary.pool.query<{ rows: number; events: number; sent: number }>(
    `SELECT count(*)::int AS rows, count(DISTINCT payload ->> 'event_id')::int AS events,
       count(*) FILTER (WHERE status = 'sent')::int AS sent FROM notification_send_history`,
  );
  const byReplica = await primary.pool.query<{ owner: string; n: number }>(
    `SELECT hostname AS owner, count(*)::int AS n FROM job_history WHERE name = 'notification_send' GROUP BY 1 ORDER BY 1`,
  );
  const h = history.rows[0] ?? { rows: 0, events: 0, sent: 0 };
  const expected = EVENTS + steadyEvents;
  console.log(
    `exactly once (both phases, ${expected} events): history rows ${h.rows}, distinct events ${h.events}, sent ${h.sent}, webhook requests ${requests - 3_000}, distinct messages ${received.size - 3_000}, duplicates ${requests - received.size}`,
  );
  console.log(`sends by replica: ${byReplica.rows.map((r) => `${r.owner} ${r.n}`).join(', ')}`);
  console.log(
    `load after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  ok =
    burst.delivered === EVENTS &&
    steady.delivered === steadyEvents &&
    h.rows === expected &&
    h.events === expected &&
    h.sent === expected &&
    requests === received.size &&
    received.size - 3_000 === expected;
  console.log(ok ? 'PASS' : 'FAIL');
} finally {
  stopConsumers.abort();
  await Promise.all(workers.map((worker) => worker.stop(0)));
  await Promise.all(replicas.map((database) => database.close()));
  await drop();
  server.closeAllConnections();
  server.close();
}
process.exit(ok ? 0 : 1);
