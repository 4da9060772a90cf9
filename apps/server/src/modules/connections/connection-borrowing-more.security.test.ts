import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signedInUser } from '../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { executeRun } from '../playbooks/index.js';
import { type CaptureServer, startCapture } from './testing/capture-server.js';

const PASSWORD = `pw-${randomBytes(8).toString('hex')}`;
const TOKEN = `ghp_${randomBytes(12).toString('hex')}`;
const PAT = `pat${randomBytes(12).toString('hex')}`;
/** The http connection's own endpoint: nothing listens there, so a request that reaches it fails. */
const OWN = 'http://127.0.0.1:9';
const BASIC = Buffer.from(`svc:${PASSWORD}`).toString('base64');

/**
 * Issue 25, finding 3, continued from connection-borrowing.security.test.ts: the other kinds that take a
 * connection beside an address (elasticsearch and opensearch log backends, prometheus and redis checks, the
 * azure devops pipeline and gitops actions), as an editor, against a capture server: the save is refused
 * (400 naming the field), a row stored before the rule is refused at run, and no secret reaches the capture
 * server. Also a plain `url:` with no connection: only what the definition holds is sent. Real routes, real
 * sessions.
 */
describe('a connection’s secrets go only to its own endpoint (more kinds)', () => {
  let t: TestApp;
  let admin: string;
  let editor: string;
  let capture: CaptureServer;

  const connection = async (body: Record<string, unknown>) => {
    const answer = await apiCall(t.app, 'POST', '/api/connections', admin, body);
    expect(answer.status, await answer.clone().text()).toBe(201);
  };
  const expectNothingCaptured = () => {
    const seen = capture.seen();
    for (const secret of [PASSWORD, BASIC, TOKEN, PAT, Buffer.from(`:${PAT}`).toString('base64')]) {
      expect(seen).not.toContain(secret);
    }
    expect(seen).not.toMatch(/authorization/i);
  };
  /** 400 at save naming the field: the address beside the connection is not on its endpoint. */
  const expectRefusedAtSave = async (answer: Response, endpoint: string, label: string) => {
    expect(answer.status, await answer.clone().text()).toBe(400);
    const { message } = (await answer.json()) as { message: string };
    expect(message).toContain(`${endpoint} is not the endpoint of connection default/${label}`);
  };
  /** Puts `spec` on a stored row as a row saved before this rule would carry it, so the run's own check is proved. */
  const storeSpec = (table: string, id: string, spec: unknown) =>
    sql`UPDATE ${sql.table(table)} SET spec = ${JSON.stringify(spec)}::jsonb WHERE id = ${id}::uuid`.execute(
      t.database.db,
    );
  const dbWrite = (table: string, body: Record<string, unknown>) =>
    apiCall(t.app, 'POST', `/api/db/${table}`, editor, body, { prefer: 'return=representation' });
  const idOf = async (answer: Response) => {
    expect(answer.status, await answer.clone().text()).toBe(201);
    return ((await answer.json()) as { id: string }[])[0]?.id ?? '';
  };

  /** Saves a log backend, refused beside the capture url; a good row then gets the attack and is searched. */
  const logBackend = async (kind: 'elasticsearch' | 'opensearch') => {
    const entry = { connection: 'connection://http/svc-http', index: 'logs-*', url: OWN };
    const attack = { [kind]: [{ ...entry, url: `http://${capture.base}` }] };
    const name = `borrow-${kind}`;
    await expectRefusedAtSave(
      await dbWrite('logging_backends', { name, spec: attack }),
      `url: http://${capture.base}`,
      'svc-http',
    );
    const id = await idOf(await dbWrite('logging_backends', { name, spec: { [kind]: [entry] } }));
    await storeSpec('logging_backends', id, attack);
    const search = await apiCall(t.app, 'POST', '/api/logs', editor, { name, query: { text: 'x' } });
    expect(search.status).toBe(400);
    expect(((await search.json()) as { message: string }).message).toContain(
      `url: http://${capture.base} is not the endpoint of connection default/svc-http`,
    );
    expectNothingCaptured();
  };

  /** Creates a canary with one check of `type`, stores `attack` on the check and runs it; returns the run's message. */
  const checkRun = async (type: string, good: Record<string, unknown>, attack: Record<string, unknown>) => {
    const created = await apiCall(t.app, 'POST', '/api/canaries', editor, {
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Canary',
      metadata: { name: `borrow-${type}` },
      spec: { [type]: [good] },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const canaryId = ((await created.json()) as { id: string }).id;
    const { rows } = await sql<{ id: string }>`SELECT id FROM checks WHERE canary_id = ${canaryId}`.execute(
      t.database.db,
    );
    await storeSpec('checks', rows[0]?.id ?? '', attack);
    const run = await apiCall(t.app, 'POST', `/api/canary/run/check/${rows[0]?.id}`, editor);
    return ((await run.json()) as { message: string }).message;
  };

  /** Saves a playbook with one action, stores `attack` as its action and runs it; returns the action's error. */
  const playbookRun = async (name: string, good: Record<string, unknown>, attack: Record<string, unknown>) => {
    const playbookId = await idOf(await dbWrite('playbooks', { name, spec: { actions: [{ name: 'a', ...good }] } }));
    await storeSpec('playbooks', playbookId, { actions: [{ name: 'a', ...attack }] });
    const requested = await apiCall(t.app, 'POST', '/api/playbook/run', editor, { id: playbookId, params: {} });
    const runId = ((await requested.json()) as { run_id: string }).run_id;
    await executeRun(t.database, runId, new AbortController().signal);
    const { rows } = await sql<{ error: string | null }>`SELECT error FROM playbook_run_actions
      WHERE playbook_run_id = ${runId}`.execute(t.database.db);
    return rows[0]?.error ?? '';
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signedInUser(t, { roles: ['admin'] })).token;
    editor = (await signedInUser(t, { roles: ['editor'] })).token;
    capture = await startCapture();
    await connection({
      name: 'svc-http',
      type: 'http',
      url: OWN,
      username: 'svc',
      password: PASSWORD,
    });
    await connection({
      name: 'svc-db',
      type: 'postgres',
      url: 'postgres://127.0.0.1:9/orders',
      username: 'svc',
      password: PASSWORD,
    });
    await connection({
      name: 'svc-my',
      type: 'mysql',
      url: 'mysql://127.0.0.1:9/orders',
      username: 'svc',
      password: PASSWORD,
    });
    await connection({ name: 'gh', type: 'github', password: TOKEN });
    await connection({ name: 'hook', type: 'generic_webhook', properties: { url: `${OWN}/in` } });
    await connection({ name: 'ado', type: 'azure_devops', username: 'acme', password: PAT });
    await connection({ name: 'cache', type: 'redis', url: 'redis://127.0.0.1:9', password: PASSWORD });
  });
  afterAll(async () => {
    await capture.close();
    await t.close();
  });

  it('log backend (elasticsearch): an url of the editor’s beside the admin’s connection is refused at save and at search', async () => {
    await logBackend('elasticsearch');
  });

  it('log backend (opensearch): an url of the editor’s beside the admin’s connection is refused at save and at search', async () => {
    await logBackend('opensearch');
  });

  it('health check (prometheus): an url of the editor’s beside the admin’s connection is refused at save and fails the run', async () => {
    const good = { name: 'p', connection: 'connection://http/svc-http', query: 'up' };
    const attack = { ...good, url: `http://${capture.base}` };
    const refused = await apiCall(t.app, 'POST', '/api/canaries', editor, {
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Canary',
      metadata: { name: 'borrow-prometheus' },
      spec: { prometheus: [attack] },
    });
    await expectRefusedAtSave(refused, `url: http://${capture.base}`, 'svc-http');
    expect(await checkRun('prometheus', good, attack)).toContain(
      `url: http://${capture.base} is not the endpoint of connection default/svc-http`,
    );
    expectNothingCaptured();
  });

  it('health check (redis): an addr of the editor’s beside the admin’s redis connection is never dialled', async () => {
    const good = { name: 'r', connection: 'connection://redis/cache' };
    const message = await checkRun('redis', good, { ...good, addr: capture.base });
    // `addr` is honoured beside a connection only when it is the connection's own endpoint (issue 28)
    expect(message).toContain(`redis://${capture.base} is not the endpoint of connection default/cache`);
    expect(capture.seen()).toBe('');
  });

  it('playbook (azure devops pipeline): an url of the editor’s beside the admin’s connection is refused at save and at run', async () => {
    const action = { connection: 'ado', project: 'p', pipeline: { id: 1 } };
    const attack = { azureDevopsPipeline: { ...action, url: `http://${capture.base}` } };
    await expectRefusedAtSave(
      await dbWrite('playbooks', { name: 'borrow-ado', spec: { actions: [{ name: 'a', ...attack }] } }),
      `url: http://${capture.base}`,
      'ado',
    );
    expect(await playbookRun('borrow-ado', { azureDevopsPipeline: action }, attack)).toContain(
      `url: http://${capture.base} is not the endpoint of connection default/ado (https://dev.azure.com:443)`,
    );
    expectNothingCaptured();
  });

  it('playbook (gitops): a repo.url of the editor’s beside the admin’s GitHub connection is refused at save and at run', async () => {
    const gitops = (url: string) => ({
      gitops: {
        repo: { connection: 'gh', url },
        commit: { author: 'a', email: 'a@example.com', message: 'm' },
        files: [{ path: 'x', content: 'y' }],
      },
    });
    const attack = gitops(`http://${capture.base}/a/b.git`);
    await expectRefusedAtSave(
      await dbWrite('playbooks', { name: 'borrow-gitops', spec: { actions: [{ name: 'a', ...attack }] } }),
      `url: http://${capture.base}`,
      'gh',
    );
    expect(await playbookRun('borrow-gitops', gitops('https://github.com/a/b.git'), attack)).toContain(
      `repo.url: http://${capture.base} is not the endpoint of connection default/gh`,
    );
    expectNothingCaptured();
  });

  it('health check (postgres): an url of the editor’s beside the admin’s postgres connection is refused at save and fails the run', async () => {
    const good = { name: 'pg', connection: 'connection://postgres/svc-db', query: 'SELECT 1' };
    const attack = { ...good, url: `postgres://${capture.base}/x` };
    const refused = await apiCall(t.app, 'POST', '/api/canaries', editor, {
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Canary',
      metadata: { name: 'borrow-postgres' },
      spec: { postgres: [attack] },
    });
    await expectRefusedAtSave(refused, `url: postgres://${capture.base}`, 'svc-db');
    expect(await checkRun('postgres', good, attack)).toContain(
      `url: postgres://${capture.base} is not the endpoint of connection default/svc-db`,
    );
    expect(capture.seen()).not.toContain(PASSWORD);
  });

  it('health check (mysql): an url of the editor’s beside the admin’s mysql connection is refused at save and fails the run', async () => {
    const good = { name: 'my', connection: 'connection://mysql/svc-my', query: 'SELECT 1' };
    const attack = { ...good, url: `mysql://${capture.base}/x` };
    const refused = await apiCall(t.app, 'POST', '/api/canaries', editor, {
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Canary',
      metadata: { name: 'borrow-mysql' },
      spec: { mysql: [attack] },
    });
    await expectRefusedAtSave(refused, `url: mysql://${capture.base}`, 'svc-my');
    expect(await checkRun('mysql', good, attack)).toContain(
      `url: mysql://${capture.base} is not the endpoint of connection default/svc-my`,
    );
    expect(capture.seen()).not.toContain(PASSWORD);
  });

  it('topology (postgres lookup): an url beside a connection is refused at save (one or the other); a stored one never carries its secret', async () => {
    const topology = (entry: Record<string, unknown>) => ({
      name: 'borrow-topology',
      spec: {
        type: 'T',
        components: [{ name: 'db', type: 'Group', lookup: { postgres: [{ query: 'SELECT 1', type: 'D', ...entry }] } }],
      },
    });
    const attack = { connection: 'svc-db', url: `postgres://${capture.base}/x` };
    // This kind takes no address beside a connection at all: the save says so.
    const refused = await dbWrite('topologies', topology(attack));
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toContain('exactly one of connection or url');
    const id = await idOf(await dbWrite('topologies', topology({ connection: 'svc-db' })));
    await storeSpec('topologies', id, topology(attack).spec);
    const run = await apiCall(t.app, 'POST', `/api/canary/run/topology/${id}`, editor);
    expect(run.status, await run.clone().text()).toBe(200);
    // A lookup's own url wins over its connection: the connection's credentials are never loaded for it.
    expectNothingCaptured();
  });

  it('playbook (http action beside a connection): the save is refused, and a stored one sends none of the connection’s secrets', async () => {
    const attack = { http: { url: `http://${capture.base}/beside`, connection: 'connection://http/svc-http' } };
    await expectRefusedAtSave(
      await dbWrite('playbooks', { name: 'borrow-http-action', spec: { actions: [{ name: 'a', ...attack }] } }),
      `url: http://${capture.base}`,
      'svc-http',
    );
    await playbookRun('borrow-http-action', { http: { url: `http://${capture.base}/beside` } }, attack);
    expectNothingCaptured();
  });

  it('notification rule (generic webhook): it takes no address beside its connection; a stored one still sends to the connection’s own', async () => {
    const rule = (to: Record<string, unknown>) =>
      apiCall(t.app, 'POST', '/api/notification/rules', editor, {
        apiVersion: 'mission-control.flanksource.com/v1',
        kind: 'Notification',
        metadata: { name: 'borrow-hook' },
        spec: { events: ['check.failed'], to },
      });
    const refused = await rule({ connection: 'connection://default/hook', url: `http://${capture.base}` });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toContain('spec.to: Unknown field: url');
    const created = await rule({ connection: 'connection://default/hook' });
    expect(created.status, await created.clone().text()).toBe(201);
    const { rule: row } = (await created.json()) as { rule: { id: string; custom_services: { connection: string }[] } };
    const services = [{ ...row.custom_services[0], url: `http://${capture.base}` }];
    await sql`UPDATE notifications SET custom_services = ${JSON.stringify(services)}::jsonb
      WHERE id = ${row.id}::uuid`.execute(t.database.db);
    const tested = await apiCall(t.app, 'POST', `/api/notification/rules/${row.id}/test`, editor);
    // The channel dials the connection's own URL (nothing listens there), never the stored `url`.
    expect(((await tested.json()) as { error: string }).error).toContain('127.0.0.1:9');
    expect(capture.seen()).not.toContain('[Test] borrow-hook');
    expectNothingCaptured();
  });

  it('playbook (http action, a plain url and no connection): only what the definition holds is sent', async () => {
    const action = { http: { url: `http://${capture.base}/plain`, method: 'POST', body: 'hello' } };
    expect(await playbookRun('plain-http', action, action)).toBe('');
    expect(capture.seen()).toContain('POST /plain');
    expectNothingCaptured();
  });
});
