import { randomUUID } from 'node:crypto';
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

const json = async (response: Response) => (await response.json()) as Record<string, unknown>;

const result = (checkId: string, at: Date, key = randomUUID()) => ({
  key,
  check_id: checkId,
  time: at.toISOString(),
  status: 'healthy' as const,
  duration: 12,
  message: 'ok',
});

describe('upstream API for agents', () => {
  it('refuses callers without a live agent token', async () => {
    expect((await apiCall(t.app, 'GET', '/api/upstream/canaries', null)).status).toBe(401);
    expect((await apiCall(t.app, 'GET', '/api/upstream/canaries', 'mca_nottherealtoken')).status).toBe(401);
    // a person's session is not an agent
    expect((await apiCall(t.app, 'GET', '/api/upstream/canaries', admin)).status).toBe(401);
    expect((await apiCall(t.app, 'POST', '/api/upstream/push', null, { results: [] })).status).toBe(401);
  });

  it('hands an agent its canaries, gives their checks its id and notes when it was seen', async () => {
    const agent = await agentWithCheck(t, admin, 'pull-agent');
    await agentWithCheck(t, admin, 'other-agent');
    const response = await apiCall(t.app, 'GET', '/api/upstream/canaries', agent.token, undefined, {
      'x-agent-version': '1.2.3',
      'x-agent-hostname': 'edge-1',
    });
    expect(response.status).toBe(200);
    const canaries = (await response.json()) as Array<Record<string, unknown>>;
    expect(canaries).toEqual([
      expect.objectContaining({
        id: agent.canaryId,
        schedule: '@every 1m',
        checks: [expect.objectContaining({ id: agent.checkId, type: 'http', name: 'hit' })],
      }),
    ]);
    const { rows } = await t.database.pool.query('SELECT agent_id FROM checks WHERE id = $1', [agent.checkId]);
    expect(rows[0].agent_id).toBe(agent.agentId);
    const summary = await json(await apiCall(t.app, 'GET', `/api/agents/${agent.agentId}`, admin));
    expect(summary).toMatchObject({ health: 'healthy', version: '1.2.3', hostname: 'edge-1' });
  });

  it('stores pushed results once per key and refuses results of checks that are not the agent’s', async () => {
    const agent = await agentWithCheck(t, admin, 'push-agent');
    const foreign = await agentWithCheck(t, admin, 'foreign-agent');
    await apiCall(t.app, 'GET', '/api/upstream/canaries', agent.token);
    await apiCall(t.app, 'GET', '/api/upstream/canaries', foreign.token);
    const batch = [result(agent.checkId, new Date(Date.now() - 2_000)), result(agent.checkId, new Date())];
    const first = await json(await apiCall(t.app, 'POST', '/api/upstream/push', agent.token, { results: batch }));
    expect(first).toEqual({ stored: 2, duplicates: 0, refused: [] });
    const again = await json(await apiCall(t.app, 'POST', '/api/upstream/push', agent.token, { results: batch }));
    expect(again).toEqual({ stored: 0, duplicates: 2, refused: [] });
    // a key seen before, a new one, and the new one again within the push: only the new one is stored, once
    const fresh = result(agent.checkId, new Date(Date.now() - 1_000));
    const mixed = await json(
      await apiCall(t.app, 'POST', '/api/upstream/push', agent.token, { results: [batch[0], fresh, fresh] }),
    );
    expect(mixed).toEqual({ stored: 1, duplicates: 2, refused: [] });
    const stolen = await json(
      await apiCall(t.app, 'POST', '/api/upstream/push', agent.token, {
        results: [result(foreign.checkId, new Date())],
      }),
    );
    expect(stolen).toMatchObject({ stored: 0, refused: [{ reason: expect.stringContaining('not assigned') }] });
    const { rows } = await t.database.pool.query('SELECT count(*)::int AS n FROM check_statuses WHERE check_id = $1', [
      agent.checkId,
    ]);
    expect(rows[0].n).toBe(3);
    const { rows: checks } = await t.database.pool.query('SELECT status, agent_id FROM checks WHERE id = $1', [
      agent.checkId,
    ]);
    expect(checks[0]).toEqual({ status: 'healthy', agent_id: agent.agentId });
  });

  it('counts a result of its own check as a location vote when the check’s canary names the agent as a location', async () => {
    const agent = await agentWithCheck(t, admin, 'own-location');
    await apiCall(t.app, 'GET', '/api/upstream/canaries', agent.token);
    await t.database.pool.query(`UPDATE canaries SET spec = '{"locations":["own-location"]}' WHERE id = $1`, [
      agent.canaryId,
    ]);
    const answer = await json(
      await apiCall(t.app, 'POST', '/api/upstream/push', agent.token, { results: [result(agent.checkId, new Date())] }),
    );
    expect(answer).toEqual({ stored: 1, duplicates: 0, refused: [] });
    const { rows } = await t.database.pool.query(
      'SELECT count(*)::int AS n FROM check_location_statuses WHERE check_id = $1 AND agent_id = $2',
      [agent.checkId, agent.agentId],
    );
    expect(rows[0].n).toBe(1);
  });

  it('answers bad pushes with a 400 naming the field', async () => {
    const agent = await agentWithCheck(t, admin, 'bad-push-agent');
    const cases: Array<[unknown, RegExp]> = [
      [{}, /^results: /],
      [{ results: [] }, /at least one result/],
      [{ results: [{ ...result(agent.checkId, new Date()), check_id: 'x' }] }, /check_id must be a UUID/],
      [{ results: [{ ...result(agent.checkId, new Date()), status: 'fine' }] }, /^results\.0\.status: /],
      [{ results: [{ ...result(agent.checkId, new Date()), key: 'k' }] }, /key: at least 8 characters/],
      [{ results: Array.from({ length: 501 }, () => result(agent.checkId, new Date())) }, /at most 500 per push/],
    ];
    for (const [body, message] of cases) {
      const response = await apiCall(t.app, 'POST', '/api/upstream/push', agent.token, body);
      expect(response.status).toBe(400);
      expect(String((await json(response)).message)).toMatch(message);
    }
    expect((await apiCall(t.app, 'POST', '/api/upstream/push', agent.token, '{')).status).toBe(400);
  });

  it('a deleted agent’s token stops working, and cleanup removes what it reported', async () => {
    const agent = await agentWithCheck(t, admin, 'gone-agent');
    await apiCall(t.app, 'GET', '/api/upstream/canaries', agent.token);
    await apiCall(t.app, 'POST', '/api/upstream/push', agent.token, { results: [result(agent.checkId, new Date())] });
    const deleted = await json(await apiCall(t.app, 'DELETE', `/api/agents/${agent.agentId}?cleanup=true`, admin));
    expect(deleted).toMatchObject({ cleaned: { canaries: 1, checks: 1 } });
    expect((await apiCall(t.app, 'GET', '/api/upstream/canaries', agent.token)).status).toBe(401);
    const { rows } = await t.database.pool.query(
      'SELECT count(*)::int AS n FROM agent_push_receipts WHERE agent_id = $1',
      [agent.agentId],
    );
    expect(rows[0].n).toBe(0);
  });
});
