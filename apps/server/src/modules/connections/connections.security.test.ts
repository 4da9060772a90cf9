import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { CONNECTION_TYPES, SECRET_MASK } from '@mc/contracts';
import { MIGRATIONS_DIR } from '@mc/db';
import { sql } from 'kysely';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config.js';
import { apiCall, signedInUser } from '../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { type JsonObject, jsonOf } from '../settings-views/testing/admin-test-app.js';
import { CONNECTION_TESTERS } from './connection-testers.js';
import { connectionsServiceFor } from './connections.service.js';

const METADATA = '169.254.169.254';
const listen = (server: Server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const portOf = (server: Server) => (server.address() as AddressInfo).port; // a listening TCP server

/** A local HTTP server: Prometheus build info behind basic auth u:urlpw, and a redirect to the metadata address. */
async function startHttp(): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.url === '/to-metadata') {
      res.writeHead(302, { location: `http://${METADATA}/latest/meta-data/` }).end();
      return;
    }
    if (req.headers.authorization !== `Basic ${Buffer.from('u:urlpw').toString('base64')}`) {
      res.writeHead(401).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ status: 'success', data: { version: '2.53.0' } }));
  });
  await listen(server);
  return server;
}

type Result = { ok: boolean; mode: string; message: string };

/**
 * Issue 11, items 8 and 10 and "Honest results": connection tests go through the egress guard (the
 * metadata address was dialled, git took file://, the folder test told whether any server path exists),
 * URL passwords were stored and answered in plain text (also in audit_log), and 37 of 45 types answered
 * a green "Connection test succeeded" without contacting anything. Real routes, real sessions.
 */
