/**
 * Test helpers of the notifications area: a fresh database (the job test kit's), local targets — an
 * HTTP server standing in for every provider (a named double of slack.com and the others) and an SMTP
 * listener — factories for checks, components, connections and rules, and drivers for the consumer
 * and the sender with a fake clock.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { connectionsServiceFor } from '../../connections/index.js';
import { createJobTestKit, type JobTestKit } from '../../jobs/testing/job-test-kit.js';
import { deliverHistory, redirectProvidersForTests } from '../deliver.js';
import { drainEvents } from '../event-consumer.js';
import { rulesService } from '../rules.service.js';

/** The system actor of test writes. */
export const SYSTEM = { actor: { kind: 'system', name: 'test' } } as const;

/** One request the local provider received. */
export interface Received {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A local HTTP server recording requests; `answer` decides each reply (default 200 `{"ok":true}`). */
export async function startProvider(): Promise<{
  base: string;
  received: Received[];
  answer: (req: Received) => { status: number; body: string } | 'hang';
  close(): Promise<void>;
}> {
  const received: Received[] = [];
  const state = {
    base: '',
    received,
    answer: (_req: Received): { status: number; body: string } | 'hang' => ({ status: 200, body: '{"ok":true}' }),
    close: async () => {},
  };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      const entry = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body };
      received.push(entry);
      const reply = state.answer(entry);
      if (reply === 'hang') return;
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`; // a TCP listener has an AddressInfo
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}

/** Replaces a provider URL's origin with `base` (the local provider). */
export const toLocal = (base: string) => (url: string) => {
  const parsed = new URL(url);
  return `${base}${parsed.pathname}${parsed.search}`;
};

/** A local SMTP listener keeping each mail (envelope and raw text). */
export async function startSmtp(): Promise<{
  port: number;
  mails: { from: string; to: string[]; raw: string; user?: string }[];
  close(): Promise<void>;
}> {
  const mails: { from: string; to: string[]; raw: string; user?: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        raw += chunk;
      });
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          user: typeof session.user === 'string' ? session.user : undefined,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port; // a TCP listener has an AddressInfo
  return { port, mails, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The notifications kit on a fresh database. */
export async function createNotificationsKit() {
  const kit: JobTestKit = await createJobTestKit();
  const { database } = kit;
  const pool = database.pool;
  const one = async <T>(text: string, values: unknown[] = []): Promise<T> =>
    (await pool.query(text, values)).rows[0] as T; // one row of the named shape
  const connections = connectionsServiceFor({ database, config: kit.deps.config });
  const rules = rulesService({ database, config: kit.deps.config });
  let n = 0;
  return {
    kit,
    database,
    pool,
    one,
    /** Sends every provider URL of this database to `base`. */
    redirectTo(base: string) {
      redirectProvidersForTests(database, toLocal(base));
    },
    async check(status: string | null = 'healthy', name = `check-${++n}`): Promise<string> {
      const canary = await one<{ id: string }>('INSERT INTO canaries (name) VALUES ($1) RETURNING id', [
        `canary-${++n}`,
      ]);
      return (
        await one<{ id: string }>(
          "INSERT INTO checks (canary_id, type, name, status) VALUES ($1, 'http', $2, $3) RETURNING id",
          [canary.id, name, status],
        )
      ).id;
    },
    async setCheck(id: string, status: string) {
      await pool.query('UPDATE checks SET status = $2 WHERE id = $1', [id, status]);
    },
    async component(parent: string | null = null, name = `component-${++n}`): Promise<string> {
      return (
        await one<{ id: string }>(
          "INSERT INTO components (name, type, status, parent_id, external_id) VALUES ($1, 'Service', 'healthy', $2, $1) RETURNING id",
          [name, parent],
        )
      ).id;
    },
    async setComponent(id: string, status: string) {
      await pool.query('UPDATE components SET status = $2 WHERE id = $1', [id, status]);
    },
    async link(checkId: string, componentId: string) {
      await pool.query(
        'INSERT INTO check_component_relationships (check_id, component_id, canary_id) SELECT id, $2, canary_id FROM checks WHERE id = $1',
        [checkId, componentId],
      );
    },
    async connection(type: string, fields: Record<string, unknown>): Promise<string> {
      const { properties, ...columns } = fields as { properties?: Record<string, unknown> };
      const created = await connections.create(
        { name: `${type}-${++n}`, type, properties: properties ?? {}, ...columns },
        SYSTEM,
      );
      return created.id;
    },
    async rule(spec: Record<string, unknown>, name = `rule-${++n}`): Promise<string> {
      const view = await rules.create({ kind: 'Notification', metadata: { name }, spec }, SYSTEM);
      return view.rule.id;
    },
    /** Drains the queue as one consumer at the fake time `now`. */
    drain(now = new Date(), owner = 'test-consumer') {
      return drainEvents({ pool, owner, now: () => now });
    },
    /** Delivers every due row at the fake time `now` (one attempt each, the last); a group's members go with their lead. */
    async deliverDue(now = new Date()): Promise<string[]> {
      const { rows } = await pool.query<{ id: string }>(
        `SELECT id FROM notification_send_history WHERE status IN ('pending', 'evaluating-waitfor')
         AND (not_before IS NULL OR not_before <= $1) AND NOT (group_id IS NOT NULL AND parent_id IS NOT NULL)
         ORDER BY created_at, id`,
        [now],
      );
      const outcomes: string[] = [];
      for (const row of rows) {
        outcomes.push(
          await deliverHistory(
            {
              database,
              config: kit.deps.config,
              signal: new AbortController().signal,
              attempt: 1,
              maxAttempts: 1,
              now,
            },
            row.id,
          ).catch((error: Error) => `error: ${error.message}`),
        );
      }
      return outcomes;
    },
    history(rule: string) {
      return pool
        .query<{
          status: string;
          resource_id: string;
          silenced_by: string | null;
          parent_id: string | null;
          error: string | null;
          body: string | null;
          source_event: string;
        }>('SELECT * FROM notification_send_history WHERE notification_id = $1 ORDER BY created_at, id', [rule])
        .then((result) => result.rows);
    },
    close: () => kit.close(),
  };
}

/** The kit's type. */
export type NotificationsKit = Awaited<ReturnType<typeof createNotificationsKit>>;
