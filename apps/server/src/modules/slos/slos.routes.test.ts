import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInPeople, type TestBody } from '../../test/signed-in-people.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { buildCheck, buildRuns } from './testing/slo-fixtures.js';

let t: TestApp;
let call: ReturnType<typeof signedInPeople>['call'];
let editor: string;
let viewer: string;
let scoped: string;
let checkId: string;
let hiddenCheck: string;
let componentId: string;

beforeAll(async () => {
  t = await createTestApp();
  const people = signedInPeople(t, 'slo');
  call = people.call;
  editor = await people.person(['editor']);
  viewer = await people.person(['viewer']);
  scoped = await people.person([]);
  const now = new Date();
  checkId = await buildCheck(t.database, 'checkout');
  hiddenCheck = await buildCheck(t.database, 'payroll');
  // 600 runs over the last 10 hours, the newest 3 failed and the slowest 60 over 200 ms
  await buildRuns(
    t.database,
    checkId,
    600,
    now,
    (i) => i < 3,
    (i) => (i % 10 === 0 ? 400 : 20),
  );
  const { rows } = await t.database.pool.query<{ id: string }>(
    `INSERT INTO components (name, type, status, external_id) VALUES ('shop', 'Service', 'healthy', 'shop') RETURNING id`,
  );
  componentId = rows[0]?.id ?? '';
  await t.database.pool.query(
    `INSERT INTO check_component_relationships (check_id, component_id, canary_id)
     SELECT id, $2, canary_id FROM checks WHERE id = $1`,
    [checkId, componentId],
  );
  // the scoped person may read the checkout check alone (a row scope): not payroll, not the component
  await t.database.pool.query(`INSERT INTO permissions (action, check_id, person_id) VALUES ('read', $1, $2)`, [
    checkId,
    scoped,
  ]);
});
afterAll(async () => {
  await t.close();
});

const body = async (response: Response): Promise<TestBody> => response.json();

describe('SLO API: who may do what', () => {
  it('refuses the anonymous (401) and a viewer’s writes (403); viewers read', async () => {
    expect((await call(null, 'GET', '/api/slos')).status).toBe(401);
    expect((await call(null, 'POST', '/api/slos', {})).status).toBe(401);
    const refused = await call(viewer, 'POST', '/api/slos', { name: 'x', check_id: checkId, target: 99 });
    expect(refused.status).toBe(403);
    expect((await call(viewer, 'GET', '/api/slos')).status).toBe(200);
  });

  it('answers bad input with a 400 naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ check_id: checkId, target: 99 }, 'name: This field is required'],
      [{ name: 'a', target: 99 }, 'check_id: Choose exactly one of check_id or component_id'],
      [{ name: 'a', check_id: checkId, component_id: componentId, target: 99 }, 'check_id: Choose exactly one'],
      [{ name: 'a', check_id: checkId, target: 100 }, 'target: Target is a percentage above 0 and at most 99.999'],
      [{ name: 'a', check_id: checkId, target: '99' }, 'target: Target is a percentage'],
      [{ name: 'a', check_id: checkId, target: 99, window_days: 14 }, 'window_days: Window is one of 7, 28, 30 days'],
      [{ name: 'a', check_id: checkId, target: 99, kind: 'latency' }, 'latency_threshold_ms: A latency SLO needs'],
      [
        { name: 'a', check_id: checkId, target: 99, latency_threshold_ms: 5 },
        'latency_threshold_ms applies to latency',
      ],
      [{ name: 'a', check_id: checkId, target: 99, owner: 'me' }, 'owner: is not a field of an SLO'],
      [{ name: 'a', check_id: 'nope', target: 99 }, 'check_id: check_id must be a UUID'],
    ];
    for (const [input, message] of cases) {
      const response = await call(editor, 'POST', '/api/slos', input);
      expect(response.status, JSON.stringify(input)).toBe(400);
      expect((await body(response)).message).toContain(message);
    }
    const malformed = await call(editor, 'POST', '/api/slos', '{');
    expect(malformed.status).toBe(400);
    const missing = await call(editor, 'POST', '/api/slos', {
      name: 'a',
      check_id: '00000000-0000-4000-8000-000000000001',
      target: 99,
    });
    expect((await body(missing)).message).toBe("check_id: Check '00000000-0000-4000-8000-000000000001' not found");
    expect((await call(viewer, 'GET', '/api/slos?limit=0')).status).toBe(400);
    expect((await call(viewer, 'GET', '/api/slos?check_id=x')).status).toBe(400);
    expect((await call(viewer, 'GET', '/api/slos/report?period=2026-13')).status).toBe(400);
    expect((await call(viewer, 'GET', '/api/slos/not-a-uuid')).status).toBe(404);
  });
});

