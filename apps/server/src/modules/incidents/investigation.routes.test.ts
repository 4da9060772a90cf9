import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIncidentsTestApp, factories, type IncidentsTestApp } from './testing/incidents-test-app.js';

let t: IncidentsTestApp;
let f: ReturnType<typeof factories>;
let rita: string;
let viewer: string;
let incident: string;
let other: string;

const newIncident = async (title: string) =>
  (await (await t.call(rita, 'POST', '/api/incidents', { title, type: 'availability', severity: 'low' })).json())
    .id as string;
const hypothesis = async (body: Record<string, unknown>, on = incident) =>
  t.call(rita, 'POST', `/api/incidents/${on}/hypotheses`, body);
const evidence = async (body: Record<string, unknown>, on = incident) =>
  t.call(rita, 'POST', `/api/incidents/${on}/evidences`, body);
const count = async (sql: string, params: unknown[]) => (await t.database.pool.query(sql, params)).rows[0].n as number;

beforeAll(async () => {
  t = await createIncidentsTestApp();
  f = factories(t.database);
  rita = await t.person(['responder'], 'Rita Responder');
  viewer = await t.person(['viewer']);
  incident = await newIncident('API errors');
  other = await newIncident('Other incident');
});
afterAll(async () => {
  await t.close();
});

