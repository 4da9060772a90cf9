import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connectPostgres } from '@mc/db';
import { createPostgresTestUrl, testEngine } from '@mc/db/testing';
import { afterAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../../platform/config.js';
import { type ServerProcess, spawnServer } from '../../test/server-process.js';
import { connectionsServiceFor } from '../connections/index.js';
import { waitFor } from '../jobs/testing/job-test-kit.js';
import { rulesService } from './rules.service.js';

/** Both replicas' lease (`MC_JOB_LEASE_MS`): short, so the test waits seconds, not the default 30. */
const LEASE_MS = 3_000;
const SYSTEM = { actor: { kind: 'system', name: 'event-consumer-test' } } as const;
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

/** A worker replica (`main.ts`, `MC_ROLE=worker`: the job runtime and its event consumer) on `url`. */
async function startReplica(url: string, secretKey: string): Promise<ServerProcess> {
  const replica = spawnServer({
    DATABASE_URL: url,
    MC_ROLE: 'worker',
    MC_JOB_LEASE_MS: String(LEASE_MS),
    MC_SECRET_KEY: secretKey,
  });
  cleanups.push(async () => {
    replica.child.kill('SIGKILL');
    await replica.exited;
  });
  await waitFor(async () => replica.logs.some((line) => line.msg === 'job runtime started'), 120_000);
  return replica;
}

describe.skipIf(testEngine() !== 'postgres')('the event consumer across replicas (PostgreSQL)', () => {
  test('a replica killed while it holds an event: the other delivers it once its lease ends, and only once', {
    timeout: 240_000,
  }, async () => {
    const secretKey = process.env.MC_SECRET_KEY ?? randomBytes(32).toString('base64');
    process.env.MC_SECRET_KEY = secretKey;
    const { url, drop } = await createPostgresTestUrl();
    cleanups.push(drop);
    const database = connectPostgres(url, { max: 4 });
    cleanups.push(() => database.close());
    const pool = database.pool;
    const inbox: { title: string; at: number }[] = [];
    const receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += String(chunk);
      });
      request.on('end', () => {
        inbox.push({ title: String((JSON.parse(body || '{}') as { title?: unknown }).title), at: Date.now() });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => receiver.close(resolve)));
    const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`; // a TCP listener's address

    const config = loadConfig({ DATABASE_URL: url });
    const connection = await connectionsServiceFor({ database, config }).create(
      { name: 'replicas-hook', type: 'generic_webhook', properties: { url: hook } },
      SYSTEM,
    );
    const { rule } = await rulesService({ database, config }).create(
      {
        kind: 'Notification',
        metadata: { name: 'replicas' },
        spec: { events: ['check.failed'], to: { connection: connection.id } },
      },
      SYSTEM,
    );
    const { rows } = await pool.query<{ id: string }>(
      `WITH c AS (INSERT INTO canaries (name) VALUES ('replicas') RETURNING id)
       INSERT INTO checks (canary_id, type, name, status) SELECT id, 'http', 'replicas-api', 'healthy' FROM c
       RETURNING id`,
    );
    const checkId = rows[0]?.id;

    const replicas = [await startReplica(url, secretKey), await startReplica(url, secretKey)];
    await waitFor(async () => {
      const listening = await pool.query(
        "SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %mc_events%'",
      );
      return listening.rows.length === 2;
    }, 30_000);

    // Whichever replica claims the event stops inside its consume transaction: its history row needs a
    // key-share lock on the rule, held here. It is killed there, holding the event's lease.
    const blocker = await pool.connect();
    let holder: ServerProcess | undefined;
    let killedAt = 0;
    try {
      await blocker.query('BEGIN');
      await blocker.query('SELECT 1 FROM notifications WHERE id = $1 FOR UPDATE', [rule.id]);
      await pool.query("UPDATE checks SET status = 'unhealthy' WHERE id = $1", [checkId]);
      const owner = await waitFor(async () => {
        const claimed = await pool.query<{ locked_by: string | null }>('SELECT locked_by FROM event_queue');
        return claimed.rows[0]?.locked_by;
      });
      const pid = Number(owner.split('/')[1]);
      holder = replicas.find((replica) => replica.child.pid === pid);
      expect(holder, `the claim's owner ${owner} is one of the replicas`).toBeDefined();
      await waitFor(async () => {
        const waiting = await pool.query(
          `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'
             AND query LIKE '%INSERT INTO notification_send_history%'`,
        );
        return waiting.rows.length === 1;
      });
      holder?.child.kill('SIGKILL');
      await holder?.exited;
      killedAt = Date.now();
    } finally {
      await blocker.query('ROLLBACK');
      blocker.release();
    }

    const delivered = await waitFor(async () => inbox[0], LEASE_MS + 15_000);
    console.info(
      `event consumer: the holder was killed; the other replica delivered ${delivered.at - killedAt} ms later (lease ${LEASE_MS} ms)`,
    );
    expect(delivered.title).toBe('Check replicas-api is unhealthy');
    expect(delivered.at - killedAt).toBeLessThanOrEqual(LEASE_MS + 2_000);

    await new Promise((resolve) => setTimeout(resolve, LEASE_MS + 2_000)); // room for a second delivery
    expect(inbox).toHaveLength(1);
    const history = await pool.query<{ status: string }>(
      'SELECT status FROM notification_send_history WHERE notification_id = $1',
      [rule.id],
    );
    expect(history.rows.map((row) => row.status)).toEqual(['sent']);
    expect((await pool.query('SELECT 1 FROM event_queue')).rows).toHaveLength(0);
  });
});
