import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config.js';
import { apiCall, signedInUser } from '../../test/signed-in-api.js';
import type { TestResponse } from '../../test/signed-in-people.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { executeRun } from '../playbooks/index.js';
import { deliverHistory } from './deliver.js';
import { drainEvents } from './event-consumer.js';
import { PLAYBOOK_RECIPIENT_ROUTE } from './notifications-write.hook.js';
import { playbookActorName } from './playbook-recipient.js';

/**
 * A playbook as a rule's recipient, through the full app with real sessions: the save-time checks
 * (unknown playbook, events it cannot run on, parameters, roles and permission rows, the data API),
 * a check failure running the playbook once on the check with the rule's rendered parameters (linked
 * from the history row, exactly once across a retry), repeat interval and silence holding it back, a
 * refused run ending `error` at once, and the run's own events (approval needed, completed) consumed.
 */
type User = { id: string; token: string };
let t: TestApp;
let admin: User;
let editor: User;
let viewer: User;
let denied: User;
let target: Server;
let base: string;
const hits: { url: string; body: string }[] = [];
let checkId: string;
let webhook: string;
let restart: string;
let restartTcp: string;
let gated: string;
let failing: string;

const call = (user: User | null, method: string, path: string, body?: unknown): Promise<TestResponse> =>
  Promise.resolve(apiCall(t.app, method, path, user?.token ?? null, body, { prefer: 'return=representation' }));
const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await t.database.pool.query(text, values)).rows as T[];

const rule = (name: string, spec: Record<string, unknown>) => ({
  apiVersion: 'mission-control.flanksource.com/v1',
  kind: 'Notification',
  metadata: { name },
  spec: { events: ['check.failed'], ...spec },
});

async function playbook(name: string, spec: Record<string, unknown>): Promise<string> {
  const response = await call(admin, 'POST', '/api/db/playbooks', { name, spec });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }[])[0]?.id ?? '';
}

async function createRule(user: User, body: unknown): Promise<string> {
  const response = await call(user, 'POST', '/api/notification/rules', body);
  expect(response.status, JSON.stringify(await response.clone().json())).toBe(201);
  return ((await response.json()) as { rule: { id: string } }).rule.id;
}

const drain = (now = new Date()) => drainEvents({ pool: t.database.pool, owner: 'test', now: () => now });
async function deliverDue(now = new Date(), attempt = 1): Promise<string[]> {
  const rows = await q<{ id: string }>(
    `SELECT id FROM notification_send_history WHERE status IN ('pending', 'evaluating-waitfor') ORDER BY created_at, id`,
  );
  const outcomes: string[] = [];
  for (const row of rows) {
    outcomes.push(
      await deliverHistory(
        {
          database: t.database,
          config: loadConfig({}),
          signal: new AbortController().signal,
          attempt,
          maxAttempts: 4,
          now,
        },
        row.id,
      ),
    );
  }
  return outcomes;
}
const history = (ruleId: string) =>
  q<{ id: string; status: string; error: string | null; playbook_run_id: string | null; resource_id: string }>(
    'SELECT * FROM notification_send_history WHERE notification_id = $1 ORDER BY created_at, id',
    [ruleId],
  );
const setCheck = (status: string) => q('UPDATE checks SET status = $2 WHERE id = $1', [checkId, status]);

