import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signedInUser } from '../../test/signed-in-api.js';
import type { TestResponse } from '../../test/signed-in-people.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Heartbeat (push) checks through HTTP (issue 33 item 5): the token API by role and bad input; a call
 * recorded as the check's result (JSON body judged by test.expr, ?status=fail); unknown and revoked tokens
 * answered alike (404); the per-token rate limit, a burst on one token leaving another answering;
 * upstream's static token refused at save.
 */

/** Waits for the next minute when less than 20 s of this one is left, so calls counted per fixed minute share one. */
async function untilInsideAMinute(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 20_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
}
describe('heartbeat checks', () => {
  let t: TestApp;
  let editor: string;
  let viewer: string;
  let checkId: string;
  let httpCheckId: string;
  // answers are read field by field (TestResponse), each asserted
  const call = (
    token: string | null,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<TestResponse> => Promise.resolve(apiCall(t.app, method, path, token, body, headers));
  const results = async () =>
    (
      await t.database.pool.query('SELECT status, message FROM check_statuses WHERE check_id = $1 ORDER BY time DESC', [
        checkId,
      ])
    ).rows;

  beforeAll(async () => {
    t = await createTestApp();
    editor = (await signedInUser(t, { roles: ['editor'] })).token;
    viewer = (await signedInUser(t, { roles: ['viewer'] })).token;
    const res = await call(editor, 'POST', '/api/canaries', {
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Canary',
      metadata: { name: 'pushed' },
      spec: {
        schedule: '@every 24h',
        webhook: [
          {
            name: 'nightly-backup',
            interval: '1h',
            grace: '10m',
            test: { expr: '!has(json.copied) || json.copied > 0' },
          },
        ],
        http: [{ name: 'plain-site', endpoint: 'http://127.0.0.1:9/' }],
      },
    });
    expect(res.status).toBe(201);
    const { rows } = await t.database.pool.query(
      "SELECT id, name FROM checks WHERE name IN ('nightly-backup', 'plain-site')",
    );
    checkId = rows.find((row) => row.name === 'nightly-backup').id;
    httpCheckId = rows.find((row) => row.name === 'plain-site').id;
  });
  afterAll(() => t?.close());

  it("refuses upstream's static token in the spec", async () => {
    const res = await call(editor, 'POST', '/api/canaries', {
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Canary',
      metadata: { name: 'static-token' },
      spec: { webhook: [{ name: 'x', token: { value: 'secret' } }] },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('Invalid canary: spec.webhook[0].token: is not supported by this server');
  });

  it('issues a token only to a writer, for a webhook check they may read', async () => {
    expect((await call(null, 'POST', `/api/heartbeats/${checkId}/token`)).status).toBe(401);
    expect((await call(viewer, 'POST', `/api/heartbeats/${checkId}/token`)).status).toBe(403);
    expect((await call(editor, 'POST', '/api/heartbeats/nope/token')).status).toBe(400);
    expect((await call(editor, 'POST', `/api/heartbeats/${httpCheckId}/token`)).status).toBe(400);
    expect((await call(editor, 'POST', '/api/heartbeats/00000000-0000-4000-8000-00000000dead/token')).status).toBe(404);
    const state = await (await call(viewer, 'GET', `/api/heartbeats/${checkId}`)).json();
    expect(state).toMatchObject({ active: false, last_call_at: null });
  });

  it('records a call as a run, judged by its JSON body and reported status', async () => {
    const issued = await call(editor, 'POST', `/api/heartbeats/${checkId}/token`);
    expect(issued.status).toBe(201);
    const { token, path, prefix } = await issued.json();
    expect(path).toBe(`/webhook/${token}`);
    expect(prefix).toBe(token.slice(0, 8));
    const ok = await call(null, 'POST', path, { copied: 12 });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ message: 'ok', status: 'healthy' });
    expect((await call(null, 'POST', path, { copied: 0 })).status).toBe(200);
    expect((await results())[0].status).toBe(false);
    expect(await (await call(null, 'POST', `${path}?status=fail&message=disk%20full`)).json()).toMatchObject({
      status: 'unhealthy',
    });
    expect((await results())[0].message).toBe('disk full');
    const byHeader = await call(null, 'POST', '/webhook', undefined, { 'webhook-token': token });
    expect(await byHeader.json()).toMatchObject({ status: 'healthy' });
    expect((await results()).length).toBe(4);
    const state = await (await call(viewer, 'GET', `/api/heartbeats/${checkId}`)).json();
    expect(state.active).toBe(true);
    expect(state.prefix).toBe(prefix);
    expect(state.last_call_at).not.toBeNull();
    // the token is never served: the data API hides its hash and its prefix
    const rows = await (await call(editor, 'GET', `/api/db/heartbeat_tokens?check_id=eq.${checkId}`)).json();
    expect(rows[0]).not.toHaveProperty('token_hash');
    expect(rows[0]).not.toHaveProperty('token_prefix');
  });

  it('answers unknown, replaced and revoked tokens alike, and limits calls per token', async () => {
    const first = (await (await call(editor, 'POST', `/api/heartbeats/${checkId}/token`)).json()).token;
    const second = (await (await call(editor, 'POST', `/api/heartbeats/${checkId}/token`)).json()).token;
    const answers = await Promise.all(
      [`/webhook/${'x'.repeat(43)}`, `/webhook/${first}`, '/webhook'].map(async (path) => {
        const res = await call(null, 'POST', path);
        return { status: res.status, body: await res.json() };
      }),
    );
    for (const answer of answers) expect(answer).toEqual({ status: 404, body: answers[0]?.body });
    expect((await call(editor, 'DELETE', `/api/heartbeats/${checkId}/token`)).status).toBe(204);
    expect(await (await call(editor, 'GET', `/api/heartbeats/${checkId}`)).json()).toMatchObject({
      active: false,
      prefix: null,
    });
    expect((await call(null, 'POST', `/webhook/${second}`)).status).toBe(404);
    const third = (await (await call(editor, 'POST', `/api/heartbeats/${checkId}/token`)).json()).token;
    // the limit counts per fixed minute: make the 61 calls well inside one
    await untilInsideAMinute();
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) statuses.push((await call(null, 'POST', `/webhook/${third}`)).status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(60);
    expect(statuses.at(-1)).toBe(429);
  });

  it('a burst of 100 calls on one token answers 429 past the limit while another token still answers', async () => {
    const created = await call(editor, 'POST', '/api/canaries', {
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Canary',
      metadata: { name: 'pushed-too' },
      spec: { schedule: '@every 24h', webhook: [{ name: 'weekly-report', interval: '1h', grace: '10m' }] },
    });
    expect(created.status).toBe(201);
    const { rows } = await t.database.pool.query("SELECT id FROM checks WHERE name = 'weekly-report'");
    const otherCheck = rows[0].id;
    const busy = (await (await call(editor, 'POST', `/api/heartbeats/${checkId}/token`)).json()).token;
    const replaced = (await (await call(editor, 'POST', `/api/heartbeats/${otherCheck}/token`)).json()).token;
    const replacedAgain = (await (await call(editor, 'POST', `/api/heartbeats/${otherCheck}/token`)).json()).token;
    const revoked = (await (await call(editor, 'POST', `/api/heartbeats/${otherCheck}/token`)).json()).token;
    expect((await call(editor, 'DELETE', `/api/heartbeats/${otherCheck}/token`)).status).toBe(204);
    const live = (await (await call(editor, 'POST', `/api/heartbeats/${otherCheck}/token`)).json()).token;
    // the limit counts per fixed minute: start the burst well inside one
    await untilInsideAMinute();

    const burst = await Promise.all(
      Array.from({ length: 100 }, async () => {
        const res = await call(null, 'POST', `/webhook/${busy}`);
        return { status: res.status, body: await res.json() };
      }),
    );
    expect(burst.filter((answer) => answer.status === 200)).toHaveLength(60);
    const limited = burst.filter((answer) => answer.status === 429);
    expect(limited).toHaveLength(40);
    expect(limited[0]?.body.message).toBe('Too many calls for this token; try again in a minute');
    expect((await call(null, 'POST', `/webhook/${busy}`)).status).toBe(429);
    // another token keeps answering; replaced, revoked and unknown tokens answer 404, not 429
    expect(await (await call(null, 'POST', `/webhook/${live}`)).json()).toEqual({ message: 'ok', status: 'healthy' });
    for (const token of [replaced, replacedAgain, revoked, 'y'.repeat(43)]) {
      expect((await call(null, 'POST', `/webhook/${token}`)).status).toBe(404);
    }
  });
});