describe('connection tests and the egress policy (default allow-private)', () => {
  let t: TestApp;
  let admin: string;
  let editor: string;
  let http: Server;
  const create = async (body: JsonObject) => {
    const answer = await apiCall(t.app, 'POST', '/api/connections', admin, {
      name: `c-${randomBytes(4).toString('hex')}`,
      ...body,
    });
    expect(answer.status, await answer.clone().text()).toBe(201);
    return String((await jsonOf(answer)).id);
  };
  const testSaved = async (id: string): Promise<Result> => {
    const answer = await apiCall(t.app, 'POST', `/api/connection/test/${id}`, admin);
    expect(answer.status, await answer.clone().text()).toBe(200);
    // The answer is a ConnectionTestResult.
    return (await answer.json()) as Result;
  };
  const testBody = async (body: JsonObject, id?: string): Promise<Result> => {
    const answer = await apiCall(t.app, 'POST', `/api/connection/test${id ? `/${id}` : ''}`, admin, {
      name: 'form',
      ...body,
    });
    expect(answer.status, await answer.clone().text()).toBe(200);
    // The answer is a ConnectionTestResult.
    return (await answer.json()) as Result;
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signedInUser(t, { roles: ['admin'] })).token;
    editor = (await signedInUser(t, { roles: ['editor'] })).token;
    http = await startHttp();
  });
  afterAll(async () => {
    await new Promise((resolve) => http.close(resolve));
    await t.close();
  });

  it('refuses the cloud metadata address for every protocol client', async () => {
    const cases: [JsonObject, string][] = [
      [{ type: 'postgres', url: `postgres://${METADATA}:5432/x`, username: 'u', password: 'p' }, 'PostgreSQL'],
      [{ type: 'mysql', url: `mysql://${METADATA}:3306/x`, username: 'u', password: 'p' }, 'MySQL'],
      [{ type: 'redis', url: `redis://${METADATA}:6379` }, 'Redis'],
      [{ type: 'http', url: `http://${METADATA}/latest/meta-data/`, username: 'u', password: 'p' }, 'HTTP'],
      [{ type: 'prometheus', url: `http://${METADATA}` }, 'Prometheus'],
      [{ type: 'email', properties: { host: METADATA, port: 25, encryptionMethod: 'None' } }, 'Email'],
      [{ type: 'git', url: `https://${METADATA}/repo.git` }, 'Git'],
      [{ type: 'elasticsearch', url: `http://${METADATA}:9200`, password: 'p' }, 'Elasticsearch'],
    ];
    for (const [body, label] of cases) {
      const expected = {
        ok: false,
        mode: 'reached',
        message: `${label}: egress refused: ${METADATA} is a cloud metadata address (policy: allow-private)`,
      };
      expect(await testSaved(await create(body)), label).toMatchObject(expected);
      expect(await testBody(body), label).toMatchObject(expected);
    }
  });

  it('checks every redirect hop: a local server redirecting to the metadata address is refused', async () => {
    const result = await testBody({
      type: 'http',
      url: `http://127.0.0.1:${portOf(http)}/to-metadata`,
      username: 'u',
      password: 'urlpw',
    });
    expect(result).toMatchObject({
      ok: false,
      message: `HTTP: egress refused: ${METADATA} is a cloud metadata address (policy: allow-private)`,
    });
  });

  it('accepts git over https and ssh only: file://, local paths and ext:: are a 400 before saving or testing', async () => {
    for (const url of ['file:///etc', '/srv/repo.git', 'ext::sh -c id', `${tmpdir()}/x`]) {
      for (const path of ['/api/connections', '/api/connection/test']) {
        const answer = await apiCall(t.app, 'POST', path, admin, { name: 'g', type: 'git', url });
        expect(answer.status, `${path} ${url}`).toBe(400);
        expect(String((await jsonOf(answer)).message)).toMatch(
          /^URL: (file:\/\/ is not accepted for Git|not a valid Git URL)/,
        );
      }
    }
  });

  it('a git URL stored before the rule still cannot reach a local path', async () => {
    const id = await create({ type: 'git', url: 'https://example.invalid/r.git' });
    await sql`UPDATE connections SET url = ${tmpdir()} WHERE id = ${id}`.execute(t.database.db);
    expect(await testSaved(id)).toMatchObject({
      ok: false,
      message: 'Git: only https:// and ssh URLs are accepted (not local paths)',
    });
  });

  it('a folder test reveals nothing about the server: the same answer for a path that exists and one that does not', async () => {
    const here = await testSaved(await create({ type: 'folder', url: tmpdir() }));
    const nowhere = await testSaved(await create({ type: 'folder', url: '/does/not/exist' }));
    const expected = {
      ok: false,
      mode: 'unavailable',
      message:
        'A connection test is not available for Folder connections: the server does not reveal which of its paths exist',
    };
    expect(here).toMatchObject(expected);
    expect(nowhere).toMatchObject(expected);
  });

  it('never answers a green success without contacting the target: each type either dials or says no test is available', async () => {
    for (const definition of CONNECTION_TYPES) {
      const result = await testBody({ type: definition.type, url: null, properties: {} }).catch(() => null);
      if (!result) continue;
      if (result.ok) throw new Error(`${definition.type} answered ok without a target: ${result.message}`);
      if (!CONNECTION_TESTERS[definition.type]) {
        expect(result, definition.type).toMatchObject({
          mode: 'unavailable',
          message: expect.stringMatching(
            new RegExp(`^A connection test is not available for ${definition.label} connections`),
          ),
        });
      }
    }
  });

  it('reaches cloud and SaaS APIs through the guard and reports the real network error (no network here)', async () => {
    const azure = await testBody({
      type: 'azure',
      username: 'client',
      password: 'secret',
      properties: { tenant: 't1' },
    });
    expect(azure).toMatchObject({ ok: false, mode: 'reached', message: expect.stringMatching(/^Azure: \S/) });
    expect(azure.message).not.toContain('secret');
    const github = await testBody({ type: 'github', password: 'ghp_token' });
    expect(github).toMatchObject({ ok: false, mode: 'reached', message: expect.stringMatching(/^GitHub: \S/) });
    expect(github.message).not.toContain('ghp_token');
    expect(await testBody({ type: 'sftp', url: 'files.example.com', password: 'p' })).toMatchObject({
      ok: false,
      mode: 'unavailable',
      message: 'A connection test is not available for SFTP connections',
    });
  });

  it('tests unsaved form values, and on an existing connection keeps the saved secret for a masked field', async () => {
    const port = portOf(http);
    const unsaved = await testBody({
      type: 'prometheus',
      url: `http://127.0.0.1:${port}`,
      username: 'u',
      password: 'urlpw',
    });
    expect(unsaved).toMatchObject({ ok: true, mode: 'reached', message: 'Prometheus 2.53.0 answered' });
    const id = await create({ type: 'prometheus', url: 'http://127.0.0.1:9/', username: 'u', password: 'urlpw' });
    expect((await testSaved(id)).ok).toBe(false);
    const edited = await testBody(
      { type: 'prometheus', url: `http://127.0.0.1:${port}`, username: 'u', password: SECRET_MASK },
      id,
    );
    expect(edited).toMatchObject({ ok: true, message: 'Prometheus 2.53.0 answered' });
    const wrong = await testBody(
      { type: 'prometheus', url: `http://127.0.0.1:${port}`, username: 'u', password: 'nope' },
      id,
    );
    expect(wrong.ok).toBe(false);
    expect(await testSaved(id), 'the saved connection did not change').toMatchObject({ ok: false });
  });

  it('refuses an unparseable URL with a 400 before saving, and in a test of form values', async () => {
    for (const path of ['/api/connections', '/api/connection/test']) {
      const answer = await apiCall(t.app, 'POST', path, admin, {
        name: 'broken',
        type: 'postgres',
        url: 'postgres//user:secretpw@db',
        username: 'u',
        password: 'p',
      });
      expect(answer.status).toBe(400);
      const body = await answer.text();
      expect(body).toContain('URL: not a valid Postgres URL; expected postgres://user@host:5432/database');
      expect(body).not.toContain('secretpw');
    }
  });

  it('lets only connection writers test: editor 403, anonymous 401', async () => {
    const body = { name: 'x', type: 'redis', url: 'redis://127.0.0.1:6379' };
    expect((await apiCall(t.app, 'POST', '/api/connection/test', editor, body)).status).toBe(403);
    expect((await apiCall(t.app, 'POST', '/api/connection/test', null, body)).status).toBe(401);
  });

  it('lets only an administrator change the egress policy through the properties routes', async () => {
    for (const name of ['health.egress.policy', 'Health.Egress.Allow_List']) {
      const created = await apiCall(t.app, 'POST', '/api/properties', editor, { name, value: 'allow-private' });
      expect(created.status, name).toBe(403);
      expect((await jsonOf(created)).message).toBe(`Only an administrator may change the property '${name}'`);
    }
    expect(
      (await apiCall(t.app, 'POST', '/api/properties', admin, { name: 'health.egress.allow_list', value: '' })).status,
    ).toBe(201);
    expect(
      (await apiCall(t.app, 'PATCH', '/api/properties/health.egress.allow_list', editor, { value: '0.0.0.0/0' }))
        .status,
    ).toBe(403);
    expect((await apiCall(t.app, 'DELETE', '/api/properties/health.egress.allow_list', editor)).status).toBe(403);
    expect(
      (await apiCall(t.app, 'PATCH', '/api/properties/health.egress.allow_list', admin, { value: '10.0.0.0/8' }))
        .status,
    ).toBe(200);
    expect(
      (await apiCall(t.app, 'POST', '/api/properties', editor, { name: 'incidents.disable', value: 'true' })).status,
    ).toBe(201);
  });
});