beforeAll(async () => {
  target = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      hits.push({ url: req.url ?? '', body });
      if (req.url === '/fail') return void res.writeHead(500).end('broken');
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(target.address() as AddressInfo).port}`; // a TCP listener's address
  t = await createTestApp();
  admin = await signedInUser(t, { roles: ['admin'] });
  editor = await signedInUser(t, { roles: ['editor'] });
  viewer = await signedInUser(t, { roles: ['viewer'] });
  denied = await signedInUser(t, { roles: ['editor'] });
  const [canary] = await q<{ id: string }>("INSERT INTO canaries (name) VALUES ('pbr') RETURNING id");
  const [check] = await q<{ id: string }>(
    "INSERT INTO checks (canary_id, type, name, status) VALUES ($1, 'http', 'api', 'healthy') RETURNING id",
    [canary?.id],
  );
  checkId = check?.id ?? '';
  const created = await call(admin, 'POST', '/api/connections', {
    name: 'run-hook',
    type: 'generic_webhook',
    properties: { url: `${base}/hook` },
  });
  expect(created.status).toBe(201);
  webhook = ((await created.json()) as { id: string }).id;
  const action = { name: 'call', http: { url: `${base}/restart`, method: 'POST', body: '{{ .params.reason }}' } };
  restart = await playbook('restart-api', {
    checks: [{ type: 'http' }],
    parameters: [{ name: 'reason', required: true, properties: { minLength: 3 } }],
    actions: [action],
  });
  restartTcp = await playbook('restart-tcp', { checks: [{ type: 'tcp' }], actions: [action] });
  gated = await playbook('gated', {
    checks: [{ type: 'http' }],
    approval: { type: 'any', approvers: { people: ['nobody@example.com'] } },
    actions: [action],
  });
  failing = await playbook('fail-api', {
    checks: [{ type: 'http' }],
    actions: [{ name: 'call', http: { url: `${base}/fail`, method: 'POST' } }],
  });
  await playbook('configs-only', { configs: [{ type: 'Kubernetes::Pod' }], actions: [action] });
  await q("INSERT INTO permissions (person_id, playbook_id, action, deny) VALUES ($1, $2, 'playbook:run', true)", [
    denied.id,
    restart,
  ]);
  await q('DELETE FROM event_queue');
});
afterAll(async () => {
  target.closeAllConnections();
  target.close();
  await t.close();
});

describe('saving a rule with a playbook recipient', () => {
  const good = rule('restart-on-failure', {
    to: { playbook: 'default/restart-api', params: { reason: 'x{{ .check.name }}' } },
  });

  it('answers 401 to a stranger and 403 to a viewer', async () => {
    expect((await call(null, 'POST', '/api/notification/rules', good)).status).toBe(401);
    const refused = await call(viewer, 'POST', '/api/notification/rules', good);
    expect(refused.status).toBe(403);
    expect(await q('SELECT id FROM notifications')).toEqual([]);
  });

  it('refuses an unknown playbook, events it cannot run on and bad parameters with 400', async () => {
    const cases: [unknown, string][] = [
      [rule('x', { to: { playbook: 'nope' } }), "to.playbook: no playbook 'nope'"],
      [rule('x', { to: { playbook: '0190a000-0000-7000-8000-0000000000ff' } }), 'to.playbook: no playbook'],
      [
        rule('x', { events: ['incident.created'], to: { playbook: 'restart-api' } }),
        'to.playbook: a playbook runs on a check, catalog item or component; incident.created is about incidents',
      ],
      [
        rule('x', { events: ['config.unhealthy'], to: { playbook: 'restart-api', params: { reason: 'abc' } } }),
        'playbook restart-api does not run on catalog items (no configs selector)',
      ],
      [rule('x', { to: { playbook: 'configs-only' } }), 'does not run on checks (no checks selector)'],
      [rule('x', { to: { playbook: 'restart-api' } }), 'to.params: reason: This field is required'],
      [
        rule('x', { to: { playbook: 'restart-api', params: { reason: 'no' } } }),
        'reason: Must be at least 3 characters',
      ],
      [
        rule('x', { to: { playbook: 'restart-api', params: { reason: 'abc', force: true } } }),
        'has no parameter force',
      ],
      [
        rule('x', { to: { connection: webhook, params: { reason: 'abc' } } }),
        'parameters go with a playbook recipient',
      ],
      [rule('x', { to: { playbook: 'restart-api', person: 'a@example.com' } }), 'name exactly one recipient'],
    ];
    for (const [body, message] of cases) {
      const response = await call(admin, 'POST', '/api/notification/rules', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json()).message).toContain(message);
    }
  });

  it('answers 403 to an editor whom a permission row forbids running that playbook', async () => {
    const response = await call(denied, 'POST', '/api/notification/rules', good);
    expect(response.status).toBe(403);
    expect((await response.json()).message).toBe('You do not have permission to run playbook restart-api');
  });

  it('keeps the data API from setting a playbook recipient, but lets it edit such a rule', async () => {
    const raw = await call(admin, 'POST', '/api/db/notifications', {
      name: 'raw-playbook',
      events: ['check.failed'],
      playbook_id: restart,
    });
    expect(raw.status).toBe(400);
    expect((await raw.json()).message).toBe(PLAYBOOK_RECIPIENT_ROUTE);
    const id = await createRule(editor, rule('edit-me', { to: { playbook: restart, params: { reason: 'abc' } } }));
    const moved = await call(admin, 'PATCH', `/api/db/notifications?id=eq.${id}`, { playbook_id: gated });
    expect(moved.status).toBe(400);
    const titled = await call(admin, 'PATCH', `/api/db/notifications?id=eq.${id}`, { title: 'Restarting' });
    expect(titled.status).toBe(200);
    const tested = await call(admin, 'POST', `/api/notification/rules/${id}/test`);
    expect(tested.status).toBe(400);
    expect((await tested.json()).message).toContain('runs its playbook only for a real event');
    const view = await (await call(admin, 'GET', `/api/notification/rules/${id}`)).json();
    expect(view.document.spec.to).toEqual({ playbook: restart, params: { reason: 'abc' } });
    expect((await call(admin, 'DELETE', `/api/notification/rules/${id}`)).status).toBe(204);
  });
});

describe('a check failure under a playbook rule', () => {
  let ruleId: string;
  let notify: string;

  it('runs the playbook once on the check with the rendered parameters and links the run', async () => {
    ruleId = await createRule(
      editor,
      rule('restart-on-failure', {
        to: { playbook: 'default/restart-api', params: { reason: 'fix {{ .check.name }}' } },
        repeatInterval: '10m',
      }),
    );
    notify = await createRule(
      admin,
      rule('run-outcomes', {
        events: ['playbook.run.approval_needed', 'playbook.run.completed', 'playbook.run.failed'],
        to: { connection: webhook },
      }),
    );
    await setCheck('unhealthy');
    expect((await drain()).processed).toBe(1);
    expect(await deliverDue()).toEqual(['sent']);
    const [row] = await history(ruleId);
    expect(row).toMatchObject({ status: 'sent', error: null });
    const runs = await q<{
      id: string;
      check_id: string;
      parameters: unknown;
      created_by: string | null;
      status: string;
      notification_send_id: string | null;
    }>('SELECT * FROM playbook_runs WHERE playbook_id = $1', [restart]);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({
      check_id: checkId,
      parameters: { reason: 'fix api' },
      created_by: null,
      notification_send_id: row?.id,
    });
    expect(row?.playbook_run_id).toBe(runs[0]?.id);
    const audit = await q('SELECT actor_kind, actor_id FROM audit_log WHERE action = $1', ['playbook.run']);
    expect(audit).toEqual([{ actor_kind: 'system', actor_id: playbookActorName(row?.id ?? '') }]);
    const summary = await q('SELECT playbook_run FROM notification_send_history_summary WHERE id = $1', [row?.id]);
    expect(summary[0]?.playbook_run).toEqual({ id: runs[0]?.id, status: 'scheduled', name: 'restart-api' });
  });

  it('starts no second run when a delivery is retried after the run committed', async () => {
    const [row] = await history(ruleId);
    await q("UPDATE notification_send_history SET status = 'pending', playbook_run_id = NULL WHERE id = $1", [row?.id]);
    expect(await deliverDue(new Date(), 2)).toEqual(['sent']);
    const runs = await q('SELECT id FROM playbook_runs WHERE playbook_id = $1', [restart]);
    expect(runs).toHaveLength(1);
    expect((await history(ruleId))[0]?.playbook_run_id).toBe(runs[0]?.id);
  });

  it('consumes the run completing: the run-outcome rule sends its message', async () => {
    const [row] = await history(ruleId);
    hits.length = 0;
    await executeRun(t.database, row?.playbook_run_id ?? '', new AbortController().signal);
    expect(hits.map((hit) => [hit.url, hit.body])).toEqual([['/restart', 'fix api']]);
    expect((await drain()).processed).toBe(1);
    expect(await deliverDue()).toEqual(['sent']);
    const [sent] = await history(notify);
    expect(sent).toMatchObject({ status: 'sent', resource_id: row?.playbook_run_id });
    const message = JSON.parse(hits[1]?.body ?? '{}');
    expect(message.title).toBe('Playbook restart-api: run completed');
  });

  it('holds a repeat back within the interval and a silenced failure, starting no run', async () => {
    await setCheck('healthy');
    await setCheck('unhealthy');
    await drain();
    expect(await deliverDue()).toEqual([]);
    expect((await history(ruleId)).map((row) => row.status)).toEqual(['sent', 'repeat-interval']);
    const silence = await call(editor, 'POST', '/api/notification/silence', {
      description: 'deploy',
      check_id: checkId,
    });
    expect(silence.status).toBe(201);
    await setCheck('healthy');
    await setCheck('unhealthy');
    await drain(new Date(Date.now() + 11 * 60_000));
    expect((await history(ruleId)).map((row) => row.status)).toEqual(['sent', 'repeat-interval', 'silenced']);
    expect(await q('SELECT id FROM playbook_runs WHERE playbook_id = $1', [restart])).toHaveLength(1);
    await call(editor, 'DELETE', `/api/notification/silence/${(await silence.json()).id}`);
    await q('UPDATE notifications SET deleted_at = now() WHERE id = $1', [ruleId]);
  });

  it('ends error at once when the run service refuses the run (the playbook does not apply to this check)', async () => {
    const refused = await createRule(admin, rule('restart-tcp-on-failure', { to: { playbook: restartTcp } }));
    await setCheck('healthy');
    await setCheck('unhealthy');
    await drain();
    expect(await deliverDue()).toEqual(['error']);
    const [row] = await history(refused);
    expect(row).toMatchObject({ status: 'error', playbook_run_id: null });
    expect(row?.error).toBe('Playbook restart-tcp does not apply to the check api');
    await q('UPDATE notifications SET deleted_at = now() WHERE id = $1', [refused]);
  });

  it('a playbook needing approval waits for it, and its approval_needed event is delivered', async () => {
    const approvalRule = await createRule(admin, rule('gated-on-failure', { to: { playbook: gated } }));
    await setCheck('healthy');
    await setCheck('unhealthy');
    await drain();
    expect(await deliverDue()).toEqual(['sent']);
    const [row] = await history(approvalRule);
    const [run] = await q<{ status: string }>('SELECT status FROM playbook_runs WHERE id = $1', [row?.playbook_run_id]);
    expect(run?.status).toBe('pending_approval');
    hits.length = 0;
    await drain();
    expect(await deliverDue()).toEqual(['sent']);
    expect((await history(notify)).map((r) => r.resource_id)).toContain(row?.playbook_run_id);
    expect(JSON.parse(hits[0]?.body ?? '{}').title).toBe('Playbook gated: run pending_approval');
    await q('UPDATE notifications SET deleted_at = now() WHERE id = $1', [approvalRule]);
  });

  it('consumes a run failing: the run-outcome rule sends playbook.run.failed', async () => {
    const failRule = await createRule(admin, rule('fail-on-failure', { to: { playbook: failing } }));
    await setCheck('healthy');
    await setCheck('unhealthy');
    await drain();
    expect(await deliverDue()).toEqual(['sent']);
    const [row] = await history(failRule);
    await executeRun(t.database, row?.playbook_run_id ?? '', new AbortController().signal);
    const [run] = await q<{ status: string }>('SELECT status FROM playbook_runs WHERE id = $1', [row?.playbook_run_id]);
    expect(run?.status).toBe('failed');
    hits.length = 0;
    await drain();
    expect(await deliverDue()).toEqual(['sent']);
    const failed = (await history(notify)).filter((r) => r.resource_id === row?.playbook_run_id);
    expect(failed).toHaveLength(1);
    expect(JSON.parse(hits[0]?.body ?? '{}').title).toBe('Playbook fail-api: run failed');
  });
});
