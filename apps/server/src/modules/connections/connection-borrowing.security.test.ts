import { randomBytes } from 'node:crypto';
import { createServer as createHttpServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo, Server } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config.js';
import { apiCall, signedInUser } from '../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { runScrape } from '../catalog/index.js';
import { executeRun } from '../playbooks/index.js';
import { type CaptureServer, startCapture } from './testing/capture-server.js';

const PASSWORD = `pw-${randomBytes(8).toString('hex')}`;
const TOKEN = `ghp_${randomBytes(12).toString('hex')}`;
const BASIC = Buffer.from(`svc:${PASSWORD}`).toString('base64');
const portOf = (server: Server) => (server.address() as AddressInfo).port; // a listening TCP server

/** The connection's own endpoint: answers one JSON item and keeps each request's headers. */
async function startOwnEndpoint() {
  const received: { path: string; headers: IncomingHttpHeaders }[] = [];
  const server = createHttpServer((req, res) => {
    received.push({ path: req.url ?? '', headers: req.headers });
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"svc-1","name":"svc"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${portOf(server)}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Issue 25, finding 3: an editor named an administrator's connection beside a URL of their own and the
 * server sent the connection's secret there (an http scraper delivered `Basic svc:…`, a github action the
 * token). Walks every kind that takes `connection:` beside an address, as the weakest role allowed to save
 * it, against a capture server: the save is refused (400 naming the field) and, for a row stored before the
 * rule, the run is refused too; no secret reaches an address that is not the connection's own. Real routes,
 * real sessions.
 */
describe('a connection’s secrets go only to its own endpoint', () => {
  let t: TestApp;
  let admin: string;
  let editor: { id: string; token: string };
  let capture: CaptureServer;
  let own: Awaited<ReturnType<typeof startOwnEndpoint>>;
  const config = loadConfig({});

  const connection = async (body: Record<string, unknown>) => {
    const answer = await apiCall(t.app, 'POST', '/api/connections', admin, body);
    expect(answer.status, await answer.clone().text()).toBe(201);
    return ((await answer.json()) as { id: string }).id;
  };
  const expectNothingCaptured = () => {
    const seen = capture.seen();
    expect(seen).not.toContain(PASSWORD);
    expect(seen).not.toContain(BASIC);
    expect(seen).not.toContain(TOKEN);
    expect(seen).not.toMatch(/authorization/i);
  };
  const scraperDoc = (name: string, spec: Record<string, unknown>) => ({
    apiVersion: 'configs.flanksource.com/v1',
    kind: 'ScrapeConfig',
    metadata: { name },
    spec,
  });
  const scraper = async (token: string, name: string, spec: Record<string, unknown>) => {
    const answer = await apiCall(t.app, 'POST', '/api/catalog/scrapers', token, scraperDoc(name, spec));
    return { status: answer.status, body: (await answer.json()) as { id: string; message: string } };
  };
  /** 400 at save naming the field: the address beside the connection is not on its endpoint. */
  const expectRefusedAtSave = async (answer: Response, endpoint: string, label: string) => {
    expect(answer.status, await answer.clone().text()).toBe(400);
    const { message } = (await answer.json()) as { message: string };
    expect(message).toContain(`${endpoint} is not the endpoint of connection default/${label}`);
  };
  /**
   * Puts `spec` on a stored row as a row saved before this rule (or by any path that skipped the check)
   * would carry it, so the run's own check is what is proved.
   */
  const storeSpec = (table: string, id: string, spec: unknown) =>
    sql`UPDATE ${sql.table(table)} SET spec = ${JSON.stringify(spec)}::jsonb WHERE id = ${id}::uuid`.execute(
      t.database.db,
    );
  const scrape = (id: string) =>
    runScrape({ database: t.database, config }, id, { signal: AbortSignal.timeout(20_000), jobName: 'run_scraper' });

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signedInUser(t, { roles: ['admin'] })).token;
    editor = await signedInUser(t, { roles: ['editor'] });
    capture = await startCapture();
    own = await startOwnEndpoint();
    await connection({ name: 'svc-http', type: 'http', url: own.base, username: 'svc', password: PASSWORD });
    await connection({
      name: 'svc-db',
      type: 'postgres',
      url: `postgres://${own.base.slice(7)}/orders`,
      username: 'svc',
      password: PASSWORD,
    });
    await connection({ name: 'gh', type: 'github', password: TOKEN });
  });
  afterAll(async () => {
    await capture.close();
    await own.close();
    await t.close();
  });

  it('http scraper: an url of the editor’s beside the admin’s http connection is refused at save and at run', async () => {
    const attack = {
      http: [{ url: `http://${capture.base}/steal`, connection: 'connection://http/svc-http', type: 'X', id: '$.id' }],
    };
    const refused = await apiCall(
      t.app,
      'POST',
      '/api/catalog/scrapers',
      editor.token,
      scraperDoc('borrow-http', attack),
    );
    await expectRefusedAtSave(refused, `url: http://${capture.base}`, 'svc-http');
    const { status, body } = await scraper(editor.token, 'borrow-http', {
      http: [{ url: `${own.base}/x`, connection: 'connection://http/svc-http', type: 'X', id: '$.id' }],
    });
    expect(status, body.message).toBe(201);
    await storeSpec('config_scrapers', body.id, attack);
    const outcome = await scrape(body.id);
    expect(outcome.errors.join(' ')).toContain(
      `url: http://${capture.base} is not the endpoint of connection default/svc-http`,
    );
    expectNothingCaptured();
  });

  it('sql scraper: a host of the editor’s beside the admin’s postgres connection is refused and never dialled', async () => {
    const attack = {
      sql: [
        {
          connection: 'connection://postgres/svc-db',
          host: `postgres://${capture.base}/x`,
          query: 'SELECT 1',
          type: 'X',
          id: '$.id',
        },
      ],
    };
    const refused = await apiCall(
      t.app,
      'POST',
      '/api/catalog/scrapers',
      editor.token,
      scraperDoc('borrow-sql', attack),
    );
    await expectRefusedAtSave(refused, `host: postgres://${capture.base}`, 'svc-db');
    const { status, body } = await scraper(editor.token, 'borrow-sql', {
      sql: [{ connection: 'connection://postgres/svc-db', query: 'SELECT 1', type: 'X', id: '$.id' }],
    });
    expect(status, body.message).toBe(201);
    await storeSpec('config_scrapers', body.id, attack);
    await scrape(body.id);
    // The connection wins over `host`: the scraper dials the connection's own endpoint only.
    expect(capture.seen()).toBe('');
  });

  it('log backend (loki): an url of the editor’s beside the admin’s connection is refused at save and at search', async () => {
    const attack = { loki: [{ url: `http://${capture.base}`, connection: 'connection://http/svc-http' }] };
    const write = (spec: unknown) =>
      apiCall(
        t.app,
        'POST',
        '/api/db/logging_backends',
        editor.token,
        { name: 'borrow-loki', spec },
        {
          prefer: 'return=representation',
        },
      );
    await expectRefusedAtSave(await write(attack), `url: http://${capture.base}`, 'svc-http');
    const saved = await write({ loki: [{ url: own.base, connection: 'connection://http/svc-http' }] });
    expect(saved.status, await saved.clone().text()).toBe(201);
    await storeSpec('logging_backends', ((await saved.json()) as { id: string }[])[0]?.id ?? '', attack);
    const search = await apiCall(t.app, 'POST', '/api/logs', editor.token, {
      name: 'borrow-loki',
      query: { text: 'x' },
    });
    expect(search.status).toBe(400);
    expect(((await search.json()) as { message: string }).message).toContain(
      `url: http://${capture.base} is not the endpoint of connection default/svc-http`,
    );
    expectNothingCaptured();
  });

  it('health check (http): an url of the editor’s beside the admin’s connection is refused at save and fails the run', async () => {
    const canary = (check: Record<string, unknown>) =>
      apiCall(t.app, 'POST', '/api/canaries', editor.token, {
        apiVersion: 'canaries.flanksource.com/v1',
        kind: 'Canary',
        metadata: { name: 'borrow-check' },
        spec: { http: [{ name: 'steal', connection: 'connection://http/svc-http', ...check }] },
      });
    const attack = { name: 'steal', url: `http://${capture.base}/steal`, connection: 'connection://http/svc-http' };
    await expectRefusedAtSave(await canary({ url: attack.url }), `url: http://${capture.base}`, 'svc-http');
    const created = await canary({ url: `${own.base}/health` });
    expect(created.status, await created.clone().text()).toBe(201);
    const canaryId = ((await created.json()) as { id: string }).id;
    const { rows } = await sql<{ id: string }>`SELECT id FROM checks WHERE canary_id = ${canaryId}`.execute(
      t.database.db,
    );
    await storeSpec('checks', rows[0]?.id ?? '', attack);
    const run = await apiCall(t.app, 'POST', `/api/canary/run/check/${rows[0]?.id}`, editor.token);
    const result = (await run.json()) as { status: string; message: string };
    expect(result.message).toContain(`url: http://${capture.base} is not the endpoint of connection default/svc-http`);
    expectNothingCaptured();
  });

  it('playbook (github action): an url of the editor’s beside the admin’s GitHub connection is refused at save and at run', async () => {
    const playbook = (github: Record<string, unknown>) =>
      apiCall(
        t.app,
        'POST',
        '/api/db/playbooks',
        editor.token,
        {
          name: 'borrow-gh',
          spec: {
            actions: [{ name: 'd', github: { connection: 'gh', repo: 'a/b', workflows: [{ id: 'x' }], ...github } }],
          },
        },
        { prefer: 'return=representation' },
      );
    const attack = { url: `http://${capture.base}` };
    await expectRefusedAtSave(await playbook(attack), `url: http://${capture.base}`, 'gh');
    const saved = await playbook({});
    expect(saved.status, await saved.clone().text()).toBe(201);
    const playbookId = ((await saved.json()) as { id: string }[])[0]?.id ?? '';
    await storeSpec('playbooks', playbookId, {
      actions: [{ name: 'd', github: { connection: 'gh', repo: 'a/b', workflows: [{ id: 'x' }], ...attack } }],
    });
    const requested = await apiCall(t.app, 'POST', '/api/playbook/run', editor.token, { id: playbookId, params: {} });
    const runId = ((await requested.json()) as { run_id: string }).run_id;
    await executeRun(t.database, runId, new AbortController().signal);
    const { rows } = await sql<{ error: string | null }>`SELECT error FROM playbook_run_actions
      WHERE playbook_run_id = ${runId}`.execute(t.database.db);
    expect(rows[0]?.error).toContain(
      'is not the endpoint of connection default/gh (https://api.github.com:443 or https://github.com:443)',
    );
    expectNothingCaptured();
  });

  it('an administrator’s scraper may change the path on the connection’s own host, and its credentials go there', async () => {
    const { status, body } = await scraper(admin, 'own-http', {
      http: [
        {
          url: `${own.base}/services/1`,
          connection: 'connection://http/svc-http',
          type: 'X',
          id: '$.id',
          name: '$.name',
        },
      ],
    });
    expect(status, body.message).toBe(201);
    const outcome = await scrape(body.id);
    expect(outcome.errors).toEqual([]);
    expect(own.received.at(-1)).toMatchObject({ path: '/services/1', headers: { authorization: `Basic ${BASIC}` } });
  });
});
