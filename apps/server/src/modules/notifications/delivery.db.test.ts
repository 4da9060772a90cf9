import { EVENT_QUEUE_MAX_ATTEMPTS } from '@mc/contracts';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { JobRegistry, startJobRuntime } from '../jobs/index.js';
import { waitFor } from '../jobs/testing/job-test-kit.js';
import { consumeEvent, drainEvents } from './event-consumer.js';
import { claimEvents, failEvent } from './event-queue.repo.js';
import { notificationEventsConsumer } from './notification-events.consumer.js';
import { sendNotificationJob } from './send-notification.job.js';
import {
  createNotificationsKit,
  type NotificationsKit,
  startProvider,
  startSmtp,
} from './testing/notifications-test-kit.js';

let t: NotificationsKit;
let provider: Awaited<ReturnType<typeof startProvider>>;
let webhook: string;

const minutes = (base: Date, m: number) => new Date(base.getTime() + m * 60_000);

beforeAll(async () => {
  t = await createNotificationsKit();
  provider = await startProvider();
  webhook = await t.connection('generic_webhook', { properties: { url: `${provider.base}/hook` } });
});
afterAll(async () => {
  await provider.close();
  await t.close();
});

/** Empties the queue of events left by earlier tests' factories. */
async function settle() {
  await t.pool.query('DELETE FROM event_queue');
}

