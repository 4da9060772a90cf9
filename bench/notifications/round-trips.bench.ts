/**
 * Round trips to the database per delivery (issue 32 item 5), counted exactly rather than sampled:
 * `events` check.failed events through `rules` rules (one matches each event; the others' CEL filters
 * refuse it, as in notifications.bench.ts) to a local generic webhook, through the real consumer
 * (`drainEvents`, with the ports the server installs) and a real job worker sending `notification_send`.
 * Two shapes: `burst` queues every event first, then drains (a claim returns many events, a worker
 * claim many jobs); `steady` (the default) sends them one at a time — the event, a consumer pass, the
 * worker woken, the delivery — as a steady rate below capacity does, where every per-pass read is paid
 * by one event. Every statement any `pg` client of this process sends is counted (one `client.query` is
 * one round trip: pg sends parse/bind/execute/sync together), split into the consumer's and the
 * worker's, and the most frequent statements are listed so the next thing to fold shows.
 *
 *   MC_TEST_ENGINE=postgres node --import tsx bench/notifications/round-trips.bench.ts [events=200] [rules=100] [steady|burst]
 *
 * PostgreSQL only (the engine the product runs at scale); uses a throw-away database on
 * MC_TEST_DATABASE_URL's server (default postgres://root@127.0.0.1:5432/test).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { installPorts } from '../../apps/server/src/composition/install-ports.js';
import { notificationEventsConsumer, sendNotificationJob } from '../../apps/server/src/modules/notifications/index.js';
import {
  createNotificationsKit,
  startProvider,
} from '../../apps/server/src/modules/notifications/testing/notifications-test-kit.js';

process.env.MC_TEST_ENGINE = 'postgres';
const EVENTS = Number(process.argv[2] ?? 200);
const RULES = Number(process.argv[3] ?? 100);
const SHAPE = process.argv[4] === 'burst' ? 'burst' : 'steady';

/** Statements sent, by their normalised text. */
const statements = new Map<string, number>();
let total = 0;
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
  const first = args[0];
  const text = typeof first === 'string' ? first : ((first as { text?: string } | undefined)?.text ?? '?');
  const key = text.replace(/\s+/g, ' ').trim().slice(0, 110);
  statements.set(key, (statements.get(key) ?? 0) + 1);
  total += 1;
  // biome-ignore lint/suspicious/noExplicitAny: forwarding pg's overloaded signature unchanged
  return (originalQuery as any).apply(this, args);
} as typeof pg.Client.prototype.query;

function take(): { total: number; top: [string, number][] } {
  const top = [...statements.entries()].sort((a, b) => b[1] - a[1]);
  const result = { total, top };
  statements.clear();
  total = 0;
  return result;
}

function print(label: string, counted: { total: number; top: Map<string, number> }) {
  console.log(`${label}: ${counted.total} statements, ${(counted.total / EVENTS).toFixed(2)} per delivery`);
  for (const [text, n] of [...counted.top.entries()].sort((a, b) => b[1] - a[1]).slice(0, 12))
    console.log(`  ${(n / EVENTS).toFixed(2).padStart(6)}  ${text}`);
}

installPorts(); // the maintenance windows' and playbook runs' ports, as the server's composition root
const t = await createNotificationsKit();
const provider = await startProvider();
try {
  const webhook = await t.connection('generic_webhook', { properties: { url: `${provider.base}/hook` } });
  for (let r = 0; r < RULES; r++) {
    await t.rule({ events: ['check.failed'], filter: `check.name == 'bench-${r}'`, to: { connection: webhook } });
  }
  const checks: string[] = [];
  for (let i = 0; i < EVENTS; i++) checks.push(await t.check('healthy', `bench-${i % RULES}`));
  await t.pool.query('DELETE FROM event_queue');
  const consumer = { total: 0, top: new Map<string, number>() };
  const sender = { total: 0, top: new Map<string, number>() };
  const add = (into: typeof consumer) => {
    const counted = take();
    into.total += counted.total;
    for (const [text, n] of counted.top) into.top.set(text, (into.top.get(text) ?? 0) + n);
  };
  const deadline = Date.now() + 180_000;
  // One pass of the server's own consumer, as its loop runs it when woken.
  const signal = new AbortController().signal;
  const pass = () =>
    notificationEventsConsumer.pass({
      deps: t.kit.deps,
      owner: 'round-trips',
      leaseMs: 30_000,
      signal,
      listening: true,
    });
  const queued = async () =>
    (await t.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM event_queue')).rows[0]?.n ?? -1;
  if (SHAPE === 'burst') {
    await t.pool.query("UPDATE checks SET status = 'unhealthy' WHERE id = ANY($1::uuid[])", [checks]);
    take();
    await pass();
    add(consumer);
    if ((await queued()) !== 0) throw new Error('events left in the queue');
    take();
    const worker = t.kit.startWorker([sendNotificationJob], { concurrency: 8, pollIntervalMs: 500 });
    while (provider.received.length < EVENTS && Date.now() < deadline) await sleep(5);
    await worker.stop(10_000);
    add(sender);
  } else {
    // a long poll: the worker runs when woken, as the consumer wakes its own process's worker
    const worker = t.kit.startWorker([sendNotificationJob], { concurrency: 8, pollIntervalMs: 60_000 });
    await sleep(100);
    take();
    for (const [i, check] of checks.entries()) {
      await t.pool.query("UPDATE checks SET status = 'unhealthy' WHERE id = $1", [check]);
      take();
      await pass();
      add(consumer);
      if ((await queued()) !== 0) throw new Error('the event was left in the queue');
      take();
      worker.wake();
      while (provider.received.length <= i && Date.now() < deadline) await sleep(2);
      await sleep(5); // the worker's finish and its next claim
      add(sender);
    }
    await worker.stop(10_000);
    add(sender);
  }
  const sent = (
    await t.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM notification_send_history WHERE status = 'sent'")
  ).rows[0]?.n;
  if (provider.received.length !== EVENTS || sent !== EVENTS)
    throw new Error(`webhook got ${provider.received.length}, ${sent} rows sent; expected ${EVENTS}`);

  console.log(`${EVENTS} deliveries through ${RULES} rules (PostgreSQL), ${SHAPE}`);
  print('consumer', consumer);
  print('worker', sender);
  console.log(`round trips per delivery: ${((consumer.total + sender.total) / EVENTS).toFixed(2)}`);
} finally {
  pg.Client.prototype.query = originalQuery;
  await provider.close();
  await t.close();
}
