import type { Database } from '@mc/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config.js';
import { signedInPeople, type TestResponse } from '../../test/signed-in-people.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { connectionsServiceFor } from '../connections/index.js';
import { redirectProvidersForTests } from './deliver.js';
import { startProvider, toLocal } from './testing/notifications-test-kit.js';

let t: TestApp;
let database: Database;
let call: (who: string | null, method: string, path: string, body?: unknown) => Promise<TestResponse>;
let admin: string;
let viewer: string;
let provider: Awaited<ReturnType<typeof startProvider>>;
let connection: string;

const rule = (name: string, spec: Record<string, unknown> = {}) => ({
  apiVersion: 'mission-control.flanksource.com/v1',
  kind: 'Notification',
  metadata: { name },
  spec: { events: ['check.failed'], to: { connection }, ...spec },
});

beforeAll(async () => {
  t = await createTestApp();
  database = t.database;
  const people = signedInPeople(t);
  call = (who, method, path, body) => people.call(who, method, path, body);
  admin = await people.person(['admin'], 'admin@example.com');
  viewer = await people.person(['viewer'], 'viewer@example.com');
  provider = await startProvider();
  redirectProvidersForTests(database, toLocal(provider.base));
  const connections = connectionsServiceFor({ database, config: loadConfig({}) });
  connection = (
    await connections.create(
      { name: 'hook', type: 'generic_webhook', properties: { url: 'https://hooks.example.com/in' } },
      { actor: { kind: 'system', name: 'test' } },
    )
  ).id;
});
afterAll(async () => {
  await provider.close();
  await t.close();
});

