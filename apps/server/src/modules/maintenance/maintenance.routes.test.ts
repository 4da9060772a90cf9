import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signedInUser } from '../../test/signed-in-api.js';
import type { TestResponse } from '../../test/signed-in-people.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { recordResults } from '../health/index.js';

const MINUTE = 60_000;
const MISSING = '00000000-0000-4000-8000-00000000dead';

/**
 * Maintenance windows through the API (issue 33 item 2): no session, wrong role, bad input, the happy path
 * read back; a recurring window's spans across a DST change; and uptime leaving the window's runs out.
 */
describe('maintenance windows API', () => {
  let t: TestApp;
  let editor: string;
  let viewer: string;
  let checkId: string;
  // answers are read field by field (TestResponse), each asserted
  const call = (token: string | null, method: string, path: string, body?: unknown): Promise<TestResponse> =>
    Promise.resolve(apiCall(t.app, method, path, token, body));

  beforeAll(async () => {
    t = await createTestApp();
    editor = (await signedInUser(t, { roles: ['editor'] })).token;
    viewer = (await signedInUser(t, { roles: ['viewer'] })).token;
    const res = await call(editor, 'POST', '/api/canaries', {
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Canary',
      metadata: { name: 'maintained' },
      // nothing listens there and the schedule is long: the runs are the ones written below
      spec: { schedule: '@every 24h', http: [{ name: 'maintained-site', endpoint: 'http://127.0.0.1:9/' }] },
    });
    expect(res.status).toBe(201);
    const { rows } = await t.database.pool.query("SELECT id FROM checks WHERE name = 'maintained-site'");
    checkId = rows[0].id as string;
  });
  afterAll(() => t?.close());

  const body = (overrides: Record<string, unknown> = {}) => ({
    title: 'Database upgrade',
    starts_at: '2026-03-22T01:00:00Z',
    duration_minutes: 60,
    timezone: 'Europe/Berlin',
    rrule: 'FREQ=WEEKLY;BYDAY=SU',
    check_id: checkId,
    ...overrides,
  });

  it('asks for a session, then the notifications write right', async () => {
    expect((await call(null, 'GET', '/api/maintenance')).status).toBe(401);
    expect((await call(null, 'POST', '/api/maintenance', body())).status).toBe(401);
    expect((await call(viewer, 'POST', '/api/maintenance', body())).status).toBe(403);
    expect((await call(viewer, 'GET', '/api/maintenance')).status).toBe(200);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const message = async (payload: unknown) => {
      const res = await call(editor, 'POST', '/api/maintenance', payload);
      expect(res.status).toBe(400);
      return ((await res.json()) as { message: string }).message;
    };
    expect(await message(body({ rrule: 'FREQ=SOMETIMES' }))).toMatch(/^rrule: /);
    expect(await message(body({ rrule: 'FREQ=MINUTELY' }))).toBe('rrule: a window may repeat at most hourly');
    expect(await message(body({ timezone: 'Mars/Olympus' }))).toBe("timezone: unknown time zone 'Mars/Olympus'");
    expect(await message(body({ duration_minutes: 0 }))).toMatch(/duration_minutes/);
    expect(await message(body({ starts_at: 'tuesday' }))).toMatch(/starts_at must be an ISO date-time/);
    expect(await message(body({ check_id: undefined }))).toMatch(/needs a resource/);
    expect(await message(body({ filter: 'check.name ==' }))).toMatch(/^filter: /);
    expect(await message(body({ colour: 'red' }))).toMatch(/colour/);
    expect(await message(body({ check_id: MISSING }))).toBe(`No check with id ${MISSING}`);
    expect((await call(editor, 'POST', '/api/maintenance', '{not json')).status).toBe(400);
    expect((await call(editor, 'PATCH', `/api/maintenance/${MISSING}`, { title: 'x' })).status).toBe(404);
    expect((await call(editor, 'GET', '/api/maintenance/not-a-uuid')).status).toBe(400);
  });

  it('creates, lists, patches and deletes a window; the data API reads it and refuses writes', async () => {
    const created = await call(editor, 'POST', '/api/maintenance', body({ rrule: 'FREQ=WEEKLY;BYDAY=SU;COUNT=3' }));
    expect(created.status).toBe(201);
    const window = await created.json();
    expect(window).toMatchObject({ title: 'Database upgrade', exclude_from_uptime: true, recursive: true });
    expect(window.series_ends_at).toBe('2026-04-05T01:00:00.000Z');
    const listed = await (await call(viewer, 'GET', '/api/maintenance')).json();
    expect(listed.windows.map((row: { id: string }) => row.id)).toContain(window.id);
    const patched = await call(editor, 'PATCH', `/api/maintenance/${window.id}`, { exclude_from_uptime: false });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ exclude_from_uptime: false, rrule: 'FREQ=WEEKLY;BYDAY=SU;COUNT=3' });
    const rows = await call(viewer, 'GET', `/api/db/maintenance_windows?id=eq.${window.id}&select=title`);
    expect(await rows.json()).toEqual([{ title: 'Database upgrade' }]);
    expect((await call(editor, 'PATCH', `/api/db/maintenance_windows?id=eq.${window.id}`, { title: 'x' })).status).toBe(
      405,
    );
    expect((await call(editor, 'DELETE', `/api/maintenance/${window.id}`)).status).toBe(204);
    expect((await call(viewer, 'GET', `/api/maintenance/${window.id}`)).status).toBe(404);
  });

  it("answers a check's spans in local time across the spring DST change", async () => {
    const created = await (await call(editor, 'POST', '/api/maintenance', body({ title: 'Weekly' }))).json();
    const res = await call(
      viewer,
      'GET',
      `/api/maintenance/intervals?check_id=${checkId}&from=2026-03-20T00:00:00Z&to=2026-04-10T00:00:00Z`,
    );
    expect(res.status).toBe(200);
    const { intervals } = await res.json();
    expect(intervals.map((span: { start: string }) => span.start)).toEqual([
      '2026-03-22T01:00:00.000Z',
      '2026-03-29T01:00:00.000Z',
      '2026-04-05T00:00:00.000Z',
    ]);
    expect(intervals[0]).toMatchObject({ end: '2026-03-22T02:00:00.000Z', exclude_from_uptime: true, title: 'Weekly' });
    const other = await call(
      viewer,
      'GET',
      `/api/maintenance/intervals?check_id=${MISSING}&from=2026-03-20T00:00:00Z&to=2026-04-10T00:00:00Z`,
    );
    expect(other.status).toBe(404);
    expect((await call(viewer, 'GET', `/api/maintenance/intervals?check_id=${checkId}&from=x&to=y`)).status).toBe(400);
    await call(editor, 'DELETE', `/api/maintenance/${created.id}`);
  });

  it("leaves the runs inside a window out of the check's uptime, unless the window says not to", async () => {
    const now = Date.now();
    const run = (minutesAgo: number, healthy: boolean) => ({
      checkId,
      time: new Date(now - minutesAgo * MINUTE),
      result: {
        status: healthy ? ('healthy' as const) : ('unhealthy' as const),
        duration: 10,
        message: '',
        details: {},
      },
      nextRuntime: null,
    });
    // failures during the window 50–30 minutes ago, passes outside it
    await recordResults(t.database.db, [run(90, true), run(45, false), run(40, false), run(35, false), run(10, true)]);
    let minutes = 120;
    // each ask differs (the summary answers an identical request from its short cache)
    const uptime = async () => {
      minutes -= 1;
      const res = await call(viewer, 'POST', '/api/canary/api/summary', { checkID: checkId, start: `${minutes}m` });
      return (await res.json()).checks_summary[0].uptime;
    };
    expect(await uptime()).toEqual({ passed: 2, failed: 3 });
    const created = await call(editor, 'POST', '/api/maintenance', {
      title: 'Failover drill',
      starts_at: new Date(now - 50 * MINUTE).toISOString(),
      duration_minutes: 20,
      check_id: checkId,
    });
    expect(created.status).toBe(201);
    const window = await created.json();
    expect(await uptime()).toEqual({ passed: 2, failed: 0 });
    const graph = await call(viewer, 'GET', `/api/canary/api/graph?check=${checkId}&start=2h`);
    expect((await graph.json()).uptime).toEqual({ passed: 2, failed: 0 });
    await call(editor, 'PATCH', `/api/maintenance/${window.id}`, { exclude_from_uptime: false });
    expect(await uptime()).toEqual({ passed: 2, failed: 3 });
  });
});
