/**
 * Notifications benchmark (issue 16): 10,000 check.failed events through 100 rules (each event matches
 * exactly one rule by its check's group label) to a local generic webhook, consumed by two replicas at
 * once — two event consumers and two send workers (4 concurrent sends each) on one PostgreSQL database.
 * Prints throughput (deliveries per second from the first event to the last delivery), p50/p99
 * event-to-delivery latency, and exactly-once figures (deliveries, distinct events, duplicates). Exits 1
 * when a delivery is missing or duplicated.
 *
 *   node --import tsx bench/notifications/notifications.bench.ts [events=10000] [rules=100]
 *
 * Uses the PostgreSQL at MC_TEST_DATABASE_URL (default postgres://root@127.0.0.1:5432/test) and a
 * throw-away database it creates and drops.
 */
process.env.MC_TEST_ENGINE = 'postgres';
process.env.MC_SECRET_KEY ??= Buffer.alloc(32, 7).toString('base64');

const { createServer } = await import('node:http');
const { performance } = await import('node:perf_hooks');
const { cpus, loadavg } = await import('node:os');
const { createNotificationsKit } = await import(
  '../../apps/server/src/modules/notifications/testing/notifications-test-kit.js'
);
const { drainEvents } = await import('../../apps/server/src/modules/notifications/event-consumer.js');
const { sendNotificationJob } = await import('../../apps/server/src/modules/notifications/send-notification.job.js');

const EVENTS = Number(process.argv[2] ?? 10_000);
const RULES = Number(process.argv[3] ?? 100);

const received = new Map<string, number>();
let deliveries = 0;
const server = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => {
    body += String(chunk);
  });
  request.on('end', () => {
    const key = String((JSON.parse(body || '{}') as { message?: string }).message);
    deliveries += 1;
    if (!received.has(key)) received.set(key, Date.now());
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{}');
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const address = server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const t = await createNotificationsKit();
const webhook = await t.connection('generic_webhook', { properties: { url: `${base}/hook` } });
const checks: string[] = [];
for (let i = 0; i < RULES; i += 1) {
  const canary = await t.one<{ id: string }>('INSERT INTO canaries (name) VALUES ($1) RETURNING id', [`bench-${i}`]);
  const check = await t.one<{ id: string }>(
    `INSERT INTO checks (canary_id, type, name, status, labels) VALUES ($1, 'http', $2, 'unhealthy', $3) RETURNING id`,
    [canary.id, `bench-check-${i}`, JSON.stringify({ group: `g${i}` })],
  );
  checks.push(check.id);
  await t.rule({
    events: ['check.failed'],
    filter: `check.labels.group == 'g${i}'`,
    to: { connection: webhook },
    template: '{{ .event.properties.id }}:{{ .event.properties.n }}',
  });
}
await t.pool.query('DELETE FROM event_queue');

console.log(
  `notifications bench: ${EVENTS} events, ${RULES} rules, 2 replicas; ${cpus().length} CPUs, load ${loadavg()[0]?.toFixed(2)}`,
);
const started = Date.now();
const t0 = performance.now();
await t.pool.query(
  `INSERT INTO event_queue (name, properties, created_at)
   SELECT 'check.failed', jsonb_build_object('id', ($1::uuid[])[1 + (n % $2)], 'n', n), clock_timestamp()
   FROM generate_series(0, $3 - 1) AS n`,
  [checks, RULES, EVENTS],
);
const worker = (n: number) =>
  t.kit.startWorker([{ ...sendNotificationJob, backoff: { baseMs: 100, maxMs: 1000 } }], {
    concurrency: 4,
    owner: `bench-sender-${n}`,
  });
const senders = [worker(1), worker(2)];
const consume = async (owner: string) => {
  for (;;) {
    const result = await drainEvents({ pool: t.pool, owner, batch: 100 });
    const left = await t.one<{ n: number }>('SELECT count(*)::int AS n FROM event_queue');
    if (result.processed === 0 && left.n === 0) return;
  }
};
await Promise.all([consume('bench-consumer-a'), consume('bench-consumer-b')]);
const consumedMs = performance.now() - t0;
const deadline = Date.now() + 10 * 60_000;
while (received.size < EVENTS && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
const totalMs = performance.now() - t0;
await Promise.all(senders.map((sender) => sender.stop(5_000)));

const created = await t.pool.query<{ key: string; at: Date }>(
  `SELECT (payload ->> 'event_id') AS key, created_at AS at FROM notification_send_history`,
);
const { rows: events } = await t.pool.query<{ key: string; ms: string }>(
  `SELECT h.body AS key, extract(epoch FROM h.created_at) * 1000 AS ms FROM notification_send_history h`,
);
const latencies: number[] = [];
for (const row of events) {
  const at = received.get(row.key);
  if (at !== undefined) latencies.push(at - started);
}
latencies.sort((a, b) => a - b);
const pct = (p: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? Number.NaN;
const distinct = new Set(created.rows.map((row) => row.key)).size;
console.log(
  `consumed ${EVENTS} events in ${(consumedMs / 1000).toFixed(1)} s (${((EVENTS / consumedMs) * 1000).toFixed(0)} events/s)`,
);
console.log(
  `delivered ${received.size} messages in ${(totalMs / 1000).toFixed(1)} s (${((received.size / totalMs) * 1000).toFixed(0)} deliveries/s)`,
);
console.log(`event-to-delivery (from the batch insert): p50 ${pct(50)} ms, p99 ${pct(99)} ms`);
console.log(
  `exactly once: history rows ${created.rowCount}, distinct events ${distinct}, webhook requests ${deliveries}, duplicates ${deliveries - received.size}`,
);
const ok = received.size === EVENTS && deliveries === EVENTS && distinct === EVENTS && created.rowCount === EVENTS;
console.log(ok ? 'PASS' : 'FAIL');
await t.close();
server.close();
process.exit(ok ? 0 : 1);
