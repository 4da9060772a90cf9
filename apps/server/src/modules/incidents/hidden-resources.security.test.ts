import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HiddenResourceIds, type HiddenResourcePeople, seedHiddenResources } from '../../test/hidden-resources.js';
import { apiCall } from '../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

interface Evidence {
  description: string;
  evidence: Record<string, unknown> | null;
  component_id: string | null;
  check_id: string | null;
  config_id: string | null;
  resource: Record<string, unknown> | null;
}

/**
 * An incident a person may read shows its evidence's resources only as far as they may read them (the
 * answer `/api/db` gives for components, checks and config items), and evidence cannot be attached to a
 * resource its writer may not read — a hidden id answers as a missing one.
 */
describe('incidents: resources a reader may not read', () => {
  let t: TestApp;
  let ids: HiddenResourceIds;
  let people: HiddenResourcePeople;
  let incidentId = '';
  let hypothesisId = '';

  const call = (token: string | null, method: string, path: string, body?: unknown) =>
    apiCall(t.app, method, path, token, body);
  const evidences = async (token: string): Promise<Evidence[]> => {
    const response = await call(token, 'GET', `/api/incidents/${incidentId}`);
    expect(response.status).toBe(200);
    return ((await response.json()) as { evidences: Evidence[] }).evidences;
  };
  const byDescription = (list: Evidence[], description: string) => list.find((e) => e.description === description);

  beforeAll(async () => {
    t = await createTestApp();
    ({ ids, people } = await seedHiddenResources(t));
    const db = t.database.db;
    const incident = await sql<{ id: string }>`INSERT INTO incidents (title, type, severity, created_by)
      VALUES ('estate down', 'availability', 'High', ${people.admin.id}) RETURNING id`.execute(db);
    incidentId = incident.rows[0]?.id ?? '';
    const hypothesis = await sql<{ id: string }>`INSERT INTO hypotheses (incident_id, title, created_by)
      VALUES (${incidentId}, 'root', ${people.admin.id}) RETURNING id`.execute(db);
    hypothesisId = hypothesis.rows[0]?.id ?? '';
    const change = await sql<{ id: string }>`INSERT INTO config_changes (config_id, change_type, summary, diff)
      VALUES (${ids.config}, 'diff', 'vault-store rotated', '-a +b') RETURNING id`.execute(db);
    await sql`INSERT INTO evidences (hypothesis_id, type, description, evidence, component_id, check_id, config_id, config_change_id, created_by)
      VALUES (${hypothesisId}, 'topology', 'on vault', '{"name": "vault"}'::jsonb, ${ids.vault}, NULL, NULL, NULL, ${people.admin.id}),
             (${hypothesisId}, 'topology', 'on web', NULL, ${ids.web}, NULL, NULL, NULL, ${people.admin.id}),
             (${hypothesisId}, 'check', 'on check', NULL, NULL, ${ids.check}, NULL, NULL, ${people.admin.id}),
             (${hypothesisId}, 'config', 'on config', NULL, NULL, NULL, ${ids.config}, NULL, ${people.admin.id}),
             (${hypothesisId}, 'config_change', 'on change', NULL, NULL, NULL, NULL, ${change.rows[0]?.id}, ${people.admin.id})`.execute(
      db,
    );
  });

  afterAll(async () => {
    await t?.close();
  });

  it('a viewer sees every evidence resource by name and status', async () => {
    const list = await evidences(people.viewer.token);
    expect(byDescription(list, 'on vault')).toMatchObject({
      component_id: ids.vault,
      evidence: { name: 'vault' },
      resource: { kind: 'component', id: ids.vault, name: 'vault', status: 'unhealthy' },
    });
    expect(byDescription(list, 'on check')?.resource).toMatchObject({ kind: 'check', name: 'vault-check' });
    expect(byDescription(list, 'on change')?.resource).toMatchObject({
      kind: 'config_change',
      config_name: 'vault-store',
    });
  });

  it('a deny row on a component hides it from the evidence: no id, name, status or snapshot', async () => {
    const list = await evidences(people.denied.token);
    expect(byDescription(list, 'on vault')).toMatchObject({
      component_id: null,
      evidence: null,
      resource: { kind: 'hidden', of: 'component' },
    });
    expect(byDescription(list, 'on web')?.resource).toMatchObject({ kind: 'component', name: 'web' });
    expect(byDescription(list, 'on check')?.resource).toMatchObject({ kind: 'check', name: 'vault-check' });
    const text = JSON.stringify(list);
    expect(text).not.toContain(ids.vault);
    expect(text).not.toContain('"vault"');
  });

  it('a subtree grant shows only that subtree: other components, checks, configs and changes are hidden', async () => {
    const list = await evidences(people.subtreeOnly.token);
    expect(byDescription(list, 'on web')?.resource).toMatchObject({ kind: 'component', id: ids.web, name: 'web' });
    expect(byDescription(list, 'on vault')?.resource).toEqual({ kind: 'hidden', of: 'component' });
    expect(byDescription(list, 'on check')?.resource).toEqual({ kind: 'hidden', of: 'check' });
    expect(byDescription(list, 'on config')?.resource).toEqual({ kind: 'hidden', of: 'config' });
    expect(byDescription(list, 'on change')?.resource).toEqual({ kind: 'hidden', of: 'config_change' });
    const text = JSON.stringify(list);
    for (const secret of ['vault-check', 'vault-store', ids.vault, ids.check, ids.config])
      expect(text).not.toContain(secret);
  });

  it('editing evidence on a hidden resource answers without its link ids or snapshot; the row keeps them', async () => {
    const found = await sql<{ id: string }>`SELECT id FROM evidences WHERE description = 'on vault'`.execute(
      t.database.db,
    );
    const path = `/api/incidents/${incidentId}/evidences/${found.rows[0]?.id}`;
    const edited = await call(people.denied.token, 'PATCH', path, { done: true });
    expect(edited.status).toBe(200);
    const text = await edited.text();
    expect(JSON.parse(text)).toMatchObject({ done: true, component_id: null, evidence: null });
    expect(text).not.toContain(ids.vault);
    expect(text).not.toContain('"vault"');
    const admin = await call(people.admin.token, 'PATCH', path, { done: false });
    expect(await admin.json()).toMatchObject({ done: false, component_id: ids.vault, evidence: { name: 'vault' } });
  });

  it('an anonymous stranger gets 401', async () => {
    expect((await call(null, 'GET', `/api/incidents/${incidentId}`)).status).toBe(401);
  });

  it('evidence on a hidden component answers as on a missing one, and writes nothing', async () => {
    const missing = '00000000-0000-4000-8000-00000000dead';
    const attach = (token: string, componentId: string) =>
      call(token, 'POST', `/api/incidents/${incidentId}/evidences`, {
        hypothesis_id: hypothesisId,
        description: 'probe',
        type: 'topology',
        component_id: componentId,
      });
    const absent = await attach(people.denied.token, missing);
    const hidden = await attach(people.denied.token, ids.vault);
    expect(absent.status).toBe(400);
    expect(hidden.status).toBe(400);
    expect(((await hidden.json()) as { message: string }).message).toBe(`No component with id ${ids.vault}`);
    expect((await attach(people.subtreeOnly.token, ids.secret)).status).toBe(400);
    expect((await attach(people.subtreeOnly.token, ids.web)).status).toBe(201);
    expect((await attach(people.viewer.token, ids.vault)).status).toBe(403);
    expect((await attach(people.admin.token, ids.vault)).status).toBe(201);
    const probes = await sql<{ n: number }>`SELECT count(*)::int AS n FROM evidences
      WHERE description = 'probe' AND component_id = ${ids.vault}`.execute(t.database.db);
    expect(probes.rows[0]?.n).toBe(1);
  });

  it('evidence on a hidden check or config item is refused the same way', async () => {
    const attach = (body: Record<string, unknown>) =>
      call(people.subtreeOnly.token, 'POST', `/api/incidents/${incidentId}/evidences`, {
        hypothesis_id: hypothesisId,
        description: 'probe',
        type: 'check',
        ...body,
      });
    expect((await attach({ check_id: ids.check })).status).toBe(400);
    expect((await attach({ type: 'config', config_id: ids.config })).status).toBe(400);
  });

  it('the link flow (Link to Incident from a catalog item, change or component) refuses a hidden resource', async () => {
    const link = (token: string | null, body: Record<string, unknown>) =>
      call(token, 'POST', '/api/incidents/link', {
        incident_id: incidentId,
        hypothesisId,
        description: 'linked',
        type: 'topology',
        ...body,
      });
    const hidden = await link(people.denied.token, { component_id: ids.vault });
    expect(hidden.status).toBe(400);
    expect(((await hidden.json()) as { message: string }).message).toBe(`No component with id ${ids.vault}`);
    expect((await link(people.subtreeOnly.token, { type: 'config', config_id: ids.config })).status).toBe(400);
    expect((await link(people.denied.token, { component_id: ids.web })).status).toBe(201);
    expect((await link(null, { component_id: ids.vault })).status).toBe(401);
  });
});
