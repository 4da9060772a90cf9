import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../platform/logger.js';
import { apiCall, signedInUser } from '../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { startLogCapture } from './log-capture.js';
import { SERVER_LOGS_FORBIDDEN } from './server-logs-access.js';

type Person = { id: string; token: string };

/**
 * Issue 25: the server's own log lines (the built-in `mission-control` backend) are the administrators'
 * on every path — search, live tail, the backends list, a stored backend reading the same table, and the
 * data API — and what is stored there is redacted.
 */
describe("the server's own logs: administrators only, and redacted", () => {
  let t: TestApp;
  let admin: Person;
  let editor: Person;
  let viewer: Person;
  let guest: Person;
  let granted: Person;
  beforeAll(async () => {
    t = await createTestApp();
    [admin, editor, viewer, guest, granted] = await Promise.all([
      signedInUser(t, { roles: ['admin'] }),
      signedInUser(t, { roles: ['editor'] }),
      signedInUser(t, { roles: ['viewer'] }),
      signedInUser(t, { roles: ['guest'] }),
      signedInUser(t, { roles: ['guest'] }),
    ]);
    await sql`INSERT INTO permissions (person_id, object, action) VALUES (${granted.id}, 'logs:server', 'read')`.execute(
      t.database.db,
    );
    const capture = startLogCapture(t.database, { flushMs: 60_000 });
    const logger = createLogger('info', { service: 'mission-control' }, () => {});
    logger.warn('issue-25 probe: sign in at http://localhost/registration?invite=INVITE0123456789abcdef', {
      password: 'hunter2-probe',
      headers: { authorization: 'Bearer mcat_probe0123456789', cookie: 'ory_kratos_session=probe' },
      url: 'postgres://mc:probe-db-pass@db:5432/mc',
      code: '493817',
    });
    await capture.stop();
  });
  afterAll(() => t.close());

  const search = (who: Person | null, name = 'mission-control') =>
    apiCall(t.app, 'POST', '/api/logs', who?.token ?? null, { name, query: { text: 'issue-25 probe' } });

  it('401 without a session', async () => {
    expect((await search(null)).status).toBe(401);
    expect((await apiCall(t.app, 'GET', '/api/logs/tail?name=mission-control', null)).status).toBe(401);
  });

  it('guest, viewer and editor: 403 on search and tail (before validation), and the backend is not listed', async () => {
    for (const who of [guest, viewer, editor]) {
      const refused = await search(who);
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { message: string }).message).toBe(SERVER_LOGS_FORBIDDEN);
      const bad = await apiCall(t.app, 'POST', '/api/logs', who.token, { name: 'mission-control', extra: 1 });
      expect(bad.status).toBe(403);
      const tail = await apiCall(t.app, 'GET', '/api/logs/tail?name=mission-control', who.token);
      expect(tail.status).toBe(403);
      const list = await apiCall(t.app, 'GET', '/api/logs/backends', who.token);
      expect(list.status).toBe(200);
      const names = ((await list.json()) as { name: string }[]).map((b) => b.name);
      expect(names).not.toContain('mission-control');
    }
  });

  it('a stored backend with a postgres entry reads the same lines, so it is refused the same way', async () => {
    const created = await apiCall(
      t.app,
      'POST',
      '/api/db/logging_backends',
      editor.token,
      { name: 'sneaky-server-logs', spec: { postgres: [{}] } },
      { prefer: 'return=representation' },
    );
    expect(created.status).toBe(201);
    const id = ((await created.json()) as { id: string }[])[0]?.id as string;
    for (const name of ['sneaky-server-logs', id]) expect((await search(editor, name)).status).toBe(403);
    const tail = await apiCall(t.app, 'GET', '/api/logs/tail?name=sneaky-server-logs', editor.token);
    expect(tail.status).toBe(403);
    const list = await apiCall(t.app, 'GET', '/api/logs/backends', editor.token);
    expect(((await list.json()) as { name: string }[]).map((b) => b.name)).not.toContain('sneaky-server-logs');
    expect((await search(admin, 'sneaky-server-logs')).status).toBe(200);
  });

  it('/api/db/log_lines is not served to any role (not exposed, and a secret table)', async () => {
    for (const who of [guest, editor, admin]) {
      const response = await apiCall(t.app, 'GET', '/api/db/log_lines?select=*', who.token);
      expect([403, 404]).toContain(response.status);
      expect(await response.text()).not.toContain('issue-25');
    }
  });

  it('an administrator, or someone a `logs:server` row grants, reads the lines: every secret redacted', async () => {
    for (const who of [admin, granted]) {
      const response = await search(who);
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(text).toContain('issue-25 probe');
      for (const secret of ['hunter2-probe', 'mcat_probe', 'ory_kratos_session=probe', 'probe-db-pass', '493817'])
        expect(text).not.toContain(secret);
      expect(text).not.toContain('INVITE0123456789abcdef');
      expect(text).toContain('invite=[redacted]');
    }
    const list = await apiCall(t.app, 'GET', '/api/logs/backends', admin.token);
    expect(((await list.json()) as { name: string }[])[0]?.name).toBe('mission-control');
  });

  it('who-am-I lists server_logs for an administrator only', async () => {
    const permissions = async (who: Person) =>
      (
        (await (await apiCall(t.app, 'GET', '/api/auth/whoami', who.token)).json()) as {
          permissions: { resource: string; action: string }[];
        }
      ).permissions;
    expect(await permissions(admin)).toContainEqual({ resource: 'server_logs', action: 'read' });
    for (const who of [editor, guest])
      expect(await permissions(who)).not.toContainEqual({ resource: 'server_logs', action: 'read' });
  });
});
