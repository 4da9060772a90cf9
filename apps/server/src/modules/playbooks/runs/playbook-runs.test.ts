import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signedInUser } from '../../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { waitFor } from '../../jobs/testing/job-test-kit.js';
import { executeRun } from './run-executor.js';

/**
 * Runs end to end against a real local HTTP server: the run request (parameters, resource, approval),
 * the engine executing the http action through the egress guard with templated fields, each action a
 * playbook_run_actions row, failure, timeout, cancel mid-action and a restart in the middle of a run.
 */
type User = { id: string; email: string; token: string };
let t: TestApp;
let admin: User;
let editor: User;
let viewer: User;
let approver: User;
let approver2: User;
let target: Server;
let base: string;
let checkId: string;
const hits: { url: string; headers: Record<string, unknown>; body: string }[] = [];

const call = (user: User | null, method: string, path: string, body?: unknown) =>
  apiCall(t.app, method, path, user?.token ?? null, body, { prefer: 'return=representation' });

async function playbook(name: string, spec: Record<string, unknown>): Promise<string> {
  const response = await call(admin, 'POST', '/api/db/playbooks', { name, spec });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }[])[0]?.id ?? '';
}

const onChecks = { checks: [{ type: 'http' }] };
const http = (name: string, path: string, extra: Record<string, unknown> = {}) => ({
  name,
  ...extra,
  http: {
    url: `${base}${path}`,
    method: 'POST',
    headers: { 'x-check': '{{ .check.name }}' },
    body: '{{ .params.reason }}',
  },
});

async function startRun(user: User, id: string, params: Record<string, unknown> = {}) {
  const response = await call(user, 'POST', '/api/playbook/run', { id, check_id: checkId, params });
  return { status: response.status, body: (await response.json()) as { run_id: string; message: string } };
}

const runRow = async (id: string) =>
  (await t.database.pool.query('SELECT status, error, start_time, end_time FROM playbook_runs WHERE id = $1', [id]))
    .rows[0] as { status: string; error: string | null };
const actionRows = async (id: string) =>
  (
    await t.database.pool.query(
      'SELECT name, status, result, error, end_time FROM playbook_run_actions WHERE playbook_run_id = $1 ORDER BY start_time, id',
      [id],
    )
  ).rows as { name: string; status: string; result: Record<string, unknown> | null; error: string | null }[];
const execute = (runId: string) => executeRun(t.database, runId, new AbortController().signal);

beforeAll(async () => {
  target = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      hits.push({ url: req.url ?? '', headers: req.headers, body });
      if (req.url?.startsWith('/fail')) return void res.writeHead(500).end('broken');
      if (req.url?.startsWith('/slow')) return void setTimeout(() => res.end('{"late":true}'), 5_000);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ path: req.url, echo: body }));
    });
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  t = await createTestApp();
  admin = await signedInUser(t, { roles: ['admin'] });
  editor = await signedInUser(t, { roles: ['editor'] });
  viewer = await signedInUser(t, { roles: ['viewer'] });
  approver = await signedInUser(t, { roles: ['editor'] });
  approver2 = await signedInUser(t, { roles: ['editor'] });
  const canary = await t.database.pool.query("INSERT INTO canaries (name) VALUES ('pb-canary') RETURNING id");
  const check = await t.database.pool.query(
    "INSERT INTO checks (canary_id, type, name) VALUES ($1, 'http', 'api-health') RETURNING id",
    [canary.rows[0].id],
  );
  checkId = check.rows[0].id;
});
afterAll(async () => {
  target.closeAllConnections();
  target.close();
  await t.close();
});

describe('listing and parameters', () => {
  it('lists the playbooks applicable to a check and gives their parameters', async () => {
    const id = await playbook('list-me', {
      ...onChecks,
      parameters: [{ name: 'reason', required: true }],
      actions: [http('a', '/ok')],
    });
    await playbook('configs-only', { configs: [{ type: 'Kubernetes::Pod' }], actions: [http('a', '/ok')] });
    const list = await call(viewer, 'GET', `/api/playbook/list?check_id=${checkId}`);
    expect(list.status).toBe(200);
    const names = ((await list.json()) as { name: string }[]).map((p) => p.name);
    expect(names).toContain('list-me');
    expect(names).not.toContain('configs-only');
    const params = await call(viewer, 'POST', `/api/playbook/${id}/params`, { check_id: checkId });
    expect(await params.json()).toEqual({ params: [{ name: 'reason', type: 'text', required: true }] });
    expect((await call(null, 'GET', `/api/playbook/list?check_id=${checkId}`)).status).toBe(401);
    expect((await call(viewer, 'GET', '/api/playbook/list?check_id=nope')).status).toBe(400);
  });
});

