import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HiddenResourceIds, type HiddenResourcePeople, seedHiddenResources } from '../../test/hidden-resources.js';
import { apiCall } from '../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const MISSING = '00000000-0000-4000-8000-00000000dead';

interface Preview {
  covers: { id: string; kind: string; name: string }[];
}

/**
 * A silence names only a resource its caller may read: create, edit and preview answer a hidden
 * component, check, config item or canary as a missing one (400, the same message), and a recursive
 * preview leaves out the hidden descendants of a visible component.
 */
describe('notification silences: resources a caller may not read', () => {
  let t: TestApp;
  let ids: HiddenResourceIds;
  let people: HiddenResourcePeople;

  const call = (token: string | null, method: string, path: string, body?: unknown) =>
    apiCall(t.app, method, path, token, body);
  const answer = async (response: Response) => ({
    status: response.status,
    message: ((await response.json()) as { message?: string }).message ?? '',
  });
  const preview = (token: string | null, body: Record<string, unknown>) =>
    call(token, 'POST', '/api/notification/silence_preview', body);
  const create = (token: string | null, body: Record<string, unknown>) =>
    call(token, 'POST', '/api/notification/silence', { description: 'maintenance', ...body });

  beforeAll(async () => {
    t = await createTestApp();
    ({ ids, people } = await seedHiddenResources(t));
  });

  afterAll(async () => {
    await t?.close();
  });

  it('a recursive preview of a visible component leaves out its hidden descendants', async () => {
    const names = async (token: string) => {
      const response = await preview(token, { component_id: ids.estate, recursive: true });
      expect(response.status).toBe(200);
      return ((await response.json()) as Preview).covers.map((resource) => resource.name).sort();
    };
    expect(await names(people.viewer.token)).toEqual(['estate', 'public', 'secret', 'vault', 'web']);
    expect(await names(people.denied.token)).toEqual(['estate', 'public', 'web']);
  });

  it('a preview of a hidden resource answers as of a missing one', async () => {
    expect(await answer(await preview(people.denied.token, { component_id: MISSING }))).toEqual({
      status: 400,
      message: `No component with id ${MISSING}`,
    });
    expect(await answer(await preview(people.denied.token, { component_id: ids.vault }))).toEqual({
      status: 400,
      message: `No component with id ${ids.vault}`,
    });
    expect((await preview(people.subtreeOnly.token, { check_id: ids.check })).status).toBe(400);
    expect((await preview(people.subtreeOnly.token, { canary_id: ids.canary })).status).toBe(400);
    expect((await preview(people.subtreeOnly.token, { config_id: ids.config })).status).toBe(400);
    expect((await preview(people.subtreeOnly.token, { component_id: ids.web })).status).toBe(200);
    expect((await preview(null, { component_id: ids.vault })).status).toBe(401);
  });

  it('a silence on a hidden resource is refused as on a missing one and not stored', async () => {
    expect(await answer(await create(people.denied.token, { component_id: MISSING }))).toEqual({
      status: 400,
      message: `No component with id ${MISSING}`,
    });
    expect(await answer(await create(people.denied.token, { component_id: ids.vault }))).toEqual({
      status: 400,
      message: `No component with id ${ids.vault}`,
    });
    expect((await create(people.subtreeOnly.token, { config_id: ids.config })).status).toBe(400);
    expect((await create(people.viewer.token, { component_id: ids.web })).status).toBe(403);
    expect((await create(null, { component_id: ids.vault })).status).toBe(401);
    const stored = await sql<{ n: number }>`SELECT count(*)::int AS n FROM notification_silences
      WHERE component_id IN (${ids.vault}, ${ids.secret}) OR config_id = ${ids.config}`.execute(t.database.db);
    expect(stored.rows[0]?.n).toBe(0);
    expect((await create(people.subtreeOnly.token, { component_id: ids.web })).status).toBe(201);
  });

  it('an edit cannot move a silence onto a hidden resource', async () => {
    const created = await create(people.denied.token, { component_id: ids.web });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const moved = await call(people.denied.token, 'PATCH', `/api/notification/silence/${id}`, {
      component_id: ids.vault,
    });
    expect(await answer(moved)).toEqual({ status: 400, message: `No component with id ${ids.vault}` });
    const row = await sql<{
      component_id: string;
    }>`SELECT component_id FROM notification_silences WHERE id = ${id}`.execute(t.database.db);
    expect(row.rows[0]?.component_id).toBe(ids.web);
  });
  it("the console's silences list names each resource through one embedded read, hidden ones as null", async () => {
    await sql`INSERT INTO notification_silences (description, check_id) VALUES ('list check', ${ids.check})`.execute(
      t.database.db,
    );
    await sql`INSERT INTO notification_silences (description, component_id) VALUES ('list vault', ${ids.vault})`.execute(
      t.database.db,
    );
    // the select of apps/web features/notifications/api/silences.ts
    const select =
      '*,check:checks(id,name,type,icon),component:components(id,name,type,icon),config:config_items(id,name,type,config_class),canary:canaries(id,name)';
    const list = async (token: string) => {
      const response = await call(
        token,
        'GET',
        `/api/db/notification_silences?select=${encodeURIComponent(select)}&description=like.list*&order=description.asc`,
      );
      expect(response.status).toBe(200);
      const rows = (await response.json()) as Array<{
        check: { name: string } | null;
        component: { name: string } | null;
      }>;
      return rows.map((row) => [row.check?.name ?? null, row.component?.name ?? null]);
    };
    const names = await list(people.viewer.token);
    expect(names[0]?.[0]).toEqual(expect.any(String));
    expect(names[1]).toEqual([null, 'vault']);
    expect((await list(people.denied.token))[1]).toEqual([null, null]);
  });
});
