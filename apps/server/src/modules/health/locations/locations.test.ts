import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobRegistry } from '../../../composition/job-registry.js';
import { loadConfig } from '../../../platform/config.js';
import { createLogger } from '../../../platform/logger.js';
import { apiCall, signedInUser } from '../../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { runnableChecksOf } from '../runner/runnable-checks.repo.js';
import { redecideQuorumsJob } from './redecide-quorums.job.js';

let t: TestApp;
let admin: string;
let viewer: string;
const tokens: Record<string, string> = {};
let canaryId: string;
let checkId: string;

const json = async (response: Response) => (await response.json()) as Record<string, unknown>;
const canary = (name: string, spec: Record<string, unknown>) => ({
  apiVersion: 'canaries.flanksource.com/v1',
  kind: 'Canary',
  metadata: { name },
  spec: { schedule: '@every 1m', http: [{ name: 'home', url: 'http://127.0.0.1:1/' }], ...spec },
});

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedInUser(t, { roles: ['admin'] })).token;
  viewer = (await signedInUser(t, { roles: ['viewer'] })).token;
  for (const name of ['loc-eu', 'loc-us', 'loc-ap', 'loc-none']) {
    tokens[name] = String(
      (await json(await apiCall(t.app, 'POST', '/api/agent/generate', admin, { name }))).access_token,
    );
  }
  const created = await apiCall(
    t.app,
    'POST',
    '/api/canaries',
    admin,
    canary('from-three', { locations: ['loc-eu', 'loc-us', 'loc-ap'], quorum: 2 }),
  );
  expect(created.status).toBe(201);
  canaryId = String((await json(created)).id);
  const { rows } = await t.database.pool.query('SELECT id FROM checks WHERE canary_id = $1', [canaryId]);
  checkId = String(rows[0].id);
});
afterAll(async () => {
  await t.close();
});

let clock = Date.now() - 60_000;
/** One location's result, a second later than the previous one. */
async function vote(agent: string, status: 'healthy' | 'unhealthy', message: string = status) {
  clock += 1000;
  const result = {
    key: randomUUID(),
    check_id: checkId,
    time: new Date(clock).toISOString(),
    status,
    duration: 5,
    message,
  };
  return json(await apiCall(t.app, 'POST', '/api/upstream/push', tokens[agent] ?? '', { results: [result] }));
}
const check = async () =>
  (await t.database.pool.query('SELECT status, agent_id FROM checks WHERE id = $1', [checkId])).rows[0];
const lastMessage = async () =>
  (
    await t.database.pool.query(
      'SELECT message, error FROM check_statuses WHERE check_id = $1 ORDER BY time DESC LIMIT 1',
      [checkId],
    )
  ).rows[0];

