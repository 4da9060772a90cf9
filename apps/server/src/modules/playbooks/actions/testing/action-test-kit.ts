/**
 * Test helpers of the action types: the whole app on a fresh database, an admin who writes playbooks
 * and connections (through /api/db/playbooks and /api/connections, as the console does), an editor who
 * runs them, the run executed in-process, and the rows it left. Local targets and named doubles live in
 * the tests that use them.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { apiCall, signedInUser } from '../../../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { executeRun } from '../../runs/run-executor.js';

/** One request a double received. */
export interface Recorded {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A reply of a double: status and JSON body, or 'hang' to never answer. */
export type Reply = { status: number; json?: unknown; text?: string } | 'hang';

/**
 * A local HTTP server standing in for a remote API (a named test double): records every request and
 * answers with `reply(request)`.
 */
export async function startDouble(reply: (request: Recorded) => Reply) {
  const received: Recorded[] = [];
  const state = { reply };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      const request = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body };
      received.push(request);
      const answer = state.reply(request);
      if (answer === 'hang') return;
      const text = answer.text ?? (answer.json === undefined ? '' : JSON.stringify(answer.json));
      res.writeHead(answer.status, { 'content-type': answer.text ? 'text/plain' : 'application/json' });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, // a TCP listener has an AddressInfo
    received,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type User = { id: string; token: string };

/** The app, its users and helpers to write playbooks and connections, run them and read the rows. */
export async function createActionKit() {
  const t: TestApp = await createTestApp();
  const admin: User = await signedInUser(t, { roles: ['admin'] });
  const editor: User = await signedInUser(t, { roles: ['editor'] });
  let n = 0;
  const kit = {
    t,
    admin,
    editor,
    /** Creates a connection through POST /api/connections; answers its id. */
    async connection(type: string, fields: Record<string, unknown>, name = `${type}-${++n}`): Promise<string> {
      const response = await apiCall(t.app, 'POST', '/api/connections', admin.token, { name, type, ...fields });
      const body = (await response.json()) as { id: string; message?: string };
      expect(response.status, body.message).toBe(201);
      return body.id;
    },
    /** Saves a playbook of `actions` as the admin; answers the data API's response, whatever it is. */
    save: (actions: unknown[], name = `pb-${++n}`) =>
      apiCall(
        t.app,
        'POST',
        '/api/db/playbooks',
        admin.token,
        { name, spec: { actions } },
        { prefer: 'return=representation' },
      ),
    /** Creates a playbook of `actions` (with `spec` extras); answers its id. */
    async playbook(actions: unknown[], spec: Record<string, unknown> = {}, name = `pb-${++n}`): Promise<string> {
      const response = await apiCall(
        t.app,
        'POST',
        '/api/db/playbooks',
        admin.token,
        { name, spec: { ...spec, actions } },
        { prefer: 'return=representation' },
      );
      const body = (await response.json()) as { id: string }[] | { message: string };
      expect(response.status, JSON.stringify(body)).toBe(201);
      return (body as { id: string }[])[0]?.id ?? '';
    },
    /** Requests a run as the editor; answers the status and body. */
    async request(id: string, extra: Record<string, unknown> = {}) {
      const response = await apiCall(t.app, 'POST', '/api/playbook/run', editor.token, { id, params: {}, ...extra });
      return { status: response.status, body: (await response.json()) as { run_id: string; message: string } };
    },
    /** Requests a run and executes it in-process; answers the run's rows. */
    async runToEnd(id: string, extra: Record<string, unknown> = {}) {
      const { status, body } = await kit.request(id, extra);
      expect(status, body.message).toBe(201);
      await executeRun(t.database, body.run_id, new AbortController().signal);
      return kit.rows(body.run_id);
    },
    /** Cancels a run as the editor. */
    cancel: (runId: string) => apiCall(t.app, 'POST', `/api/playbook/run/cancel/${runId}`, editor.token),
    /** The run and its action rows. */
    async rows(runId: string) {
      const run = (await t.database.pool.query('SELECT status, error FROM playbook_runs WHERE id = $1', [runId]))
        .rows[0] as { status: string; error: string | null };
      const actions = (
        await t.database.pool.query(
          'SELECT id, name, status, result, error FROM playbook_run_actions WHERE playbook_run_id = $1 ORDER BY start_time, id',
          [runId],
        )
      ).rows as {
        id: string;
        name: string;
        status: string;
        result: Record<string, unknown> | null;
        error: string | null;
      }[];
      return { runId, run, actions, stored: JSON.stringify({ run, actions }) };
    },
    close: () => t.close(),
  };
  return kit;
}

/** The kit's type. */
export type ActionKit = Awaited<ReturnType<typeof createActionKit>>;