describe('the event consumer', () => {
  it('delivers a check failure to a generic webhook: the event leaves the queue and one sent row remains', async () => {
    await settle();
    const check = await t.check('healthy', 'checkout-api');
    const rule = await t.rule({ events: ['check.failed'], to: { connection: webhook } });
    provider.received.length = 0;
    await t.setCheck(check, 'unhealthy');
    expect((await t.drain()).processed).toBe(1);
    expect(await t.deliverDue()).toEqual(['sent']);
    expect(provider.received).toHaveLength(1);
    const payload = JSON.parse(provider.received[0]?.body ?? '{}');
    expect(payload.title).toBe('Check checkout-api is unhealthy');
    expect(payload.message).toContain('Check: checkout-api (http)');
    const rows = await t.history(rule);
    expect(rows.map((row) => row.status)).toEqual(['sent']);
    expect(rows[0]?.resource_id).toBe(check);
    expect((await t.pool.query('SELECT count(*)::int AS n FROM event_queue')).rows[0].n).toBe(0);
    await t.pool.query('UPDATE notifications SET deleted_at = now() WHERE id = $1', [rule]);
  });

  it('sends exactly the expected messages for a flapping check under wait-for 2m and repeat 10m', async () => {
    await settle();
    const check = await t.check('healthy', 'flappy');
    const rule = await t.rule({
      events: ['check.failed'],
      to: { connection: webhook },
      waitFor: '2m',
      repeatInterval: '10m',
    });
    provider.received.length = 0;
    const t0 = new Date();
    const step = async (m: number, status?: string) => {
      if (status) await t.setCheck(check, status);
      await t.drain(minutes(t0, m));
      await t.deliverDue(minutes(t0, m));
    };
    await step(0, 'unhealthy');
    await step(1, 'healthy');
    await step(2); // recovered within wait-for: skipped
    await step(3, 'unhealthy');
    await step(5); // still failing after 2m: sent
    await step(6, 'healthy');
    await step(7, 'unhealthy');
    await step(9); // within 10m of the last message: repeat-interval
    await step(16, 'healthy');
    await step(17, 'unhealthy');
    await step(19); // past the repeat interval: sent
    expect((await t.history(rule)).map((row) => row.status)).toEqual(['skipped', 'sent', 'repeat-interval', 'sent']);
    expect(provider.received).toHaveLength(2);
    await t.pool.query('UPDATE notifications SET deleted_at = now() WHERE id = $1', [rule]);
  });

  it('a silence on a component holds back its children and their checks, recorded with the silence', async () => {
    await settle();
    const parent = await t.component(null, 'payments');
    const child = await t.component(parent, 'payments-db');
    const check = await t.check('healthy', 'payments-db-ping');
    await t.link(check, child);
    const other = await t.check('healthy', 'unrelated');
    const rule = await t.rule({ events: ['check.failed', 'component.unhealthy'], to: { connection: webhook } });
    const silence = (
      await t.pool.query(
        `INSERT INTO notification_silences (description, component_id, recursive) VALUES ('maintenance', $1, true) RETURNING id`,
        [parent],
      )
    ).rows[0].id as string;
    provider.received.length = 0;
    await t.setComponent(child, 'unhealthy');
    await t.setCheck(check, 'unhealthy');
    await t.setCheck(other, 'unhealthy');
    await t.drain();
    await t.deliverDue();
    const rows = await t.history(rule);
    const byResource = new Map(rows.map((row) => [row.resource_id, row]));
    expect(byResource.get(child)).toMatchObject({ status: 'silenced', silenced_by: silence });
    expect(byResource.get(check)).toMatchObject({ status: 'silenced', silenced_by: silence });
    expect(byResource.get(other)).toMatchObject({ status: 'sent', silenced_by: null });
    expect(provider.received).toHaveLength(1);
    await t.pool.query('UPDATE notification_silences SET deleted_at = now()');
    await t.pool.query('UPDATE notifications SET deleted_at = now() WHERE id = $1', [rule]);
  });

  it("a parent's failure inhibits its children's failures", async () => {
    await settle();
    const parent = await t.component(null, 'orders');
    const child = await t.component(parent, 'orders-queue');
    const check = await t.check('healthy', 'orders-queue-depth');
    await t.link(check, child);
    const rule = await t.rule({
      events: ['check.failed', 'component.unhealthy'],
      to: { connection: webhook },
      inhibitions: [{ direction: 'parent', depth: 5 }],
    });
    provider.received.length = 0;
    await t.setComponent(parent, 'unhealthy');
    await t.drain();
    await t.deliverDue();
    await t.setComponent(child, 'unhealthy');
    await t.setCheck(check, 'unhealthy');
    await t.drain();
    await t.deliverDue();
    const rows = await t.history(rule);
    const parentRow = rows.find((row) => row.resource_id === parent);
    expect(parentRow?.status).toBe('sent');
    expect(rows.find((row) => row.resource_id === child)).toMatchObject({ status: 'inhibited' });
    expect(rows.find((row) => row.resource_id === check)).toMatchObject({ status: 'inhibited' });
    expect(provider.received).toHaveLength(1);
    await t.pool.query('UPDATE notifications SET deleted_at = now() WHERE id = $1', [rule]);
  });

  it('groups a burst into one message: the lead carries the others, every row ends sent', async () => {
    await settle();
    const rule = await t.rule({
      events: ['check.failed'],
      to: { connection: webhook },
      groupBy: ['check.type'],
      groupByInterval: '1m',
    });
    const burst = [
      await t.check('healthy', 'burst-a'),
      await t.check('healthy', 'burst-b'),
      await t.check('healthy', 'burst-c'),
    ];
    provider.received.length = 0;
    for (const check of burst) await t.setCheck(check, 'unhealthy');
    const t0 = new Date();
    await t.drain(t0);
    expect(await t.deliverDue(t0)).toEqual([]);
    expect(await t.deliverDue(minutes(t0, 1))).toEqual(['sent']);
    expect(provider.received).toHaveLength(1);
    const payload = JSON.parse(provider.received[0]?.body ?? '{}');
    expect(payload.title).toMatch(/^Check burst-\w is unhealthy \(\+2 more\)$/);
    expect(payload.message).toContain('Also in this group (2)');
    expect((await t.history(rule)).map((row) => row.status)).toEqual(['sent', 'sent', 'sent']);
    await t.pool.query('UPDATE notifications SET deleted_at = now() WHERE id = $1', [rule]);
  });

  it('consumes every event exactly once across two consumers, one event per resource per claim', async () => {
    await settle();
    const rule = await t.rule({ events: ['check.failed'], to: { connection: webhook } });
    const checks: string[] = [];
    for (let i = 0; i < 40; i += 1) checks.push(await t.check('unhealthy', `many-${i}`));
    await t.pool.query(
      `INSERT INTO event_queue (name, properties)
       SELECT 'check.failed', jsonb_build_object('id', c, 'n', n) FROM unnest($1::uuid[]) AS c, generate_series(1, 3) AS n`,
      [checks],
    );
    const claimed = await claimEvents(t.pool, 'probe', 1, 200);
    expect(new Set(claimed.map((event) => event.properties.id)).size).toBe(claimed.length);
    await t.pool.query('UPDATE event_queue SET locked_until = NULL, locked_by = NULL, attempts = 0');
    const [a, b] = await Promise.all([
      drainEvents({ pool: t.pool, owner: 'replica-a', batch: 10 }),
      drainEvents({ pool: t.pool, owner: 'replica-b', batch: 10 }),
    ]);
    expect(a.processed + b.processed).toBe(120);
    const { rows } = await t.pool.query(
      `SELECT count(*)::int AS n, count(DISTINCT payload ->> 'event_id')::int AS events FROM notification_send_history WHERE notification_id = $1`,
      [rule],
    );
    expect(rows[0]).toEqual({ n: 120, events: 120 });
    await t.pool.query('UPDATE notifications SET deleted_at = now() WHERE id = $1', [rule]);
  });

  it('writes nothing for an event whose lease was lost: no history row, no send job, the event left to its owner', async () => {
    await settle();
    const check = await t.check('healthy', 'lost-lease');
    const rule = await t.rule({ events: ['check.failed'], to: { connection: webhook } });
    await t.setCheck(check, 'unhealthy');
    const [event] = await claimEvents(t.pool, 'replica-a', 60_000, 10);
    if (!event) throw new Error('no event claimed');
    await t.pool.query("UPDATE event_queue SET locked_by = 'replica-b' WHERE id = $1", [event.id]);
    const jobsBefore = (await t.pool.query("SELECT count(*)::int AS n FROM jobs WHERE name = 'notification_send'"))
      .rows[0].n;
    expect(await consumeEvent(t.pool, event, 'replica-a', [], new Date())).toBe(false);
    expect(await t.history(rule)).toEqual([]);
    expect((await t.pool.query("SELECT count(*)::int AS n FROM jobs WHERE name = 'notification_send'")).rows[0].n).toBe(
      jobsBefore,
    );
    expect((await t.pool.query('SELECT locked_by FROM event_queue WHERE id = $1', [event.id])).rows).toEqual([
      { locked_by: 'replica-b' },
    ]);
    expect(await consumeEvent(t.pool, event, 'replica-b', [], new Date())).toBe(1);
    const [row] = await t.history(rule);
    expect(row?.status).toBe('pending');
    const jobs = await t.pool.query(
      "SELECT payload, resource_type, resource_id, max_attempts FROM jobs WHERE name = 'notification_send' AND payload ->> 'historyId' = $1",
      [(await t.pool.query('SELECT id FROM notification_send_history WHERE notification_id = $1', [rule])).rows[0].id],
    );
    expect(jobs.rows).toHaveLength(1);
    expect(jobs.rows[0]).toMatchObject({ resource_type: 'notification', resource_id: rule, max_attempts: 4 });
    await t.pool.query('UPDATE notifications SET deleted_at = now() WHERE id = $1', [rule]);
    await settle();
  });

  it('sees a rule or silence changed between passes at the next claim (the consumer keeps them per version)', async () => {
    await settle();
    const check = await t.check('healthy', 'kept-rules');
    const rule = await t.rule({ events: ['check.failed'], to: { connection: webhook } });
    const fail = async () => {
      await t.setCheck(check, 'unhealthy');
      await t.drain();
      await t.setCheck(check, 'healthy');
      await settle();
    };
    await fail();
    const silence = (
      await t.pool.query(`INSERT INTO notification_silences (description, check_id) VALUES ('kept', $1) RETURNING id`, [
        check,
      ])
    ).rows[0].id;
    await fail();
    await t.pool.query('UPDATE notification_silences SET deleted_at = now() WHERE id = $1', [silence]);
    await t.pool.query(`UPDATE notifications SET filter = 'false' WHERE id = $1`, [rule]);
    await fail();
    await t.pool.query('UPDATE notifications SET filter = NULL, repeat_interval = NULL WHERE id = $1', [rule]);
    await fail();
    expect((await t.history(rule)).map((row) => [row.status, row.silenced_by])).toEqual([
      ['pending', null],
      ['silenced', silence],
      ['pending', null],
    ]);
    await t.pool.query(`UPDATE notification_send_history SET status = 'skipped' WHERE notification_id = $1`, [rule]);
    await t.pool.query('UPDATE notifications SET deleted_at = now() WHERE id = $1', [rule]);
    await fail();
    expect(await t.history(rule)).toHaveLength(3);
  });

  it("ending a drain at a short claim (PostgreSQL) still consumes a resource's later events in the same drain", async () => {
    await settle();
    const rule = await t.rule({ events: ['check.failed'], to: { connection: webhook } });
    const first = await t.check('unhealthy', 'short-1');
    const second = await t.check('unhealthy', 'short-2');
    await t.pool.query(
      `INSERT INTO event_queue (name, properties)
       SELECT 'check.failed', jsonb_build_object('id', c, 'n', n) FROM unnest($1::uuid[]) AS c, generate_series(1, 3) AS n`,
      [[first, second]],
    );
    const drained = await drainEvents({ pool: t.pool, owner: 'short', endWhenShort: true });
    expect(drained).toMatchObject({ processed: 6, failed: 0 });
    expect((await t.pool.query('SELECT count(*)::int AS n FROM event_queue')).rows[0].n).toBe(0);
    expect(await t.history(rule)).toHaveLength(6);
    await t.pool.query('UPDATE notifications SET deleted_at = now() WHERE id = $1', [rule]);
  });

  it('keeps a failing event with its error and backoff, then dead-letters it on the Event Queue page', async () => {
    await settle();
    await t.pool.query(`INSERT INTO event_queue (name, properties) VALUES ('check.failed', '{"id": "x"}')`);
    for (let attempt = 1; attempt <= EVENT_QUEUE_MAX_ATTEMPTS; attempt += 1) {
      const [event] = await claimEvents(t.pool, 'probe', 60_000, 10);
      expect(event?.attempts).toBe(attempt);
      await failEvent(t.pool, event?.id ?? '', 'probe', 'boom', 0);
    }
    expect(await claimEvents(t.pool, 'probe', 60_000, 10)).toEqual([]);
    const summary = (await t.pool.query(`SELECT * FROM event_queue_summary WHERE name = 'check.failed'`)).rows[0];
    expect(summary.most_common_error).toBe('boom');
    expect([summary.pending, summary.failed, summary.dead_letter].map(Number)).toEqual([0, 1, 1]);
    await settle();
  });
});