describe('connection tests under deny-private set by an administrator', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signedInUser(t, { roles: ['admin'] })).token;
    const set = await apiCall(t.app, 'POST', '/api/properties', admin, {
      name: 'health.egress.policy',
      value: 'deny-private',
    });
    expect(set.status).toBe(201);
  });
  afterAll(() => t.close());

  const test = async (body: JsonObject) =>
    // The answer is a ConnectionTestResult.
    (await (await apiCall(t.app, 'POST', '/api/connection/test', admin, { name: 'f', ...body })).json()) as Result;

  it('refuses the local databases, by address and by a name that resolves to one', async () => {
    expect(
      await test({ type: 'postgres', url: 'postgres://127.0.0.1:5432/test', username: 'root', password: 'x' }),
    ).toMatchObject({
      ok: false,
      message: 'PostgreSQL: egress refused: 127.0.0.1 is a loopback address (policy: deny-private)',
    });
    expect(await test({ type: 'redis', url: 'redis://localhost:6379' })).toMatchObject({
      ok: false,
      message: expect.stringMatching(
        /^Redis: egress refused: localhost resolves to (127\.0\.0\.1|::1), which is a loopback address \(policy: deny-private\)$/,
      ),
    });
    expect(await test({ type: 'mysql', url: `mysql://${METADATA}:3306`, username: 'u', password: 'p' })).toMatchObject({
      ok: false,
      message: `MySQL: egress refused: ${METADATA} is a cloud metadata address (policy: deny-private)`,
    });
    expect(
      await test({ type: 'email', properties: { host: '10.1.2.3', port: 25, encryptionMethod: 'None' } }),
    ).toMatchObject({
      ok: false,
      message: 'Email: egress refused: 10.1.2.3 is a private (RFC 1918) address (policy: deny-private)',
    });
    expect(await test({ type: 'git', url: 'ssh://git@192.168.1.1/r.git' })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Git: egress refused: 192\.168\.1\.1 is a private/),
    });
  });
});