describe('notification rules API', () => {
  it('answers 401 without a session and 403 to a viewer writing', async () => {
    expect((await call(null, 'POST', '/api/notification/rules', rule('a'))).status).toBe(401);
    const refused = await call(viewer, 'POST', '/api/notification/rules', rule('a'));
    expect(refused.status).toBe(403);
  });

  it('refuses bad documents with 400 naming the problem', async () => {
    const cases: [unknown, string][] = [
      [{ ...rule('x'), kind: 'Canary' }, "kind must be 'Notification'"],
      [rule('x', { events: [] }), 'spec.events: name at least one event'],
      [rule('x', { events: ['check.exploded'] }), 'spec.events.0'],
      [rule('x', { filter: 'check.name ==' }), 'spec.filter: invalid expression'],
      [rule('x', { to: { playbook: 'p' } }), "to.playbook: no playbook 'p'"],
      [rule('x', { to: {} }), 'name exactly one recipient'],
      [rule('x', { to: { person: 'nobody@example.com' } }), "to.person: no person 'nobody@example.com'"],
      [rule('x', { repeatInterval: 'soon' }), 'spec.repeatInterval must be a duration'],
      ['kind: [', 'YAML'],
    ];
    for (const [body, message] of cases) {
      const response = await call(admin, 'POST', '/api/notification/rules', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json()).message).toContain(message);
    }
    expect((await call(admin, 'GET', '/api/notification/rules/not-an-id')).status).toBe(400);
  });

  it('creates, reads, replaces, tests and deletes a rule', async () => {
    const created = await call(
      admin,
      'POST',
      '/api/notification/rules',
      rule('disk-alerts', { repeatInterval: '10m', waitFor: '2m' }),
    );
    expect(created.status).toBe(201);
    const { rule: row, document } = await created.json();
    expect(row).toMatchObject({
      name: 'disk-alerts',
      events: ['check.failed'],
      repeat_interval: '10m',
    });
    expect(Number(row.wait_for)).toBe(120);
    expect(document.spec).toMatchObject({ waitFor: '120s', to: { connection } });
    expect((await call(admin, 'POST', '/api/notification/rules', rule('disk-alerts'))).status).toBe(409);
    const replaced = await call(
      admin,
      'PUT',
      `/api/notification/rules/${row.id}`,
      rule('disk-alerts', { title: 'Disk {{ .check.name }}' }),
    );
    expect((await replaced.json()).rule.title).toBe('Disk {{ .check.name }}');
    provider.received.length = 0;
    const tested = await call(admin, 'POST', `/api/notification/rules/${row.id}/test`);
    expect(await tested.json()).toMatchObject({ status: 'sent' });
    expect(JSON.parse(provider.received[0]?.body ?? '{}').title).toBe('[Test] disk-alerts');
    expect((await call(admin, 'DELETE', `/api/notification/rules/${row.id}`)).status).toBe(204);
    expect((await call(admin, 'GET', `/api/notification/rules/${row.id}`)).status).toBe(404);
    const audit = await database.pool.query(`SELECT action FROM audit_log WHERE target = 'notifications' ORDER BY id`);
    expect(audit.rows.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
  });

  it('keeps /api/db/notifications to the same rules', async () => {
    const bad = await call(admin, 'POST', '/api/db/notifications', {
      name: 'raw',
      events: ['check.nope'],
      team_id: null,
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toContain("unknown event 'check.nope'");
    const none = await call(admin, 'POST', '/api/db/notifications', { name: 'raw', events: ['check.failed'] });
    expect((await none.json()).message).toContain('POST /api/notification/rules');
    const ok = await call(admin, 'POST', '/api/db/notifications', {
      name: 'raw',
      events: ['check.failed'],
      custom_services: [{ connection }],
    });
    expect(ok.status).toBe(201);
    const history = await call(admin, 'POST', '/api/db/notification_send_history', { notification_id: 'x' });
    expect(history.status).toBe(405);
  });
});

describe('silences API', () => {
  let check: string;
  beforeAll(async () => {
    const canary = (await database.pool.query(`INSERT INTO canaries (name) VALUES ('c') RETURNING id`)).rows[0].id;
    check = (
      await database.pool.query(
        `INSERT INTO checks (canary_id, type, name, status) VALUES ($1, 'http', 'api', 'unhealthy') RETURNING id`,
        [canary],
      )
    ).rows[0].id;
    const ruleId = (await database.pool.query(`SELECT id FROM notifications WHERE name = 'raw'`)).rows[0].id;
    await database.pool.query(
      `INSERT INTO notification_send_history (notification_id, source_event, resource_id, status, created_at)
       VALUES ($1, 'check.failed', $2, 'sent', now() - interval '2 days'), ($1, 'check.failed', $2, 'error', now() - interval '1 day'),
              ($1, 'check.failed', $2, 'sent', now() - interval '9 days')`,
      [ruleId, check],
    );
  });

  it('refuses bad bodies with 400', async () => {
    const cases: [unknown, string][] = [
      [{ description: 'x' }, 'needs a resource'],
      [{ check_id: check }, 'description'],
      [{ description: 'x', check_id: 'nope' }, 'check_id'],
      [{ description: 'x', filter: 'check.name ==' }, 'filter: invalid expression'],
      [{ description: 'x', check_id: check, until: 'tomorrow' }, 'until must be an ISO date-time'],
      [
        { description: 'x', check_id: check, from: '2030-01-02T00:00:00Z', until: '2030-01-01T00:00:00Z' },
        'until must be after from',
      ],
      ['[', 'not valid JSON'],
    ];
    for (const [body, message] of cases) {
      const response = await call(admin, 'POST', '/api/notification/silence', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json()).message).toContain(message);
    }
    expect(
      (await call(viewer, 'POST', '/api/notification/silence', { description: 'x', check_id: check })).status,
    ).toBe(403);
  });

  it('previews, creates indefinitely, patches and soft-deletes a silence', async () => {
    const preview = await (await call(viewer, 'POST', '/api/notification/silence_preview', { check_id: check })).json();
    expect(preview).toMatchObject({ days: 7, total: 2, covers: [{ id: check, kind: 'check', name: 'api' }] });
    const created = await call(admin, 'POST', '/api/notification/silence', { description: 'deploy', check_id: check });
    expect(created.status).toBe(201);
    const silence = await created.json();
    expect(silence.until).toBeNull();
    const patched = await (
      await call(admin, 'PATCH', `/api/notification/silence/${silence.id}`, { until: '2099-01-01T00:00:00Z' })
    ).json();
    expect(new Date(patched.until).toISOString()).toBe('2099-01-01T00:00:00.000Z');
    expect(patched.description).toBe('deploy');
    expect((await call(admin, 'DELETE', `/api/notification/silence/${silence.id}`)).status).toBe(204);
    const row = (await database.pool.query('SELECT deleted_at FROM notification_silences WHERE id = $1', [silence.id]))
      .rows[0];
    expect(row.deleted_at).not.toBeNull();
    expect((await call(admin, 'DELETE', `/api/notification/silence/${silence.id}`)).status).toBe(404);
  });

  it('keeps /api/db/notification_silences to the same rules', async () => {
    const bad = await call(admin, 'POST', '/api/db/notification_silences', { description: 'x' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toContain('POST /api/notification/silence');
  });
});