describe('the job runtime', () => {
  it('delivers through the real runtime: its consumer drains from the start, the send job sends', async () => {
    await settle();
    const check = await t.check('healthy', 'via-jobs');
    const rule = await t.rule({ events: ['check.failed'], to: { connection: webhook } });
    provider.received.length = 0;
    const runtime = await startJobRuntime(
      t.kit.deps,
      new JobRegistry([sendNotificationJob], [notificationEventsConsumer]),
    );
    await t.setCheck(check, 'unhealthy');
    const row = await waitFor(async () => (await t.history(rule)).find((r) => r.status === 'sent'));
    await runtime.stop(1_000);
    expect(row.resource_id).toBe(check);
    expect(provider.received).toHaveLength(1);
    await t.pool.query('UPDATE notifications SET deleted_at = now() WHERE id = $1', [rule]);
  });
});

describe('the sender', () => {
  it('retries a provider answering 500 and ends failed with its error', async () => {
    await settle();
    const failing = await startProvider();
    failing.answer = () => ({ status: 500, body: 'upstream exploded' });
    const connection = await t.connection('generic_webhook', { properties: { url: `${failing.base}/hook` } });
    const check = await t.check('healthy');
    const rule = await t.rule({ events: ['check.failed'], to: { connection } });
    onTestFinished(async () => {
      await t.pool.query('UPDATE notifications SET deleted_at = now() WHERE id = $1', [rule]);
      await failing.close();
    });
    await t.setCheck(check, 'unhealthy');
    await t.drain();
    const worker = t.kit.startWorker([{ ...sendNotificationJob, backoff: { baseMs: 20, maxMs: 50 } }]);
    const row = await waitFor(async () => (await t.history(rule)).find((r) => r.status === 'error'));
    await worker.stop(0);
    expect(row.error).toBe('Webhook answered HTTP 500: upstream exploded');
    expect(failing.received).toHaveLength(sendNotificationJob.maxAttempts);
  });

  it('ends a provider that does not answer as failed with a timeout', async () => {
    await settle();
    const silent = await startProvider();
    silent.answer = () => 'hang';
    const connection = await t.connection('generic_webhook', { properties: { url: `${silent.base}/hook` } });
    const check = await t.check('healthy');
    const rule = await t.rule({ events: ['check.failed'], to: { connection } });
    // however this test ends, its hanging provider must not take the next tests' failures
    onTestFinished(async () => {
      await t.pool.query('UPDATE notifications SET deleted_at = now() WHERE id = $1', [rule]);
      await silent.close();
    });
    await t.setCheck(check, 'unhealthy');
    await t.drain();
    const [{ id }] = (await t.pool.query('SELECT id FROM notification_send_history WHERE notification_id = $1', [rule]))
      .rows;
    const { deliverHistory } = await import('./deliver.js');
    await expect(
      deliverHistory(
        {
          database: t.database,
          config: t.kit.deps.config,
          signal: new AbortController().signal,
          attempt: 2,
          maxAttempts: 2,
          timeoutMs: 300,
        },
        id,
      ),
    ).rejects.toThrow('Webhook did not answer within 300 ms');
    expect((await t.history(rule))[0]).toMatchObject({
      status: 'error',
      error: 'Webhook did not answer within 300 ms',
    });
  });

  it("sends to a person's own channel when they set one instead of their email", async () => {
    await settle();
    const person = (
      await t.pool.query(
        `INSERT INTO people (name, email, properties) VALUES ('Pia Pager', 'pia@example.com', $1) RETURNING id`,
        [JSON.stringify({ notifications: { connection: webhook } })],
      )
    ).rows[0].id as string;
    const check = await t.check('healthy', 'pia-check');
    const rule = await t.rule({ events: ['check.failed'], to: { person } });
    provider.received.length = 0;
    await t.setCheck(check, 'unhealthy');
    await t.drain();
    expect(await t.deliverDue()).toEqual(['sent']);
    expect(JSON.parse(provider.received[0]?.body ?? '{}').title).toBe('Check pia-check is unhealthy');
    await t.pool.query('UPDATE notifications SET deleted_at = now() WHERE id = $1', [rule]);
  });

  it('mails a person through the email connection: the SMTP listener gets the subject and body', async () => {
    await settle();
    const smtp = await startSmtp();
    await t.connection('email', {
      username: 'alerts@example.com',
      password: 's3cret',
      properties: {
        host: '127.0.0.1',
        port: smtp.port,
        fromAddress: 'alerts@example.com',
        fromName: 'Mission Control',
        encryptionMethod: 'None',
        smtpAuthMethod: 'Plain',
      },
    });
    await t.pool.query(`INSERT INTO people (name, email) VALUES ('Olga Oncall', 'olga@example.com')`);
    const check = await t.check('healthy', 'billing-db');
    const rule = await t.rule({
      events: ['check.failed'],
      to: { person: 'olga@example.com' },
      title: 'DOWN: {{ .check.name }}',
    });
    await t.setCheck(check, 'unhealthy');
    await t.drain();
    expect(await t.deliverDue()).toEqual(['sent']);
    expect(smtp.mails).toHaveLength(1);
    const mail = smtp.mails[0];
    expect(mail?.to).toEqual(['olga@example.com']);
    expect(mail?.user).toBe('alerts@example.com');
    expect(mail?.raw).toContain('Subject: DOWN: billing-db');
    expect(mail?.raw).toContain('From: Mission Control <alerts@example.com>');
    expect(mail?.raw).toContain('Check: billing-db (http)');
    const rows = await t.history(rule);
    expect(rows[0]?.status).toBe('sent');
    expect(JSON.stringify(rows)).not.toContain('s3cret');
    await smtp.close();
    await t.pool.query('UPDATE notifications SET deleted_at = now() WHERE id = $1', [rule]);
  });
});
