import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restoreEnv } from '../../../test/restore-env.js';
import { apiCall, signedInUser } from '../../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { executeRun } from './run-executor.js';
import { acquireLogStream, LOG_STREAM_MAX_PER_PERSON } from './run-log-stream.js';
import { RUN_LOG_CAPPED_LINE, RUN_LOG_MAX_LINES } from './run-log-writer.js';

/**
 * A run's recorded status changes (every transition with its time and actor, shown by
 * GET /api/playbook/run/{id}/history with the requester and approvals) and its live log over
 * Server-Sent Events: an exec action's lines arrive while it runs, the stream ends with the run,
 * resumes after Last-Event-ID, is capped per run, hides secret parameters, and refuses bad input.
 */
type User = { id: string; email: string; token: string };
let t: TestApp;
let admin: User;
let editor: User;
let approver: User;
let viewer: User;
const savedExec = process.env.MC_EXEC_CHECKS;

const call = (user: User | null, method: string, path: string, body?: unknown) =>
  apiCall(t.app, method, path, user?.token ?? null, body, { prefer: 'return=representation' });

async function playbook(name: string, spec: Record<string, unknown>): Promise<string> {
  const response = await call(admin, 'POST', '/api/db/playbooks', { name, spec });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }[])[0]?.id ?? '';
}

async function start(user: User, id: string, params: Record<string, unknown> = {}): Promise<string> {
  const response = await call(user, 'POST', '/api/playbook/run', { id, params });
  expect(response.status).toBe(201);
  return ((await response.json()) as { run_id: string }).run_id;
}

const execute = (runId: string) => executeRun(t.database, runId, new AbortController().signal);

interface History {
  requested_by: { id: string; name: string } | null;
  transitions: { from_status: string | null; to_status: string; at: string; actor: { id: string } | null }[];
  approvals: { person: { id: string } | null; team: { id: string } | null }[];
}
async function history(runId: string, user: User = viewer): Promise<History> {
  const response = await call(user, 'GET', `/api/playbook/run/${runId}/history`);
  expect(response.status).toBe(200);
  return (await response.json()) as History;
}
const steps = (h: History) => h.transitions.map((s) => [s.from_status, s.to_status, s.actor?.id ?? null]);

interface SseEvent {
  event: string;
  id?: string;
  data: string;
}
/** Reads an SSE answer event by event, handing each to `onEvent` as it arrives; resolves at the end. */
async function readSse(response: Response, onEvent: (event: SseEvent) => void | Promise<void>): Promise<SseEvent[]> {
  const events: SseEvent[] = [];
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    let cut = text.indexOf('\n\n');
    while (cut >= 0) {
      const block = text.slice(0, cut);
      text = text.slice(cut + 2);
      cut = text.indexOf('\n\n');
      if (block.startsWith(':')) continue;
      const event: SseEvent = { event: 'message', data: '' };
      for (const line of block.split('\n')) {
        const at = line.indexOf(': ');
        const [key, value] = [line.slice(0, at), line.slice(at + 2)];
        if (key === 'event') event.event = value;
        if (key === 'id') event.id = value;
        if (key === 'data') event.data += value;
      }
      events.push(event);
      await onEvent(event);
    }
  }
  return events;
}
const stream = (runId: string, user: User | null = viewer, headers: Record<string, string> = {}) =>
  apiCall(t.app, 'GET', `/api/playbook/run/${runId}/logs/stream`, user?.token ?? null, undefined, headers);

beforeAll(async () => {
  process.env.MC_EXEC_CHECKS = 'on';
  t = await createTestApp();
  admin = await signedInUser(t, { roles: ['admin'] });
  editor = await signedInUser(t, { roles: ['editor'] });
  approver = await signedInUser(t, { roles: ['editor'] });
  viewer = await signedInUser(t, { roles: ['viewer'] });
});
afterAll(async () => {
  restoreEnv('MC_EXEC_CHECKS', savedExec);
  await t.close();
});