describe('runs', () => {
  it('runs a parameterised http playbook: templated fields, outputs of earlier actions, action rows', async () => {
    const id = await playbook('ping-twice', {
      ...onChecks,
      parameters: [{ name: 'reason', required: true, properties: { minLength: 3 } }],
      actions: [
        http('first', '/ok/{{ .params.reason }}'),
        { name: 'second', http: { url: `${base}/ok/second`, method: 'POST', body: '{{ .outputs.first.json.path }}' } },
        { name: 'never', if: '{{ .params.missing }}', http: { url: `${base}/never` } },
      ],
    });
    expect((await startRun(viewer, id, { reason: 'restart' })).status).toBe(403);
    const bad = await startRun(editor, id, { reason: 'no' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Invalid parameters: reason: Must be at least 3 characters');
    const missing = await startRun(editor, id, {});
    expect(missing.body.message).toBe('Invalid parameters: reason: This field is required');
    const started = await startRun(editor, id, { reason: 'restart' });
    expect(started.status).toBe(201);
    const runId = started.body.run_id;
    expect(await runRow(runId)).toMatchObject({ status: 'scheduled' });
    const { rows: jobs } = await t.database.pool.query("SELECT payload FROM jobs WHERE name = 'run_playbook'");
    expect(jobs.map((j) => j.payload)).toContainEqual({ run_id: runId });
    await execute(runId);
    expect(await runRow(runId)).toMatchObject({ status: 'completed', error: null });
    const actions = await actionRows(runId);
    expect(actions.map((a) => [a.name, a.status])).toEqual([
      ['first', 'completed'],
      ['second', 'completed'],
      ['never', 'skipped'],
    ]);
    const first = hits.find((h) => h.url === '/ok/restart');
    expect(first?.headers['x-check']).toBe('api-health');
    expect(first?.body).toBe('restart');
    expect(hits.find((h) => h.url === '/ok/second')?.body).toBe('/ok/restart');
    expect(actions[0]?.result).toMatchObject({ status: 200, json: { path: '/ok/restart' } });
    expect(await execute(runId)).toEqual({ status: 'SKIPPED' });
  });

  it('fails the run naming the action when the target answers 500, and with retries tries again', async () => {
    const id = await playbook('failing', {
      ...onChecks,
      actions: [{ name: 'boom', retry: { limit: 1 }, http: { url: `${base}/fail` } }],
    });
    const { body } = await startRun(editor, id);
    await execute(body.run_id);
    const run = await runRow(body.run_id);
    expect(run.status).toBe('failed');
    expect(run.error).toContain('Action boom: HTTP 500');
    expect((await actionRows(body.run_id)).map((a) => a.status)).toEqual(['failed', 'failed']);
  });

  it('times an action out', async () => {
    const id = await playbook('slow', {
      ...onChecks,
      actions: [{ name: 'wait', timeout: '300ms', http: { url: `${base}/slow` } }],
    });
    const { body } = await startRun(editor, id);
    await execute(body.run_id);
    expect(await runRow(body.run_id)).toMatchObject({ status: 'failed' });
    expect((await actionRows(body.run_id))[0]).toMatchObject({ status: 'timed_out', error: 'Timed out after 300 ms' });
  });

  it('cancel stops the running action', async () => {
    const id = await playbook('cancel-me', {
      ...onChecks,
      actions: [http('wait', '/slow'), http('after', '/ok/after')],
    });
    const { body } = await startRun(editor, id);
    const running = execute(body.run_id);
    await waitFor(async () => (await actionRows(body.run_id)).length > 0);
    const started = Date.now();
    expect((await call(viewer, 'POST', `/api/playbook/run/cancel/${body.run_id}`)).status).toBe(403);
    const cancelled = await call(editor, 'POST', `/api/playbook/run/cancel/${body.run_id}`);
    expect(await cancelled.json()).toEqual({ run_id: body.run_id, status: 'cancelled' });
    await running;
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(await runRow(body.run_id)).toMatchObject({ status: 'cancelled' });
    expect((await actionRows(body.run_id)).map((a) => [a.name, a.status])).toEqual([['wait', 'cancelled']]);
    expect((await call(editor, 'POST', `/api/playbook/run/cancel/${body.run_id}`)).status).toBe(409);
  });

  it('after a restart, retries an interrupted action only if it is idempotent', async () => {
    for (const idempotent of [false, true]) {
      const id = await playbook(`restart-${idempotent}`, {
        ...onChecks,
        actions: [http('step', '/ok/step', { idempotent })],
      });
      const { body } = await startRun(editor, id);
      await t.database.pool.query("UPDATE playbook_runs SET status = 'running', start_time = now() WHERE id = $1", [
        body.run_id,
      ]);
      await t.database.pool.query(
        "INSERT INTO playbook_run_actions (playbook_run_id, name, status) VALUES ($1, 'step', 'running')",
        [body.run_id],
      );
      await execute(body.run_id);
      const run = await runRow(body.run_id);
      expect(run.status).toBe(idempotent ? 'completed' : 'failed');
      if (!idempotent) expect(run.error).toContain('interrupted by a server restart and is not declared idempotent');
    }
  });

  it('answers 400 for bad run requests and 404 for an unknown playbook', async () => {
    const bad = await call(editor, 'POST', '/api/playbook/run', { id: 'x' });
    expect(bad.status).toBe(400);
    const unknown = await call(editor, 'POST', '/api/playbook/run', { id: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(404);
    expect((await call(editor, 'POST', '/api/playbook/run', '{')).status).toBe(400);
  });
});

describe('approval', () => {
  it('any: waits, refuses the requester and non-approvers, schedules on an approver', async () => {
    const id = await playbook('needs-ok', {
      ...onChecks,
      approval: { type: 'any', approvers: { people: [approver.email, editor.email] } },
      actions: [http('a', '/ok/approved')],
    });
    const { body } = await startRun(editor, id);
    expect(await runRow(body.run_id)).toMatchObject({ status: 'pending_approval' });
    const self = await call(editor, 'POST', `/api/playbook/run/approve/${body.run_id}`);
    expect(self.status).toBe(403);
    expect(((await self.json()) as { message: string }).message).toBe(
      'The requester cannot approve their own playbook run',
    );
    expect((await call(viewer, 'POST', `/api/playbook/run/approve/${body.run_id}`)).status).toBe(403);
    const outsider = await call(approver2, 'POST', `/api/playbook/run/approve/${body.run_id}`);
    expect(((await outsider.json()) as { message: string }).message).toBe(
      'You are not an approver of this playbook run',
    );
    const ok = await call(approver, 'POST', `/api/playbook/run/approve/${body.run_id}`);
    expect(await ok.json()).toEqual({ run_id: body.run_id, status: 'scheduled' });
    await execute(body.run_id);
    expect(await runRow(body.run_id)).toMatchObject({ status: 'completed' });
  });

  it('all: needs every listed approver, a team approved by any member', async () => {
    const team = await t.database.pool.query(
      "INSERT INTO teams (name, created_by) VALUES ('sre-pb', $1) RETURNING id",
      [admin.id],
    );
    await t.database.pool.query('INSERT INTO team_members (team_id, person_id) VALUES ($1, $2)', [
      team.rows[0].id,
      approver2.id,
    ]);
    const id = await playbook('needs-all', {
      ...onChecks,
      approval: { type: 'all', approvers: { people: [approver.email], teams: ['sre-pb'] } },
      actions: [http('a', '/ok/all')],
    });
    const { body } = await startRun(editor, id);
    const first = await call(approver, 'POST', `/api/playbook/run/approve/${body.run_id}`);
    expect(await first.json()).toEqual({ run_id: body.run_id, status: 'pending_approval' });
    const second = await call(approver2, 'POST', `/api/playbook/run/approve/${body.run_id}`);
    expect(await second.json()).toEqual({ run_id: body.run_id, status: 'scheduled' });
    expect((await call(approver2, 'POST', `/api/playbook/run/approve/${body.run_id}`)).status).toBe(409);
  });
});

describe('run origin', () => {
  it('never takes notification_send_id from a request body: only a notification rule links its run', async () => {
    const id = await playbook('origin-check', { ...onChecks, actions: [http('a', '/ok')] });
    const response = await call(editor, 'POST', '/api/playbook/run', {
      id,
      check_id: checkId,
      notification_send_id: '0190a000-0000-7000-8000-0000000000ee',
    });
    expect(response.status).toBe(201);
    const { run_id } = (await response.json()) as { run_id: string };
    const { rows } = await t.database.pool.query('SELECT notification_send_id FROM playbook_runs WHERE id = $1', [
      run_id,
    ]);
    expect(rows[0]).toEqual({ notification_send_id: null });
  });
});
