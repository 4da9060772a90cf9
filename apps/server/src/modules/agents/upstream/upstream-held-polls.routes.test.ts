import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signedInUser } from '../../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { agentWithCheck } from '../testing/agent-with-check.js';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedInUser(t, { roles: ['admin'] })).token;
});
afterAll(async () => {
  await t.close();
});

const agent = (name: string) => agentWithCheck(t, admin, name);

const runNow = (agentId: string, checkId: string) =>
  t.database.pool.query('INSERT INTO agent_run_requests (agent_id, check_id) VALUES ($1, $2)', [agentId, checkId]);

/** A relayed log search as the relay queues it (without its id). */
const search = {
  backend: { name: 'files', spec: {} },
  search: {
    text: '',
    start: '2026-01-01T00:00:00Z',
    end: '2026-01-02T00:00:00Z',
    levels: [],
    labels: {},
    limit: 10,
    cursors: null,
  },
};

/** A poll and how long it took to be answered. */
async function timed(path: string, token: string | null) {
  const started = Date.now();
  const response = await apiCall(t.app, 'GET', path, token);
  return { status: response.status, body: (await response.json()) as unknown, ms: Date.now() - started };
}

describe('held polls of agents (long poll)', () => {
  it('answers a held Run Now poll as soon as a request is queued for the agent', async () => {
    const a = await agent('held-run');
    const poll = timed('/api/upstream/run-requests?wait=10', a.token);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await runNow(a.agentId, a.checkId);
    const answer = await poll;
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([expect.objectContaining({ check_id: a.checkId })]);
    expect(answer.ms).toBeLessThan(5_000);
  });

  it('answers a held log-search poll as soon as a search is relayed to the agent', async () => {
    const a = await agent('held-log');
    const poll = timed('/api/upstream/log-queries?wait=10', a.token);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await t.database.pool.query('INSERT INTO agent_log_queries (agent_id, request) VALUES ($1, $2::jsonb)', [
      a.agentId,
      JSON.stringify(search),
    ]);
    const answer = await poll;
    expect(answer.body).toEqual([expect.objectContaining(search)]);
    expect(answer.ms).toBeLessThan(5_000);
  });

  it('holds an idle poll for its wait, and another agent’s work stays that agent’s', async () => {
    const a = await agent('held-idle');
    const b = await agent('held-other');
    const poll = timed('/api/upstream/run-requests?wait=2', a.token);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await runNow(b.agentId, b.checkId);
    const answer = await poll;
    expect(answer).toMatchObject({ status: 200, body: [] });
    expect(answer.ms).toBeGreaterThanOrEqual(1_900);
    expect((await timed('/api/upstream/run-requests', b.token)).body).toEqual([
      expect.objectContaining({ check_id: b.checkId }),
    ]);
  });

  it('answers 401, not work, when the agent was deleted while its poll was held (revocation holds)', async () => {
    const a = await agent('held-revoked');
    const poll = timed('/api/upstream/run-requests?wait=10', a.token);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await apiCall(t.app, 'DELETE', `/api/agents/${a.agentId}`, admin)).status).toBeLessThan(300);
    await runNow(a.agentId, a.checkId);
    const answer = await poll;
    expect(answer.status).toBe(401);
    const { rows } = await t.database.pool.query(
      'SELECT count(*)::int AS n FROM agent_run_requests WHERE agent_id = $1',
      [a.agentId],
    );
    expect(rows[0].n).toBe(1); // not claimed
  });

  it('answers plain polls at once (agents that do not ask to wait) and refuses bad tokens before holding', async () => {
    const a = await agent('held-plain');
    const plain = await timed('/api/upstream/log-queries', a.token);
    expect(plain).toMatchObject({ status: 200, body: [] });
    expect(plain.ms).toBeLessThan(1_000);
    const refused = await timed('/api/upstream/log-queries?wait=20', 'mca_nottherealtoken');
    expect(refused.status).toBe(401);
    expect(refused.ms).toBeLessThan(1_000);
    expect((await timed('/api/upstream/run-requests?wait=20', admin)).status).toBe(401);
  });
});
