import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noteAbsent, portOpen } from '../../health/check-types/testing/targets.js';
import { waitFor } from '../../jobs/testing/job-test-kit.js';
import { executeRun } from '../runs/run-executor.js';
import { type ActionKit, createActionKit } from './testing/action-test-kit.js';

/**
 * The sql action against the real local databases: PostgreSQL at 127.0.0.1:5432 (db test, user root)
 * and MariaDB at 127.0.0.1:3306 (db test, a user this test creates with a password). Rows are the
 * output, capped; a bad query and a timeout fail the action clearly; a cancel ends a long query; the
 * connection's password never reaches the stored run. A suite whose database is absent is skipped.
 */
const PASSWORD = 'Pl4ybook-sql-s3cret';
const pgUp = await portOpen('127.0.0.1', 5432);
const myUp = await portOpen('127.0.0.1', 3306);
noteAbsent('PostgreSQL at 127.0.0.1:5432', pgUp);
noteAbsent('MariaDB at 127.0.0.1:3306', myUp);

let kit: ActionKit;
beforeAll(async () => {
  kit = await createActionKit();
});
afterAll(async () => {
  await kit.close();
});

describe.skipIf(!pgUp)('sql action on PostgreSQL', () => {
  let connection: string;
  beforeAll(async () => {
    connection = await kit.connection(
      'postgres',
      { url: 'postgres://127.0.0.1:5432/test?sslmode=disable', username: 'root', password: PASSWORD },
      'pg-playbooks',
    );
  });

  it('returns the rows of a templated query as output, the password nowhere in the run', async () => {
    const id = await kit.playbook(
      [
        {
          name: 'q',
          sql: {
            connection: 'connection://postgres/pg-playbooks',
            query: "SELECT n, 'row ' || n AS label FROM generate_series(1, {{ .params.count }}) AS n",
          },
        },
      ],
      { parameters: [{ name: 'count', default: '3' }] },
    );
    const { run, actions, stored } = await kit.runToEnd(id);
    expect(run.status).toBe('completed');
    expect(actions[0]?.result).toMatchObject({
      driver: 'postgres',
      count: 3,
      truncated: false,
      rows: [
        { n: 1, label: 'row 1' },
        { n: 2, label: 'row 2' },
        { n: 3, label: 'row 3' },
      ],
    });
    expect(stored).not.toContain(PASSWORD);
  });

  it('caps the rows kept and says so', async () => {
    const id = await kit.playbook([
      { name: 'many', sql: { connection, query: 'SELECT generate_series(1, 5000) AS n' } },
    ]);
    const { actions } = await kit.runToEnd(id);
    expect(actions[0]?.result).toMatchObject({ count: 5000, truncated: true });
    expect((actions[0]?.result?.rows as unknown[] | undefined)?.length).toBe(1000);
  });

  it('fails with the database error for a bad query', async () => {
    const id = await kit.playbook([{ name: 'bad', sql: { connection, query: 'SELECT * FROM no_such_table' } }]);
    const { run, actions, stored } = await kit.runToEnd(id);
    expect(run).toMatchObject({ status: 'failed' });
    expect(actions[0]?.error).toMatch(/^PostgreSQL: relation "no_such_table" does not exist/);
    expect(stored).not.toContain(PASSWORD);
  });

  it('a timeout ends a long query as timed_out', async () => {
    const id = await kit.playbook([
      { name: 'slow', timeout: '500ms', sql: { connection, query: 'SELECT pg_sleep(20)' } },
    ]);
    const started = Date.now();
    const { actions } = await kit.runToEnd(id);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(actions[0]).toMatchObject({ status: 'timed_out' });
  });

  it('a cancel stops the running query', async () => {
    const id = await kit.playbook([{ name: 'long', sql: { connection, query: 'SELECT pg_sleep(20)' } }]);
    const { body } = await kit.request(id);
    const running = executeRun(kit.t.database, body.run_id, new AbortController().signal);
    await waitFor(async () => (await kit.rows(body.run_id)).actions.length > 0);
    const started = Date.now();
    expect((await kit.cancel(body.run_id)).status).toBe(200);
    await running;
    expect(Date.now() - started).toBeLessThan(3_000);
    const { run, actions } = await kit.rows(body.run_id);
    expect(run.status).toBe('cancelled');
    expect(actions[0]?.status).toBe('cancelled');
  });

  it('refuses a connection of another type, naming both', async () => {
    const webhook = await kit.connection(
      'generic_webhook',
      { properties: { url: 'http://127.0.0.1:9/x' } },
      'not-a-db',
    );
    const id = await kit.playbook([{ name: 'wrong', sql: { connection: webhook, query: 'SELECT 1' } }]);
    const { actions } = await kit.runToEnd(id);
    expect(actions[0]?.error).toBe(
      'connection default/not-a-db is of type generic_webhook; this action needs postgres or mysql',
    );
  });

  it('bounds its inputs: a missing query is an invalid action', async () => {
    const id = await kit.playbook([{ name: 'empty', sql: { connection } }]);
    const { actions } = await kit.runToEnd(id);
    expect(actions[0]?.error).toMatch(/^Invalid sql action: query: /);
  });
});

describe.skipIf(!myUp)('sql action on MariaDB', () => {
  beforeAll(async () => {
    const root = await mysql.createConnection({ host: '127.0.0.1', port: 3306, user: 'root', database: 'test' });
    try {
      await root.query(`CREATE USER IF NOT EXISTS 'mc_playbook'@'%' IDENTIFIED BY '${PASSWORD}'`);
      await root.query(`ALTER USER 'mc_playbook'@'%' IDENTIFIED BY '${PASSWORD}'`);
      await root.query(`GRANT SELECT ON test.* TO 'mc_playbook'@'%'`);
    } finally {
      await root.end();
    }
    await kit.connection(
      'mysql',
      { url: 'mysql://127.0.0.1:3306/test', username: 'mc_playbook', password: PASSWORD },
      'maria-playbooks',
    );
  });

  it('returns the rows as output with the stored user and password', async () => {
    const id = await kit.playbook([
      {
        name: 'q',
        sql: {
          connection: 'maria-playbooks',
          driver: 'mysql',
          query: "SELECT 1 AS one, 'two' AS two, CURRENT_USER() AS who",
        },
      },
    ]);
    const { run, actions, stored } = await kit.runToEnd(id);
    expect(run.status).toBe('completed');
    expect(actions[0]?.result).toMatchObject({ driver: 'mysql', count: 1, rows: [{ one: 1, two: 'two' }] });
    const rows = (actions[0]?.result?.rows ?? []) as { who: string }[];
    expect(String(rows[0]?.who)).toMatch(/^mc_playbook@/);
    expect(stored).not.toContain(PASSWORD);
  });

  it('fails clearly when the statement is refused', async () => {
    const id = await kit.playbook([
      { name: 'write', sql: { connection: 'connection://mysql/maria-playbooks', query: 'CREATE TABLE nope (a int)' } },
    ]);
    const { run, actions, stored } = await kit.runToEnd(id);
    expect(run.status).toBe('failed');
    expect(actions[0]?.error).toMatch(/^MySQL: CREATE command denied/);
    expect(stored).not.toContain(PASSWORD);
  });
});