describe('passwords embedded in connection URLs', () => {
  let t: TestApp;
  let admin: string;
  let http: Server;
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signedInUser(t, { roles: ['admin'] })).token;
    http = await startHttp();
  });
  afterAll(async () => {
    await new Promise((resolve) => http.close(resolve));
    await t.close();
  });

  it('are stored encrypted, masked in every answer and audit row, and still used by the test', async () => {
    const url = `http://u:urlpw@127.0.0.1:${portOf(http)}`;
    const created = await apiCall(t.app, 'POST', '/api/connections', admin, { name: 'prom', type: 'prometheus', url });
    expect(created.status).toBe(201);
    const answer = await jsonOf(created);
    expect(answer.url).toBe(`http://u:${SECRET_MASK}@127.0.0.1:${portOf(http)}`);
    const id = String(answer.id);
    const stored = await sql<{ url: string }>`SELECT url FROM connections WHERE id = ${id}`.execute(t.database.db);
    expect(stored.rows[0]?.url).toMatch(/^mcenc:v1:/);
    for (const path of ['/api/connections', `/api/connections/${id}`, '/api/db/connections?select=*']) {
      const read = await apiCall(t.app, 'GET', path, admin);
      expect(read.status, path).toBe(200);
      expect(await read.text(), path).not.toContain('urlpw');
    }
    // The data API never hands out the ciphertext either: not by `*`, by the column, in a filter or an embed.
    await sql`INSERT INTO permissions (action, subject, connection_id) VALUES ('read', 'admin', ${id})`.execute(
      t.database.db,
    );
    for (const path of [
      `/api/db/connections?select=*&id=eq.${id}`,
      `/api/db/connections?select=id,url&id=eq.${id}`,
      `/api/db/connections?select=id&url=like.mcenc*`,
      `/api/db/permissions?select=id,connections(*)&connection_id=eq.${id}`,
    ]) {
      const read = await apiCall(t.app, 'GET', path, admin);
      expect(read.status, path).toBe(200);
      const text = await read.text();
      expect(text, path).not.toContain('mcenc:');
      expect(text, path).not.toContain('urlpw');
    }
    const byColumn = await apiCall(t.app, 'GET', `/api/db/connections?select=url&id=eq.${id}`, admin);
    expect(await byColumn.json()).toEqual([{ url: SECRET_MASK }]);
    const saved = await (await apiCall(t.app, 'POST', `/api/connection/test/${id}`, admin)).json();
    expect(saved).toMatchObject({ ok: true, message: 'Prometheus 2.53.0 answered' });

    // The form sends the masked URL back: the stored password is kept, and the test still logs in.
    const updated = await apiCall(t.app, 'PUT', `/api/connections/${id}`, admin, {
      name: 'prom',
      type: 'prometheus',
      url: answer.url,
    });
    expect(updated.status).toBe(200);
    expect((await jsonOf(updated)).url).toBe(answer.url);
    expect(await (await apiCall(t.app, 'POST', `/api/connection/test/${id}`, admin)).json()).toMatchObject({
      ok: true,
    });

    const audit = await sql<{
      changes: string;
    }>`SELECT changes::text AS changes FROM audit_log WHERE target = 'connections'`.execute(t.database.db);
    expect(audit.rows.length).toBeGreaterThanOrEqual(2);
    for (const row of audit.rows) expect(row.changes).not.toContain('urlpw');
    expect(t.logs.join('\n')).not.toContain('urlpw');
  });

  it('are masked for postgres, mysql, redis and smtp URLs too, in libpq and Go DSN forms', async () => {
    const cases: JsonObject[] = [
      { type: 'postgres', url: 'postgres://root:pgpw@127.0.0.1:5432/test', username: 'root', password: 'x' },
      { type: 'postgres', url: 'host=127.0.0.1 user=root password=pgpw2 dbname=test', username: 'root', password: 'x' },
      { type: 'mysql', url: 'mc:mypw@tcp(127.0.0.1:3306)/test', username: 'mc', password: 'x' },
      { type: 'redis', url: 'redis://:redispw@127.0.0.1:6379/0' },
    ];
    for (const [index, body] of cases.entries()) {
      const created = await apiCall(t.app, 'POST', '/api/connections', admin, { name: `m${index}`, ...body });
      expect(created.status).toBe(201);
      const text = await created.text();
      expect(text).not.toMatch(/pgpw|mypw|redispw/);
      expect(text).toContain(SECRET_MASK);
    }
    const resolved = await connectionsServiceFor({ database: t.database, config: loadConfig({}) }).resolveConnection(
      'connection://redis/m3',
      null,
    );
    expect(resolved.url).toBe('redis://:redispw@127.0.0.1:6379/0');
  });

  it('still reach the database from a health check that names the connection (the real password is decrypted)', async () => {
    const root = await mysql.createConnection({ host: '127.0.0.1', port: 3306, user: 'root' });
    await root.query("CREATE USER IF NOT EXISTS 'mc_url_secret'@'127.0.0.1' IDENTIFIED BY 'url-only-pw'");
    await root.query("GRANT USAGE ON *.* TO 'mc_url_secret'@'127.0.0.1'");
    await root.end();
    const created = await apiCall(t.app, 'POST', '/api/connections', admin, {
      name: 'maria',
      type: 'mysql',
      url: 'mysql://mc_url_secret:url-only-pw@127.0.0.1:3306/',
      username: 'mc_url_secret',
      password: 'not-the-password',
    });
    expect(created.status).toBe(201);
    expect(await created.text()).not.toContain('url-only-pw');
    const canary = await apiCall(t.app, 'POST', '/api/canaries', admin, {
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Canary',
      metadata: { name: 'maria-check' },
      spec: {
        schedule: '@every 1h',
        mysql: [{ name: 'maria', connection: 'connection://mysql/maria', query: 'SELECT 1' }],
      },
    });
    expect(canary.status, await canary.clone().text()).toBe(201);
    const { id } = (await canary.json()) as { id: string };
    const { rows } = await sql<{ id: string }>`SELECT id FROM checks WHERE canary_id = ${id}`.execute(t.database.db);
    const run = await apiCall(t.app, 'POST', `/api/canary/run/check/${rows[0]?.id}`, admin);
    expect(await run.json()).toMatchObject({ status: 'healthy' });
  });

  it('are refused in plaintext by the database, whichever path writes them', async () => {
    await expect(
      sql`INSERT INTO connections (name, type, url) VALUES ('raw', 'postgres', 'postgres://u:plain@h/db')`.execute(
        t.database.db,
      ),
    ).rejects.toThrow(/a password in connections.url must be encrypted/);
  });

  it('stored in plaintext before, are encrypted at start-up and scrubbed from old audit rows by the migration', async () => {
    await sql`ALTER TABLE connections DISABLE TRIGGER connections_refuse_plaintext`.execute(t.database.db);
    await sql`INSERT INTO connections (name, type, url, username, password) VALUES ('legacy', 'postgres', 'postgres://root:legacypw@127.0.0.1:5432/test', 'root', NULL)`.execute(
      t.database.db,
    );
    await sql`ALTER TABLE connections ENABLE TRIGGER connections_refuse_plaintext`.execute(t.database.db);
    await sql`INSERT INTO audit_log (actor_kind, action, target, changes) VALUES ('system', 'create', 'connections', ${JSON.stringify([{ after: { url: 'postgres://root:legacypw@h/db', dsn: 'host=h password=legacypw2' } }])}::jsonb)`.execute(
      t.database.db,
    );
    const service = connectionsServiceFor({ database: t.database, config: loadConfig({}) });
    expect(await service.sealEmbeddedPasswords()).toBe(1);
    expect(await service.sealEmbeddedPasswords()).toBe(0);
    const row = await sql<{ url: string }>`SELECT url FROM connections WHERE name = 'legacy'`.execute(t.database.db);
    expect(row.rows[0]?.url).toMatch(/^mcenc:v1:/);
    expect((await service.resolveConnection('connection://postgres/legacy', null)).url).toBe(
      'postgres://root:legacypw@127.0.0.1:5432/test',
    );

    await sql.raw(readFileSync(`${MIGRATIONS_DIR}0056_connection_url_secrets.sql`, 'utf8')).execute(t.database.db);
    const audit = await sql<{ changes: string }>`SELECT changes::text AS changes FROM audit_log`.execute(t.database.db);
    const all = audit.rows.map((r) => r.changes).join('\n');
    expect(all).not.toMatch(/legacypw/);
    expect(all).toContain('postgres://root:********@h/db');
  });
});