describe('multi-location checks', () => {
  it('refuses a quorum without locations or above their number, and a location named twice', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ quorum: 2 }, 'spec.quorum: needs spec.locations (the agents that vote)'],
      [{ locations: ['a', 'b'], quorum: 3 }, 'spec.quorum: must be at most the number of locations (2)'],
      [{ locations: ['a', 'a'] }, 'spec.locations: names an agent twice'],
      [{ locations: [] }, 'name at least one agent'],
      [{ locations: ['Not An Agent'] }, 'must be an agent name'],
    ];
    for (const [spec, message] of cases) {
      const response = await apiCall(t.app, 'POST', '/api/canaries', admin, canary('bad-locations', spec));
      expect(response.status, message).toBe(400);
      expect(JSON.stringify(await response.json())).toContain(message);
    }
  });

  it('is run by each named location and never by the upstream itself', async () => {
    for (const name of ['loc-eu', 'loc-us', 'loc-ap']) {
      const pulled = (await (
        await apiCall(t.app, 'GET', '/api/upstream/canaries', tokens[name] ?? '')
      ).json()) as Array<Record<string, unknown>>;
      expect(pulled.map((c) => c.id)).toEqual([canaryId]);
    }
    const none = (await (await apiCall(t.app, 'GET', '/api/upstream/canaries', tokens['loc-none'] ?? '')).json()) as [];
    expect(none).toEqual([]);
    expect(await runnableChecksOf(t.database.db, canaryId)).toEqual([]);
    // the check stays the upstream's: it belongs to no single agent
    expect((await check())?.agent_id).toBe('00000000-0000-0000-0000-000000000000');
  });

  it('follows the quorum: healthy when 2 of 3 locations agree, and says who disagrees', async () => {
    expect(await vote('loc-eu', 'healthy')).toMatchObject({ stored: 1 });
    expect((await check())?.status).toBe('unhealthy');
    expect(await lastMessage()).toMatchObject({ message: '1 of 3 locations healthy (quorum 2)' });
    expect(String((await lastMessage())?.error)).toContain('loc-us: no result yet');

    await vote('loc-us', 'healthy');
    expect((await check())?.status).toBe('healthy');
    expect(await lastMessage()).toMatchObject({ message: '2 of 3 locations healthy (quorum 2)' });

    await vote('loc-ap', 'unhealthy', 'connection refused');
    expect((await check())?.status).toBe('healthy');

    await vote('loc-us', 'unhealthy', 'timeout');
    expect((await check())?.status).toBe('unhealthy');
    expect(String((await lastMessage())?.error)).toBe('loc-us: timeout; loc-ap: connection refused');

    const refused = await vote('loc-none', 'healthy');
    expect(refused).toMatchObject({ stored: 0, refused: [{ reason: expect.stringContaining('not assigned') }] });
  });

  it('Run Now asks each location’s agent to run it at its next poll (202); each poll claims its request once', async () => {
    const count = async () =>
      (await t.database.pool.query('SELECT count(*)::int AS n FROM check_statuses WHERE check_id = $1', [checkId]))
        .rows[0].n;
    const before = await count();
    const runNow = () => apiCall(t.app, 'POST', `/api/canary/run/check/${checkId}`, admin);
    const response = await runNow();
    expect(response.status).toBe(202);
    expect(await json(response)).toEqual({
      id: checkId,
      message: "Asked loc-eu, loc-us, loc-ap to run 'home' at their next poll",
      requested: ['loc-eu', 'loc-us', 'loc-ap'],
      skipped: [],
    });
    expect((await runNow()).status).toBe(202); // a second click before the poll asks once
    const claim = async (agent: string) =>
      (await apiCall(t.app, 'GET', '/api/upstream/run-requests', tokens[agent] ?? '')).json();
    expect(await claim('loc-eu')).toEqual([{ check_id: checkId, canary_id: canaryId }]);
    expect(await claim('loc-eu')).toEqual([]);
    expect(await claim('loc-none')).toEqual([]);
    expect(await claim('loc-us')).toEqual([{ check_id: checkId, canary_id: canaryId }]);
    expect((await apiCall(t.app, 'GET', '/api/upstream/run-requests', admin)).status).toBe(401);
    // the upstream itself ran nothing
    expect(await count()).toBe(before);
    const { rows: audit } = await t.database.pool.query(
      "SELECT changes FROM audit_log WHERE action = 'check.run' AND $1 = ANY(target_ids)",
      [checkId],
    );
    expect(audit.length).toBe(2);
    expect(JSON.stringify(audit[0]?.changes)).toContain('loc-ap');
  });

  it('Run Now names the locations it could not ask, and is a 409 when none names an agent', async () => {
    const located = async (name: string, locations: string[]) => {
      const created = await apiCall(t.app, 'POST', '/api/canaries', admin, canary(name, { locations }));
      const { rows } = await t.database.pool.query('SELECT id FROM checks WHERE canary_id = $1', [
        (await json(created)).id,
      ]);
      return String(rows[0].id);
    };
    const mixed = await located('from-eu-and-ghost', ['loc-eu', 'ghost']);
    const asked = await apiCall(t.app, 'POST', `/api/canary/run/check/${mixed}`, admin);
    expect(asked.status).toBe(202);
    expect(await json(asked)).toMatchObject({
      message: "Asked loc-eu to run 'home' at their next poll; not asked: ghost (no such agent)",
      requested: ['loc-eu'],
      skipped: [{ name: 'ghost', reason: 'no such agent' }],
    });
    const nobody = await located('from-nowhere', ['ghost', 'phantom']);
    const refused = await apiCall(t.app, 'POST', `/api/canary/run/check/${nobody}`, admin);
    expect(refused.status).toBe(409);
    expect(JSON.stringify(await json(refused))).toContain(
      "Check 'home' runs from its locations (ghost, phantom), and none of them names a registered agent to run it",
    );
  });

  it('shows each location’s latest result to a viewer; 401 anonymous, 400 bad id, 404 unknown', async () => {
    const response = await apiCall(t.app, 'GET', `/api/checks/${checkId}/locations`, viewer);
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({
      quorum: 2,
      healthy: 1,
      locations: [
        { name: 'loc-eu', status: 'healthy', agent_online: true },
        { name: 'loc-us', status: 'unhealthy', error: null, message: 'timeout' },
        { name: 'loc-ap', status: 'unhealthy', message: 'connection refused' },
      ],
    });
    // a location whose agent is away no longer counts
    await t.database.pool.query("UPDATE agents SET last_seen = now() - interval '5 minutes' WHERE name = 'loc-eu'");
    expect(await json(await apiCall(t.app, 'GET', `/api/checks/${checkId}/locations`, viewer))).toMatchObject({
      healthy: 0,
      locations: [{ name: 'loc-eu', agent_online: false }, {}, {}],
    });
    expect((await apiCall(t.app, 'GET', `/api/checks/${checkId}/locations`, null)).status).toBe(401);
    expect((await apiCall(t.app, 'GET', '/api/checks/c1/locations', viewer)).status).toBe(400);
    expect((await apiCall(t.app, 'GET', `/api/checks/${randomUUID()}/locations`, viewer)).status).toBe(404);
    const single = await apiCall(t.app, 'POST', '/api/canaries', admin, canary('from-here', {}));
    const { rows } = await t.database.pool.query('SELECT id FROM checks WHERE canary_id = $1', [
      (await json(single)).id,
    ]);
    expect(await json(await apiCall(t.app, 'GET', `/api/checks/${rows[0].id}/locations`, viewer))).toEqual({
      quorum: null,
      healthy: 0,
      locations: [],
    });
  });

  it('answers 404 to a viewer whose deny row hides the check or its canary, as the summary leaves it out', async () => {
    for (const column of ['check_id', 'canary_id']) {
      const denied = await signedInUser(t, { roles: ['viewer'] });
      await t.database.pool.query(
        `INSERT INTO permissions (action, ${column}, person_id, deny) VALUES ('read', $1, $2, true)`,
        [column === 'check_id' ? checkId : canaryId, denied.id],
      );
      const hidden = await apiCall(t.app, 'GET', `/api/checks/${checkId}/locations`, denied.token);
      expect(hidden.status).toBe(404);
      expect(JSON.stringify(await json(hidden))).not.toContain('loc-eu');
    }
  });
});

