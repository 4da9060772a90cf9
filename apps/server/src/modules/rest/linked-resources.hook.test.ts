import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HiddenResourceIds, type HiddenResourcePeople, seedHiddenResources } from '../../test/hidden-resources.js';
import { apiCall } from '../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const MISSING = '00000000-0000-4000-8000-00000000dead';

/**
 * Evidence and silences written through `/api/db` name only resources their writer may read: a hidden
 * component (below a denied one, or outside a subtree grant), check or config item gets the very answer
 * a missing one gets from its foreign key, and nothing is stored.
 */
describe('/api/db: rows naming a resource the writer may not read', () => {
  let t: TestApp;
  let ids: HiddenResourceIds;
  let people: HiddenResourcePeople;
  let hypothesisId = '';

  const post = (token: string | null, table: string, body: Record<string, unknown>) =>
    apiCall(t.app, 'POST', `/api/db/${table}`, token, body, { prefer: 'return=representation' });
  const answer = async (response: Response) => ({ status: response.status, body: await response.text() });
  const evidence = (body: Record<string, unknown>) => ({
    hypothesis_id: hypothesisId,
    description: 'probe',
    type: 'topology',
    created_by: people.denied.id,
    ...body,
  });

  beforeAll(async () => {
    t = await createTestApp();
    ({ ids, people } = await seedHiddenResources(t));
    const db = t.database.db;
    const incident = await sql<{ id: string }>`INSERT INTO incidents (title, type, severity, created_by)
      VALUES ('estate down', 'availability', 'High', ${people.admin.id}) RETURNING id`.execute(db);
    const hypothesis = await sql<{ id: string }>`INSERT INTO hypotheses (incident_id, title, created_by)
      VALUES (${incident.rows[0]?.id}, 'root', ${people.admin.id}) RETURNING id`.execute(db);
    hypothesisId = hypothesis.rows[0]?.id ?? '';
  });

  afterAll(async () => {
    await t?.close();
  });

  it('evidence on a component below a denied one answers as on a missing one', async () => {
    const missing = await answer(await post(people.denied.token, 'evidences', evidence({ component_id: MISSING })));
    const hidden = await answer(await post(people.denied.token, 'evidences', evidence({ component_id: ids.vault })));
    expect(missing.status).toBe(409);
    expect(hidden).toEqual({ status: 409, body: missing.body.replaceAll(MISSING, ids.vault) });
    expect((await post(people.denied.token, 'evidences', evidence({ component_id: ids.web }))).status).toBe(201);
  });

  it('outside a subtree grant, checks, config items and their changes are refused the same way', async () => {
    const as = (body: Record<string, unknown>) =>
      post(people.subtreeOnly.token, 'evidences', evidence({ created_by: people.subtreeOnly.id, ...body }));
    expect((await as({ component_id: ids.secret })).status).toBe(409);
    expect((await as({ type: 'check', check_id: ids.check })).status).toBe(409);
    expect((await as({ type: 'config', config_id: ids.config })).status).toBe(409);
    const change = await sql<{ id: string }>`INSERT INTO config_changes (config_id, change_type, summary)
      VALUES (${ids.config}, 'diff', 'rotated') RETURNING id`.execute(t.database.db);
    expect((await as({ type: 'config_change', config_change_id: change.rows[0]?.id })).status).toBe(409);
    expect((await as({ component_id: ids.web })).status).toBe(201);
  });

  it('an edit cannot move evidence onto a hidden component', async () => {
    const created = await post(people.denied.token, 'evidences', evidence({ component_id: ids.public }));
    expect(created.status).toBe(201);
    const [row] = (await created.json()) as { id: string }[];
    const moved = await apiCall(t.app, 'PATCH', `/api/db/evidences?id=eq.${row?.id}`, people.denied.token, {
      component_id: ids.vault,
    });
    expect(moved.status).toBe(409);
    const stored = await sql<{
      component_id: string;
    }>`SELECT component_id FROM evidences WHERE id = ${row?.id}`.execute(t.database.db);
    expect(stored.rows[0]?.component_id).toBe(ids.public);
  });

  it('a silence on a hidden component answers as on a missing one; a viewer may not write, a stranger is 401', async () => {
    const silence = (token: string | null, componentId: string) =>
      post(token, 'notification_silences', { description: 'maintenance', component_id: componentId });
    const missing = await answer(await silence(people.denied.token, MISSING));
    const hidden = await answer(await silence(people.denied.token, ids.vault));
    expect(missing.status).toBe(409);
    expect(hidden).toEqual({ status: 409, body: missing.body.replaceAll(MISSING, ids.vault) });
    expect((await silence(people.viewer.token, ids.vault)).status).toBe(403);
    expect((await silence(null, ids.vault)).status).toBe(401);
    expect((await silence(people.denied.token, ids.web)).status).toBe(201);
    const stored = await sql<{ n: number }>`SELECT count(*)::int AS n FROM evidences e
      FULL JOIN notification_silences s ON false
      WHERE e.component_id IN (${ids.vault}, ${ids.secret}) OR s.component_id IN (${ids.vault}, ${ids.secret})`.execute(
      t.database.db,
    );
    expect(stored.rows[0]?.n).toBe(0);
  });
});
