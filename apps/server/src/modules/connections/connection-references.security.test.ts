import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config.js';
import { apiCall, signedInUser } from '../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { runScrape } from '../catalog/index.js';

const PASSWORD = `pw-${randomBytes(8).toString('hex')}`;
const REF = 'connection://http/svc-http';
const REFUSED = 'You may not use connection default/svc-http: naming a connection needs permission to read it';

/**
 * Issue 25, finding 3: naming a connection needs permission to read it, checked when the definition is
 * saved (dedicated routes and `/api/db`) and again at each run with the rights of whoever last saved it
 * (`saved_by`). A person whose read of the connection is denied by a permission row stands for anyone
 * the matrix or the rows refuse. Real routes, real sessions.
 */
describe('naming a connection needs permission to read it', () => {
  let t: TestApp;
  let admin: string;
  let denied: { id: string; token: string };
  let editor: { id: string; token: string };
  let connectionId: string;
  const received: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    received.push(req.headers);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"svc-1","name":"svc"}');
  });
  let base = '';

  const deny = (personId: string) =>
    sql`INSERT INTO permissions (person_id, connection_id, action, deny)
      VALUES (${personId}, ${connectionId}, 'read', true)`.execute(t.database.db);
  const message = async (answer: Response) => ((await answer.json()) as { message: string }).message;
  const scraperBody = (name: string) => ({
    apiVersion: 'configs.flanksource.com/v1',
    kind: 'ScrapeConfig',
    metadata: { name },
    spec: { http: [{ url: `${base}/items`, connection: REF, type: 'X', id: '$.id', name: '$.name' }] },
  });

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signedInUser(t, { roles: ['admin'] })).token;
    denied = await signedInUser(t, { roles: ['editor'] });
    editor = await signedInUser(t, { roles: ['editor'] });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`; // a TCP listener
    const created = await apiCall(t.app, 'POST', '/api/connections', admin, {
      name: 'svc-http',
      type: 'http',
      url: base,
      username: 'svc',
      password: PASSWORD,
    });
    connectionId = ((await created.json()) as { id: string }).id;
    await deny(denied.id);
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await t.close();
  });

  it('refuses a scraper (dedicated route) naming a connection its saver may not read: 403 naming it', async () => {
    const answer = await apiCall(t.app, 'POST', '/api/catalog/scrapers', denied.token, scraperBody('s-denied'));
    expect(answer.status).toBe(403);
    expect(await message(answer)).toBe(REFUSED);
    expect((await sql`SELECT 1 FROM config_scrapers WHERE name = 's-denied'`.execute(t.database.db)).rows).toEqual([]);
  });

  it('refuses a canary (dedicated route) and a notification rule the same way', async () => {
    const canary = await apiCall(t.app, 'POST', '/api/canaries', denied.token, {
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Canary',
      metadata: { name: 'c-denied' },
      spec: { http: [{ name: 'h', url: base, connection: REF }] },
    });
    expect(canary.status).toBe(403);
    expect(await message(canary)).toBe(REFUSED);
    const rule = await apiCall(t.app, 'POST', '/api/notification/rules', denied.token, {
      kind: 'Notification',
      metadata: { name: 'r-denied' },
      spec: { events: ['check.failed'], to: { connection: REF } },
    });
    expect(rule.status).toBe(403);
    expect(await message(rule)).toBe(REFUSED);
  });

  it.each([
    ['playbooks', () => ({ name: 'p-denied', spec: { actions: [{ name: 'a', github: { connection: REF } }] } })],
    [
      'topologies',
      () => ({
        name: 't-denied',
        spec: { components: [{ name: 'db', lookup: { postgres: [{ connection: REF, query: 'SELECT 1' }] } }] },
      }),
    ],
    ['logging_backends', () => ({ name: 'l-denied', spec: { loki: [{ url: base, connection: REF }] } })],
    ['config_scrapers', () => ({ name: 's2-denied', spec: scraperBody('x').spec })],
  ])('refuses a /api/db/%s write naming a connection its writer may not read', async (table, rowOf) => {
    const row = rowOf();
    const answer = await apiCall(t.app, 'POST', `/api/db/${table}`, denied.token, row);
    expect(answer.status, await answer.clone().text()).toBe(403);
    expect(await message(answer)).toBe(REFUSED);
    const { rows } = await sql`SELECT 1 FROM ${sql.table(table)} WHERE name = ${row.name}`.execute(t.database.db);
    expect(rows).toEqual([]);
  });

  it('records who saved a definition, and a permission row granting read on the one connection is enough', async () => {
    const viewer = await signedInUser(t, { roles: ['viewer'] });
    await sql`INSERT INTO permissions (person_id, object, action) VALUES (${viewer.id}, 'topology', 'write')`.execute(
      t.database.db,
    );
    const row = {
      name: 't-granted',
      spec: { components: [{ name: 'db', lookup: { postgres: [{ connection: REF, query: 'SELECT 1' }] } }] },
    };
    const refused = await apiCall(t.app, 'POST', '/api/db/topologies', viewer.token, row);
    expect(refused.status).toBe(403);
    await sql`INSERT INTO permissions (person_id, connection_id, action) VALUES (${viewer.id}, ${connectionId}, 'read')`.execute(
      t.database.db,
    );
    const saved = await apiCall(t.app, 'POST', '/api/db/topologies', viewer.token, row);
    expect(saved.status, await saved.clone().text()).toBe(201);
    const { rows } = await sql<{ saved_by: string }>`SELECT saved_by FROM topologies WHERE name = 't-granted'`.execute(
      t.database.db,
    );
    expect(rows[0]?.saved_by).toBe(viewer.id);
  });

  it('runs with the saver’s rights: once they lose the right, the run fails and sends nothing', async () => {
    const created = await apiCall(t.app, 'POST', '/api/catalog/scrapers', editor.token, scraperBody('s-editor'));
    expect(created.status, await created.clone().text()).toBe(201);
    const id = ((await created.json()) as { id: string }).id;
    const run = () =>
      runScrape({ database: t.database, config: loadConfig({}) }, id, {
        signal: AbortSignal.timeout(20_000),
        jobName: 'run_scraper',
      });
    expect((await run()).errors).toEqual([]);
    const before = received.length;
    await deny(editor.id);
    const outcome = await run();
    expect(outcome.errors.join(' ')).toContain(
      'connection default/svc-http: whoever last saved this may not read it; nothing was sent',
    );
    expect(received.length).toBe(before);
  });

  it('a run whose saver was deleted fails and sends nothing', async () => {
    const gone = await signedInUser(t, { roles: ['editor'] });
    const created = await apiCall(t.app, 'POST', '/api/catalog/scrapers', gone.token, scraperBody('s-gone'));
    const id = ((await created.json()) as { id: string }).id;
    await sql`UPDATE people SET deleted_at = now() WHERE id = ${gone.id}`.execute(t.database.db);
    const before = received.length;
    const outcome = await runScrape({ database: t.database, config: loadConfig({}) }, id, {
      signal: AbortSignal.timeout(20_000),
      jobName: 'run_scraper',
    });
    expect(outcome.errors.join(' ')).toContain('whoever last saved this no longer exists; save it again');
    expect(received.length).toBe(before);
  });
});