describe('hypotheses', () => {
  it('creates root and possible by default, and builds root → factor → solution', async () => {
    const root = await (await hypothesis({ title: 'Bad deploy' })).json();
    expect(root).toMatchObject({ type: 'root', status: 'possible', parent_id: null });
    const factor = await hypothesis({ title: 'Pool too small', type: 'factor', parent_id: root.id, status: 'likely' });
    expect(factor.status).toBe(201);
    const factorId = (await factor.json()).id;
    expect((await hypothesis({ title: 'Raise pool', type: 'solution', parent_id: factorId })).status).toBe(201);
  });

  it('refuses a bad tree, a bad status and a parent of another incident', async () => {
    const root = await (await hypothesis({ title: 'Root' })).json();
    const solutionUnderRoot = await hypothesis({ title: 'x', type: 'solution', parent_id: root.id });
    expect(solutionUnderRoot.status).toBe(400);
    expect((await solutionUnderRoot.json()).message).toMatch(/cannot be under a root/);
    const orphanFactor = await hypothesis({ title: 'x', type: 'factor' });
    expect((await orphanFactor.json()).message).toBe('A factor hypothesis needs a parent');
    const status = await hypothesis({ title: 'x', status: 'certain' });
    expect((await status.json()).message).toMatch(
      /^Unknown hypothesis status 'certain'\. Expected one of: proven, likely/,
    );
    const foreign = await hypothesis({ title: 'x', type: 'factor', parent_id: root.id }, other);
    expect(foreign.status).toBe(400);
    expect((await foreign.json()).message).toMatch(/is not a hypothesis of this incident/);
  });

  it('edits title and status in place and records the status change', async () => {
    const root = await (await hypothesis({ title: 'Cache' })).json();
    const edit = await t.call(rita, 'PATCH', `/api/incidents/${incident}/hypotheses/${root.id}`, {
      title: 'Cache stampede',
      status: 'proven',
    });
    expect(await edit.json()).toMatchObject({ title: 'Cache stampede', status: 'proven' });
    const history = await (await t.call(viewer, 'GET', `/api/incidents/${incident}/history`)).json();
    expect(history[0]).toMatchObject({
      type: 'hypothesis.status_updated',
      properties: { from: 'possible', to: 'proven' },
    });
    expect(
      (await t.call(rita, 'PATCH', `/api/incidents/${other}/hypotheses/${root.id}`, { status: 'likely' })).status,
    ).toBe(404);
  });

  it('deletes a hypothesis with its subtree, comments and evidence, leaving no orphans', async () => {
    const root = await (await hypothesis({ title: 'Doomed' })).json();
    const factor = await (await hypothesis({ title: 'Doomed factor', type: 'factor', parent_id: root.id })).json();
    await evidence({ hypothesis_id: root.id, type: 'log', description: 'log line' });
    await evidence({ hypothesis_id: factor.id, type: 'log', description: 'another' });
    await t.call(rita, 'POST', `/api/incidents/${incident}/comments`, { comment: 'on root', hypothesis_id: root.id });
    await t.call(rita, 'POST', `/api/incidents/${incident}/comments`, {
      comment: 'on factor',
      hypothesis_id: factor.id,
    });
    const response = await t.call(rita, 'DELETE', `/api/incidents/${incident}/hypotheses/${root.id}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ evidences: 2, comments: 2 });
    const ids = [root.id, factor.id];
    expect(await count('SELECT count(*)::int AS n FROM hypotheses WHERE id = ANY($1)', [ids])).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM evidences WHERE hypothesis_id = ANY($1)', [ids])).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM comments WHERE hypothesis_id = ANY($1)', [ids])).toBe(0);
    expect(
      await count(
        'SELECT count(*)::int AS n FROM evidences e LEFT JOIN hypotheses h ON h.id = e.hypothesis_id WHERE h.id IS NULL',
        [],
      ),
    ).toBe(0);
    expect((await t.call(rita, 'DELETE', `/api/incidents/${incident}/hypotheses/${root.id}`)).status).toBe(404);
  });
});

describe('evidence', () => {
  let root: string;
  beforeAll(async () => {
    root = (await (await hypothesis({ title: 'Evidence root' })).json()).id;
  });

  it('links every resource kind and shows it live in the detail', async () => {
    const check = await f.check('unhealthy', 'api-health');
    const config = await f.config('unhealthy');
    const change = await f.change(config);
    const analysis = await f.analysis(config);
    const component = await f.component();
    for (const body of [
      { type: 'check', check_id: check },
      { type: 'config', config_id: config },
      { type: 'config_change', config_change_id: change },
      { type: 'config_analysis', config_analysis_id: analysis },
      { type: 'topology', component_id: component },
      { type: 'log', description: 'stack trace', script: 'kubectl logs api' },
    ]) {
      const response = await evidence({ hypothesis_id: root, ...body });
      expect(response.status).toBe(201);
    }
    const detail = await (await t.call(viewer, 'GET', `/api/incidents/${incident}`)).json();
    const byType = Object.fromEntries(
      detail.evidences.map((e: { type: string; resource: unknown }) => [e.type, e.resource]),
    );
    expect(byType.check).toMatchObject({
      kind: 'check',
      name: 'api-health',
      status: 'unhealthy',
      uptime: { passed: 6, failed: 2 },
    });
    expect(byType.config).toMatchObject({ kind: 'config', health: 'unhealthy' });
    expect(byType.config_change).toMatchObject({ kind: 'config_change', diff: '-a\n+b', summary: 'image bumped' });
    expect(byType.config_analysis).toMatchObject({ kind: 'config_analysis', analyzer: 'trivy' });
    expect(byType.topology).toMatchObject({ kind: 'component', status: 'healthy' });
    expect(byType.log).toBeNull();
    await t.database.pool.query("UPDATE checks SET status = 'healthy' WHERE id = $1", [check]);
    const again = await (await t.call(viewer, 'GET', `/api/incidents/${incident}`)).json();
    expect(again.evidences.find((e: { type: string }) => e.type === 'check').resource.status).toBe('healthy');
    const listed = await (await t.call(viewer, 'GET', `/api/incidents/${incident}/history`)).json();
    const attached = new Set(detail.evidences.map((e: { id: string }) => e.id));
    const recorded = listed.filter(
      (h: { type: string; evidence_id: string }) => h.type === 'evidence.created' && attached.has(h.evidence_id),
    );
    expect(recorded).toHaveLength(detail.evidences.length);
  });

  it('refuses evidence for a resource that does not exist, a missing link, an unknown type or a foreign hypothesis', async () => {
    const ghost = '00000000-0000-0000-0000-00000000beef';
    for (const [body, message] of [
      [{ type: 'check', check_id: ghost }, `No check with id ${ghost}`],
      [{ type: 'config', config_id: ghost }, `No config item with id ${ghost}`],
      [{ type: 'config_change', config_change_id: ghost }, `No config change with id ${ghost}`],
      [{ type: 'topology', component_id: ghost }, `No component with id ${ghost}`],
      [{ type: 'check' }, 'check evidence needs check_id'],
      [{ type: 'screenshot' }, /^Unknown evidence type 'screenshot'/],
    ] as const) {
      const response = await evidence({ hypothesis_id: root, ...body });
      expect(response.status).toBe(400);
      expect((await response.json()).message).toMatch(message);
    }
    const foreign = await evidence({ hypothesis_id: root, type: 'log' }, other);
    expect(foreign.status).toBe(400);
    expect((await foreign.json()).message).toMatch(/is not a hypothesis of this incident/);
  });

  it('toggles definition of done and done, recording each with who', async () => {
    const created = await (await evidence({ hypothesis_id: root, type: 'log', description: 'error rate' })).json();
    const path = `/api/incidents/${incident}/evidences/${created.id}`;
    expect(await (await t.call(rita, 'PATCH', path, { definition_of_done: true })).json()).toMatchObject({
      definition_of_done: true,
    });
    expect(await (await t.call(rita, 'PATCH', path, { done: true })).json()).toMatchObject({ done: true });
    const history = await (await t.call(viewer, 'GET', `/api/incidents/${incident}/history?limit=2`)).json();
    expect(history.map((h: { description: string }) => h.description)).toEqual([
      "Marked 'error rate' as done",
      "Added 'error rate' to the definition of done",
    ]);
    expect(history[0].created_by).toMatchObject({ id: rita, name: 'Rita Responder' });
    expect((await t.call(rita, 'PATCH', path, { done: 'yes' })).status).toBe(400);
    expect((await t.call(viewer, 'PATCH', path, { done: false })).status).toBe(403);
    expect((await t.call(rita, 'DELETE', path)).status).toBe(204);
    expect((await t.call(rita, 'DELETE', path)).status).toBe(404);
  });
});