describe('SLO API: figures', () => {
  it('creates an availability SLO and answers its budget: 3 bad of 600 against 99% leave 50%', async () => {
    const created = await call(editor, 'POST', '/api/slos', {
      name: 'Checkout availability',
      check_id: checkId,
      target: 99,
      window_days: 7,
    });
    expect(created.status).toBe(201);
    const slo = await body(created);
    expect(slo).toMatchObject({ name: 'Checkout availability', target_name: 'checkout', kind: 'availability' });
    expect(slo.status).toMatchObject({
      good: 597,
      bad: 3,
      total: 600,
      sli: 99.5,
      budget_remaining: 50,
      budget_remaining_events: 3,
      excluded_minutes: 0,
    });
    // 1 h: 3 of 60 bad against 1% allowed is 5×; 5 min: 3 of 5 is 60×: under the fast page's 14.4 over the hour
    const fast = slo.status.burn_alerts.find((a: { name: string }) => a.name === 'fast');
    expect(fast).toMatchObject({ long_rate: 5, short_rate: 60, firing: false });
    const read = await body(await call(viewer, 'GET', `/api/slos/${slo.id}`));
    expect(read.status.budget_remaining).toBe(50);
    const { rows } = await t.database.pool.query(`SELECT action, target FROM audit_log WHERE target = 'slos'`);
    expect(rows).toContainEqual({ action: 'create', target: 'slos' });
  });

  it('measures latency under a threshold and a component through its linked checks', async () => {
    const latency = await body(
      await call(editor, 'POST', '/api/slos', {
        name: 'Checkout fast',
        check_id: checkId,
        kind: 'latency',
        latency_threshold_ms: 200,
        target: 95,
      }),
    );
    // 60 of 600 runs took 400 ms: 90% under 200 ms
    expect(latency.status.sli).toBeCloseTo(90, 1);
    const component = await body(
      await call(editor, 'POST', '/api/slos', { name: 'Shop', component_id: componentId, target: 99.9 }),
    );
    expect(component).toMatchObject({ target_name: 'shop', check_id: null, component_id: componentId });
    expect(component.status).toMatchObject({ total: 600, bad: 3 });
    const list = await body(await call(viewer, 'GET', `/api/slos?component_id=${componentId}`));
    expect(list.total).toBe(1);
    expect(list.items[0].name).toBe('Shop');
  });

  it('answers the budget history hour by hour, ending on the figure now', async () => {
    const { items } = await body(await call(viewer, 'GET', `/api/slos?check_id=${checkId}&limit=1`));
    const history = await body(await call(viewer, 'GET', `/api/slos/${items[0].id}/history`));
    expect(history.points.length).toBeGreaterThan(7 * 24);
    expect(history.points.at(-1).budget_remaining).toBe(items[0].status.budget_remaining);
    expect(history.points[0].budget_remaining).toBeNull();
  });

  it('hides SLOs on objects the caller may not read, on every path', async () => {
    // a deny row on the component hides it and its SLOs from a viewer
    const deniedCall = signedInPeople(t, 'slo-denied');
    const who = await deniedCall.person(['viewer']);
    await t.database.pool.query(
      `INSERT INTO permissions (action, deny, component_id, person_id) VALUES ('read', true, $1, $2)`,
      [componentId, who],
    );
    const shop = (await body(await call(viewer, 'GET', `/api/slos?component_id=${componentId}`))).items[0];
    const list = await body(await deniedCall.call(who, 'GET', '/api/slos?limit=200'));
    expect(list.items.map((s: { name: string }) => s.name)).not.toContain('Shop');
    expect((await deniedCall.call(who, 'GET', `/api/slos/${shop.id}`)).status).toBe(404);
    expect((await deniedCall.call(who, 'GET', `/api/slos/${shop.id}/history`)).status).toBe(404);
    // the data API keeps a row scope: the person who may read the checkout check alone reads its SLOs only
    const direct = await body(await call(scoped, 'GET', '/api/db/slos?select=name&order=name'));
    expect(direct.map((s: { name: string }) => s.name)).toEqual(['Checkout availability', 'Checkout fast']);
    expect((await call(scoped, 'GET', '/api/slos')).status).toBe(403);
    expect((await call(editor, 'POST', '/api/db/slos', { name: 'x' })).status).toBe(405);
  });

  it('edits and deletes; the object of an SLO stays', async () => {
    const created = await body(
      await call(editor, 'POST', '/api/slos', { name: 'Payroll', check_id: hiddenCheck, target: 99.5 }),
    );
    const edited = await call(editor, 'PATCH', `/api/slos/${created.id}`, { target: 99, window_days: 28 });
    expect(await body(edited)).toMatchObject({ target: 99, window_days: 28, check_id: hiddenCheck });
    const bad = await call(editor, 'PATCH', `/api/slos/${created.id}`, { kind: 'latency' });
    expect((await body(bad)).message).toContain('latency_threshold_ms: A latency SLO needs');
    expect((await call(editor, 'PATCH', `/api/slos/${created.id}`, { check_id: checkId })).status).toBe(400);
    expect((await call(viewer, 'PATCH', `/api/slos/${created.id}`, { target: 90 })).status).toBe(403);
    expect((await call(viewer, 'DELETE', `/api/slos/${created.id}`)).status).toBe(403);
    expect((await call(editor, 'DELETE', `/api/slos/${created.id}`)).status).toBe(204);
    expect((await call(editor, 'GET', `/api/slos/${created.id}`)).status).toBe(404);
    expect((await call(editor, 'DELETE', `/api/slos/${created.id}`)).status).toBe(404);
  });

  it('reports a month as JSON and as a CSV download', async () => {
    const period = new Date().toISOString().slice(0, 7);
    const report = await body(await call(viewer, 'GET', `/api/slos/report?period=${period}`));
    const row = report.rows.find((r: { name: string }) => r.name === 'Checkout availability');
    expect(row).toMatchObject({ good: 597, bad: 3, sli: 99.5, budget_used: 50, met: true });
    const csv = await call(viewer, 'GET', `/api/slos/report?period=${period}&format=csv`);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toContain(`slo-report-${period}.csv`);
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe(
      'period,slo_id,name,object,kind,target_percent,good,bad,total,sli_percent,budget_used_percent,excluded_minutes,met',
    );
    expect(lines.find((line) => line.includes('Checkout availability'))).toContain(',597,3,600,99.5,50,0,yes');
    const empty = await body(await call(viewer, 'GET', '/api/slos/report?period=2001-01'));
    expect(empty.rows.every((r: { total: number; met: null }) => r.total === 0 && r.met === null)).toBe(true);
  });

  it('leaves out the runs of a maintenance window that excludes uptime', async () => {
    const { items } = await body(await call(viewer, 'GET', `/api/slos?check_id=${checkId}&limit=1`));
    expect(items[0]).toMatchObject({ name: 'Checkout availability', status: { bad: 3 } });
    // the last 4 minutes (the 3 failed runs and one passed) were maintenance
    const window = await call(editor, 'POST', '/api/maintenance', {
      title: 'Checkout deploy',
      starts_at: new Date(Date.now() - 4 * 60_000).toISOString(),
      duration_minutes: 5,
      check_id: checkId,
    });
    expect(window.status).toBe(201);
    const after = await body(await call(viewer, 'GET', `/api/slos/${items[0].id}`));
    expect(after.status).toMatchObject({ good: 596, bad: 0, total: 596, budget_remaining: 100, excluded_minutes: 4 });
    expect(after.status.burn_alerts.every((a: { short_rate: number }) => a.short_rate === 0)).toBe(true);
  });
});