describe('a quorum whose locations go silent', () => {
  it('is decided again once a healthy location is not seen within the window, naming it, and only once', async () => {
    const two: Record<string, string> = {};
    for (const name of ['quiet-a', 'quiet-b']) {
      two[name] = String(
        (await json(await apiCall(t.app, 'POST', '/api/agent/generate', admin, { name }))).access_token,
      );
    }
    const created = await apiCall(
      t.app,
      'POST',
      '/api/canaries',
      admin,
      canary('from-two', { locations: ['quiet-a', 'quiet-b'], quorum: 2 }),
    );
    const { rows } = await t.database.pool.query('SELECT id FROM checks WHERE canary_id = $1', [
      (await json(created)).id,
    ]);
    const id = String(rows[0].id);
    for (const [index, name] of ['quiet-a', 'quiet-b'].entries()) {
      // an agent pulls its canaries (its heartbeat) before it pushes what it ran
      await apiCall(t.app, 'GET', '/api/upstream/canaries', two[name] ?? '');
      const time = new Date(Date.now() - 31_000 + index * 1000).toISOString();
      const result = { key: randomUUID(), check_id: id, time, status: 'healthy', duration: 5, message: 'ok' };
      expect(
        await json(await apiCall(t.app, 'POST', '/api/upstream/push', two[name] ?? '', { results: [result] })),
      ).toMatchObject({ stored: 1 });
    }
    const state = async () =>
      (
        await t.database.pool.query(
          `SELECT k.status, k.last_transition_time, s.message, s.error FROM checks k
             JOIN check_statuses s ON s.check_id = k.id WHERE k.id = $1 ORDER BY s.time DESC LIMIT 1`,
          [id],
        )
      ).rows[0];
    expect(await state()).toMatchObject({ status: 'healthy', message: '2 of 2 locations healthy (quorum 2)' });
    const job = () =>
      redecideQuorumsJob.handler({
        payload: {},
        signal: new AbortController().signal,
        job: { id: randomUUID(), name: redecideQuorumsJob.name, attempt: 1, maxAttempts: 1 },
        deps: { config: loadConfig({}), database: t.database, logger: createLogger('error', {}, () => {}) },
      });

    // both still seen: nothing to decide
    expect(await job()).toMatchObject({ status: 'SKIPPED' });
    const before = (await state())?.last_transition_time;

    await t.database.pool.query("UPDATE agents SET last_seen = now() - interval '65 seconds' WHERE name = 'quiet-b'");
    expect(await job()).toMatchObject({ successCount: 1 });
    const after = await state();
    expect(after).toMatchObject({ status: 'unhealthy', message: '1 of 2 locations healthy (quorum 2)' });
    expect(after?.error).toBe('quiet-b: agent offline');
    expect(after?.last_transition_time).not.toEqual(before);

    // decided once: the next tick finds nothing
    expect(await job()).toMatchObject({ status: 'SKIPPED' });
    expect(
      (await t.database.pool.query('SELECT count(*)::int AS n FROM check_statuses WHERE check_id = $1', [id])).rows[0]
        .n,
    ).toBe(3);
    expect(jobRegistry.get(redecideQuorumsJob.name)?.schedule?.schedule).toBe('@every 20s');
  });
});
