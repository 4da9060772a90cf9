import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { runCheck } from './registry.js';
import { closedPort, guardFor, noteAbsent, portOpen } from './testing/targets.js';

const up = await portOpen('127.0.0.1', 5432);
noteAbsent('PostgreSQL at 127.0.0.1:5432', up);
const egress = guardFor();
const url = 'postgres://root@127.0.0.1:5432/test';
const pg = (spec: Record<string, unknown>, timeoutMs = 10_000) =>
  runCheck('postgres', { name: 'p', ...spec }, { egress, timeoutMs });

describe.skipIf(!up)('postgres check against PostgreSQL on 127.0.0.1', () => {
  it('runs SELECT 1 by default', async () => {
    const result = await pg({ url });
    expect(result).toMatchObject({ status: 'healthy', message: '127.0.0.1:5432: query returned 1 rows' });
  });

  it('accepts a raw connection string in connection, libpq keywords, and checks results', async () => {
    const rows = await pg({ connection: url, query: 'SELECT generate_series(1, 3) AS n', results: 3 });
    expect(rows.status).toBe('healthy');
    expect(rows.details.results).toEqual({ rows: [{ n: 1 }, { n: 2 }, { n: 3 }], count: 3 });
    const keywords = await pg({ url: 'host=127.0.0.1 port=5432 user=root dbname=test', results: 1 });
    expect(keywords.status).toBe('healthy');
    const few = await pg({ url, query: 'SELECT 1 WHERE false', results: 1 });
    expect(few.message).toBe('query returned 0 rows, expected at least 1');
  });

  it('markFailOnEmpty fails a query that returns no rows, as canary-checker does', async () => {
    const query = 'SELECT 1 AS name LIMIT 0';
    expect(await pg({ url, query, markFailOnEmpty: true })).toMatchObject({
      status: 'unhealthy',
      message: 'query returned empty result',
    });
    expect((await pg({ url, query })).status).toBe('healthy');
    expect((await pg({ url, query: 'SELECT 1 AS name', markFailOnEmpty: true })).status).toBe('healthy');
  });

  it('evaluates a CEL test over the rows', async () => {
    const spec = { url, query: "SELECT 42 AS answer, 'ok' AS state" };
    expect(
      (await pg({ ...spec, test: { expr: 'results.rows[0].answer == 42 && rows[0].state == "ok"' } })).status,
    ).toBe('healthy');
    const failed = await pg({ ...spec, test: { expr: 'results.rows[0].answer > 100' } });
    expect(failed.message).toBe('test expression returned false: results.rows[0].answer > 100');
  });

  it('names the failure: query error, unknown role, missing database, refused, timeout', async () => {
    expect((await pg({ url, query: 'SELECT nope' })).message).toBe('query failed: column "nope" does not exist');
    const role = await pg({ url: 'postgres://no_such_role_mc@127.0.0.1:5432/test' });
    expect(role.message).toMatch(/^authentication failed for user 'no_such_role_mc': /);
    const db = await pg({ url: 'postgres://root@127.0.0.1:5432/no_such_db_mc' });
    expect(db.message).toBe('database does not exist: database "no_such_db_mc" does not exist');
    const port = await closedPort();
    expect((await pg({ url: `postgres://root@127.0.0.1:${port}/test` })).message).toBe(
      `connection refused: 127.0.0.1:${port}`,
    );
    const slow = await pg({ url, query: 'SELECT pg_sleep(5)' }, 400);
    expect(slow).toMatchObject({ status: 'unhealthy', message: 'timed out after 400 ms' });
  });

  it('uses a stored connection through the injected resolver, and says when none is available', async () => {
    const resolveConnection = async (ref: string) =>
      ref === 'connection://postgres/main' ? { type: 'postgres', name: 'main', url, username: 'root' } : null;
    const spec = { name: 'p', connection: 'connection://postgres/main' };
    expect((await runCheck('postgres', spec, { egress, resolveConnection })).status).toBe('healthy');
    const missing = await runCheck(
      'postgres',
      { ...spec, connection: 'connection://postgres/other' },
      { egress, resolveConnection },
    );
    expect(missing).toMatchObject({ message: 'connection connection://postgres/other not found', invalid: true });
    expect((await runCheck('postgres', spec, { egress })).message).toBe(
      'connection connection://postgres/main: stored connections are not available (no connection resolver)',
    );
  });
});

/**
 * The local PostgreSQL trusts 127.0.0.1, so it never asks for a password: this stand-in speaks the start of
 * the protocol, asks for a cleartext password, keeps what the check sends and refuses it (28P01).
 */
async function passwordAskingServer(): Promise<{ port: number; received: string[]; close: () => void }> {
  const received: string[] = [];
  const server = createServer((socket) => {
    let startup = true;
    socket.on('data', (data) => {
      if (socket.writableEnded) return;
      if (startup) {
        startup = false;
        socket.write(Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 3])); // AuthenticationCleartextPassword
        return;
      }
      if (data[0] === 0x70) received.push(data.subarray(5, data.indexOf(0, 5)).toString('utf8'));
      const fields = Buffer.from('SFATAL\0C28P01\0Mpassword authentication failed\0\0', 'utf8');
      const header = Buffer.alloc(5);
      header.write('E', 0);
      header.writeUInt32BE(fields.length + 4, 1);
      socket.end(Buffer.concat([header, fields]));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { port, received, close: () => server.close() };
}

describe('postgres check password', () => {
  it('sends password to a server that asks for one, and names the refusal', async () => {
    const server = await passwordAskingServer();
    try {
      const result = await pg({ url: `postgres://root@127.0.0.1:${server.port}/test`, password: { value: 's3cret' } });
      expect(server.received).toEqual(['s3cret']);
      expect(result.status).toBe('unhealthy');
      expect(result.message).toMatch(/^authentication failed for user 'root': /);
      expect(JSON.stringify(result)).not.toContain('s3cret');
    } finally {
      server.close();
    }
  });
});
