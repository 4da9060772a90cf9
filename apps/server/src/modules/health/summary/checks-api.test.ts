import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signedInUser } from '../../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

/** `GET /api/canary/api` (000 §7), as upstream's console asks it for a health evidence, on both engines. */
let t: TestApp;
let viewer: string;
let denied: string;
let checkId: string;
let otherId: string;

interface Answer {
  duration: number;
  runnerName: string;
  checks: {
    id: string;
    name: string;
    uptime: { passed: number; failed: number };
    latency: { p99: number };
    checkStatuses: Record<string, unknown>[];
  }[];
}

const ask = (token: string | null, query: string) => apiCall(t.app, 'GET', `/api/canary/api?${query}`, token);

beforeAll(async () => {
  t = await createTestApp();
  const admin = (await signedInUser(t, { roles: ['admin'] })).token;
  viewer = (await signedInUser(t, { roles: ['viewer'] })).token;
  const res = await apiCall(t.app, 'POST', '/api/canaries', admin, {
    apiVersion: 'canaries.flanksource.com/v1',
    kind: 'Canary',
    metadata: { name: 'evidence' },
    spec: {
      schedule: '@every 1h',
      http: [
        { name: 'site', endpoint: 'http://127.0.0.1:9/' },
        { name: 'other', endpoint: 'http://127.0.0.1:9/other' },
      ],
    },
  });
  expect(res.status).toBe(201);
  const canaryId = ((await res.json()) as { id: string }).id;
  const { rows } = await t.database.pool.query<{ id: string; name: string }>(
    'SELECT id, name FROM checks WHERE canary_id = $1 ORDER BY name',
    [canaryId],
  );
  otherId = rows.find((r) => r.name === 'other')?.id ?? '';
  checkId = rows.find((r) => r.name === 'site')?.id ?? '';
  await t.database.pool.query(
    `INSERT INTO check_statuses (check_id, time, status, duration, message, error)
     SELECT $1, now() - g * interval '5 minutes', g % 3 <> 0, 10 * g, 'run ' || g, CASE WHEN g % 3 = 0 THEN 'boom ' || g END
     FROM generate_series(1, 8) g`,
    [checkId],
  );
  const deniedUser = await signedInUser(t, { roles: ['viewer'] });
  denied = deniedUser.token;
  await t.database.pool.query(
    "INSERT INTO permissions (action, canary_id, person_id, deny) VALUES ('read', $1, $2, true)",
    [canaryId, deniedUser.id],
  );
});
afterAll(() => t.close());

describe('GET /api/canary/api', () => {
  it('401 without a session; a check a deny row hides is not answered', async () => {
    expect((await ask(null, `check=${checkId}`)).status).toBe(401);
    const hidden = await ask(denied, `check=${checkId}`);
    expect([hidden.status, ((await hidden.json()) as Answer).checks]).toEqual([200, []]);
  });

  it('answers the check with its window’s uptime and latency and its newest results, messages when asked', async () => {
    const res = await ask(viewer, `check=${checkId}&start=1h&includeMessages=true`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Answer;
    expect(typeof body.runnerName).toBe('string');
    expect(body.checks).toHaveLength(1);
    const [check] = body.checks;
    expect(check).toMatchObject({ id: checkId, name: 'site', uptime: { passed: 6, failed: 2 } });
    expect(check?.checkStatuses).toHaveLength(5);
    expect(check?.checkStatuses[0]).toEqual({
      status: true,
      invalid: false,
      time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
      duration: 10,
      message: 'run 1',
      error: '',
    });
    expect(check?.checkStatuses[2]).toMatchObject({ status: false, error: 'boom 3' });
    const plain = (await (await ask(viewer, `check=${checkId}&start=1h&count=20`)).json()) as Answer;
    expect(plain.checks[0]?.checkStatuses).toHaveLength(8);
    expect(plain.checks[0]?.checkStatuses[0]).not.toHaveProperty('message');
    const narrow = (await (await ask(viewer, `check=${checkId}&start=12m`)).json()) as Answer;
    expect(narrow.checks[0]?.checkStatuses).toHaveLength(2);
  });

  it('without check: every check it may read, each with its own results', async () => {
    const body = (await (await ask(viewer, 'start=1h')).json()) as Answer;
    expect(body.checks.map((c) => [c.id, c.checkStatuses.length]).sort()).toEqual(
      [
        [checkId, 5],
        [otherId, 0],
      ].sort(),
    );
  });

  it('400 naming a bad parameter', async () => {
    for (const [query, message] of [
      ['check=nope', 'check must be a check id'],
      ['includeMessages=yes', 'includeMessages must be true or false'],
      ['count=0', 'count must be a number from 1 to 100'],
      [
        'start=yesterday',
        "start must be a duration before now (such as 1h, 30m, 7d) or an RFC 3339 time, not 'yesterday'",
      ],
    ]) {
      const res = await ask(viewer, query as string);
      expect([res.status, ((await res.json()) as { message: string }).message], query).toEqual([400, message]);
    }
    const unknown = await ask(viewer, 'colour=red');
    expect([unknown.status, ((await unknown.json()) as { message: string }).message]).toEqual([
      400,
      expect.stringContaining('colour'),
    ]);
  });
});