describe('status transitions', () => {
  it('records every change with its actor: requested, approved, run by the runner, completed', async () => {
    const id = await playbook('history-approved', {
      approval: { type: 'any', approvers: { people: [approver.email] } },
      actions: [{ name: 'hello', exec: { script: 'echo hi' } }],
    });
    const runId = await start(editor, id);
    expect((await call(approver, 'POST', `/api/playbook/run/approve/${runId}`)).status).toBe(200);
    await execute(runId);
    const h = await history(runId);
    expect(h.requested_by?.id).toBe(editor.id);
    expect(steps(h)).toEqual([
      [null, 'pending_approval', editor.id],
      ['pending_approval', 'scheduled', approver.id],
      ['scheduled', 'running', null],
      ['running', 'completed', null],
    ]);
    expect(h.approvals.map((a) => a.person?.id)).toEqual([approver.id]);
    const times = h.transitions.map((s) => new Date(s.at).getTime());
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('records failed, timed out and cancelled with who cancelled', async () => {
    const failing = await start(
      editor,
      await playbook('history-failed', { actions: [{ name: 'x', exec: { script: 'exit 2' } }] }),
    );
    await execute(failing);
    expect(steps(await history(failing)).at(-1)).toEqual(['running', 'failed', null]);

    const slow = await start(
      editor,
      await playbook('history-timeout', { timeout: '400ms', actions: [{ name: 's', exec: { script: 'sleep 20' } }] }),
    );
    await execute(slow);
    expect(steps(await history(slow)).at(-1)).toEqual(['running', 'timed_out', null]);

    const cancelled = await start(
      editor,
      await playbook('history-cancel', {
        approval: { type: 'any', approvers: { people: [approver.email] } },
        actions: [{ name: 'x', exec: { script: 'true' } }],
      }),
    );
    expect((await call(admin, 'POST', `/api/playbook/run/cancel/${cancelled}`)).status).toBe(200);
    expect(steps(await history(cancelled))).toEqual([
      [null, 'pending_approval', editor.id],
      ['pending_approval', 'cancelled', admin.id],
    ]);
  });

  it('answers 404 for an unknown run, 400 for a bad id, 401 without a session', async () => {
    expect((await call(viewer, 'GET', '/api/playbook/run/00000000-0000-4000-8000-000000000000/history')).status).toBe(
      404,
    );
    expect((await call(viewer, 'GET', '/api/playbook/run/nope/history')).status).toBe(400);
    expect((await call(null, 'GET', '/api/playbook/run/00000000-0000-4000-8000-000000000000/history')).status).toBe(
      401,
    );
  });
});

describe('live log stream', () => {
  it("streams an exec action's lines while it runs, then ends with the run's status", async () => {
    const id = await playbook('live-log', {
      actions: [{ name: 'count', exec: { script: 'for i in 1 2 3; do echo "line $i"; sleep 0.4; done' } }],
    });
    const runId = await start(editor, id);
    const running = execute(runId);
    const seenWhileRunning: string[] = [];
    const response = await stream(runId);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const events = await readSse(response, async (event) => {
      if (event.event !== 'log') return;
      const { rows } = await t.database.pool.query('SELECT status FROM playbook_runs WHERE id = $1', [runId]);
      if (rows[0].status === 'running') seenWhileRunning.push(JSON.parse(event.data).line);
    });
    await running;
    const lines = events
      .filter((e) => e.event === 'log')
      .map((e) => JSON.parse(e.data) as { line: string; action: string });
    expect(lines.map((l) => l.line)).toEqual(['line 1', 'line 2', 'line 3']);
    expect(lines.every((l) => l.action === 'count')).toBe(true);
    expect(seenWhileRunning.length).toBeGreaterThan(0);
    expect(events.at(-1)).toMatchObject({ event: 'end', data: JSON.stringify({ status: 'completed' }) });

    // a reconnect resumes after the last event it saw
    const second = events.filter((e) => e.event === 'log')[1]?.id ?? '';
    const resumed = await readSse(await stream(runId, viewer, { 'last-event-id': second }), () => {});
    expect(resumed.filter((e) => e.event === 'log').map((e) => JSON.parse(e.data).line)).toEqual(['line 3']);
  });

  it('keeps secret parameters encrypted at rest and replaces them and secret env values in the log, output and artifacts', async () => {
    const id = await playbook('secret-log', {
      parameters: [{ name: 'password', type: 'secret' }],
      actions: [
        {
          name: 'leak',
          exec: {
            script: 'echo "p={{ .params.password }} t=$API_TOKEN" | tee report.txt',
            env: { API_TOKEN: 'tok-98765' },
            artifacts: [{ path: 'report.txt' }],
          },
        },
      ],
    });
    const runId = await start(editor, id, { password: 'hunter2-secret' });
    const stored = await t.database.pool.query(
      'SELECT parameters, request, parameters_secret FROM playbook_runs WHERE id = $1',
      [runId],
    );
    expect(stored.rows[0].parameters).toEqual({ password: '********' });
    expect(JSON.stringify(stored.rows[0].request)).not.toContain('hunter2-secret');
    expect(stored.rows[0].parameters_secret).toMatch(/^mcenc:v1:/);
    const read = await call(viewer, 'GET', `/api/db/playbook_runs?id=eq.${runId}`);
    expect(await read.text()).not.toContain('mcenc:');
    await execute(runId);
    const events = await readSse(await stream(runId), () => {});
    const lines = events.filter((e) => e.event === 'log').map((e) => JSON.parse(e.data).line);
    expect(lines).toEqual(['p=******** t=********']);
    const { rows } = await t.database.pool.query('SELECT result FROM playbook_run_actions WHERE playbook_run_id = $1', [
      runId,
    ]);
    expect(JSON.stringify(rows[0].result)).not.toContain('hunter2-secret');
    expect(JSON.stringify(rows[0].result)).not.toContain('tok-98765');
    const artifacts = await t.database.pool.query<{ path: string; text: string }>(
      `SELECT a.path, convert_from(a.content, 'UTF8') AS text FROM artifacts a
       JOIN playbook_run_actions pa ON pa.id = a.playbook_run_action_id WHERE pa.playbook_run_id = $1 ORDER BY a.path`,
      [runId],
    );
    expect(artifacts.rows).toEqual([
      { path: 'report.txt', text: 'p=******** t=********\n' },
      { path: 'stdout', text: 'p=******** t=********\n' },
    ]);
  });

  it("caps a run's log with one marker line", async () => {
    const id = await playbook('chatty', {
      actions: [{ name: 'flood', exec: { script: `seq 1 ${RUN_LOG_MAX_LINES + 2000}` } }],
    });
    const runId = await start(editor, id);
    await execute(runId);
    const { rows } = await t.database.pool.query(
      'SELECT count(*)::int AS n, max(seq) AS last FROM playbook_run_logs WHERE run_id = $1',
      [runId],
    );
    expect(rows[0].n).toBe(RUN_LOG_MAX_LINES);
    const last = await t.database.pool.query('SELECT line FROM playbook_run_logs WHERE seq = $1', [rows[0].last]);
    expect(last.rows[0].line).toBe(RUN_LOG_CAPPED_LINE);
  });

  it('refuses strangers, unknown runs, bad positions and too many open streams', async () => {
    const runId = await start(editor, await playbook('quiet', { actions: [{ name: 'q', exec: { script: 'true' } }] }));
    expect((await stream(runId, null)).status).toBe(401);
    expect((await stream('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await stream('bad-id')).status).toBe(400);
    expect((await stream(runId, viewer, { 'last-event-id': 'x; drop' })).status).toBe(400);
    const held = Array.from({ length: LOG_STREAM_MAX_PER_PERSON }, () => acquireLogStream(viewer.id));
    const refused = await stream(runId);
    expect(refused.status).toBe(429);
    for (const release of held) release();
    await execute(runId);
    const events = await readSse(await stream(runId), () => {});
    expect(events.at(-1)?.event).toBe('end');
  });
});
