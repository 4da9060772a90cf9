import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../platform/logger.js';
import { type HiddenResourceIds, type HiddenResourcePeople, seedHiddenResources } from '../../test/hidden-resources.js';
import { apiCall } from '../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { startLogCapture } from './log-capture.js';

const MISSING = '00000000-0000-4000-8000-00000000dead';

/**
 * `POST /api/logs` and the live tail narrow a search to a component's log selectors or a catalog item's
 * identity (`id`); a target the caller may not read answers as a missing one (404, the same message)
 * and none of its lines are returned.
 */
describe('logs: a target the caller may not read', () => {
  let t: TestApp;
  let ids: HiddenResourceIds;
  let people: HiddenResourcePeople;

  const search = (token: string | null, id: string) =>
    apiCall(t.app, 'POST', '/api/logs', token, { name: 'mission-control', id });
  const answer = async (response: Response) => ({
    status: response.status,
    message: ((await response.json()) as { message?: string }).message ?? '',
  });

  beforeAll(async () => {
    t = await createTestApp();
    ({ ids, people } = await seedHiddenResources(t));
    // the built-in backend needs `logs:server` (server-logs-access.ts); these people hold it by a row
    for (const person of [people.viewer, people.denied, people.subtreeOnly])
      await sql`INSERT INTO permissions (person_id, object, action) VALUES (${person.id}, 'logs:server', 'read')`.execute(
        t.database.db,
      );
    const capture = startLogCapture(t.database, { flushMs: 60_000 });
    const logger = createLogger('info', { service: 'mission-control' }, () => {});
    logger.child({ module: 'vault-logs' }).info('vault unsealed with key 42');
    logger.child({ module: 'web-logs' }).info('web served a page');
    await capture.stop();
  });

  afterAll(async () => {
    await t?.close();
  });

  it('a viewer reads the lines of any component', async () => {
    const response = await search(people.viewer.token, ids.vault);
    expect(response.status).toBe(200);
    const { lines } = (await response.json()) as { lines: { message: string }[] };
    expect(lines.map((line) => line.message)).toEqual(['vault unsealed with key 42']);
  });

  it('a component hidden by a deny row answers as a missing one, with no lines', async () => {
    expect(await answer(await search(people.denied.token, MISSING))).toEqual({
      status: 404,
      message: `No component or catalog item has the id ${MISSING}`,
    });
    expect(await answer(await search(people.denied.token, ids.vault))).toEqual({
      status: 404,
      message: `No component or catalog item has the id ${ids.vault}`,
    });
    const tail = await apiCall(
      t.app,
      'GET',
      `/api/logs/tail?name=mission-control&id=${ids.vault}`,
      people.denied.token,
    );
    expect(tail.status).toBe(404);
    expect((await search(people.denied.token, ids.web)).status).toBe(200);
  });

  it('outside a subtree grant, components and catalog items answer as missing ones', async () => {
    expect((await search(people.subtreeOnly.token, ids.vault)).status).toBe(404);
    expect((await search(people.subtreeOnly.token, ids.config)).status).toBe(404);
    const web = await search(people.subtreeOnly.token, ids.web);
    expect(web.status).toBe(200);
    expect(((await web.json()) as { lines: { message: string }[] }).lines.map((line) => line.message)).toEqual([
      'web served a page',
    ]);
  });

  it('an anonymous stranger gets 401', async () => {
    expect((await search(null, ids.vault)).status).toBe(401);
  });
});
