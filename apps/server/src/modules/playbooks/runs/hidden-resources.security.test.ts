import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type HiddenResourceIds,
  type HiddenResourcePeople,
  seedHiddenResources,
} from '../../../test/hidden-resources.js';
import { apiCall } from '../../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

const MISSING = '00000000-0000-4000-8000-00000000dead';

/**
 * The playbook routes that take a resource id (`/api/playbook/list`, `POST /api/playbook/{id}/params`,
 * `POST /api/playbook/run`, and approve and cancel of a run on one) answer for a component, check or
 * config item the caller may not read exactly as for a missing one (404, the same message), and never
 * start a run on it.
 */
describe('playbooks: resources a caller may not read', () => {
  let t: TestApp;
  let ids: HiddenResourceIds;
  let people: HiddenResourcePeople;
  let playbookId = '';

  const call = (token: string | null, method: string, path: string, body?: unknown) =>
    apiCall(t.app, method, path, token, body);
  const answer = async (response: Response) => ({
    status: response.status,
    message: ((await response.json()) as { message?: string }).message ?? '',
  });
  const runsOn = async (column: 'component_id' | 'check_id' | 'config_id', id: string) =>
    (
      await sql<{ n: number }>`SELECT count(*)::int AS n FROM playbook_runs WHERE ${sql.ref(column)} = ${id}`.execute(
        t.database.db,
      )
    ).rows[0]?.n;

  beforeAll(async () => {
    t = await createTestApp();
    ({ ids, people } = await seedHiddenResources(t));
    const spec = {
      components: [{ type: 'Service' }],
      checks: [{ type: 'http' }],
      configs: [{ type: 'Vault::*' }],
      parameters: [{ name: 'reason', label: 'Reason' }],
      actions: [{ name: 'notify', http: { url: 'http://127.0.0.1:9/hook', method: 'POST' } }],
    };
    const { rows } = await sql<{ id: string }>`INSERT INTO playbooks (name, spec)
      VALUES ('restart-service', ${JSON.stringify(spec)}::jsonb) RETURNING id`.execute(t.database.db);
    playbookId = rows[0]?.id ?? '';
  });

  afterAll(async () => {
    await t?.close();
  });

  it('the list for a hidden component answers as for a missing one', async () => {
    const list = (token: string | null, id: string) => call(token, 'GET', `/api/playbook/list?component_id=${id}`);
    const missing = await answer(await list(people.denied.token, MISSING));
    const hidden = await answer(await list(people.denied.token, ids.vault));
    expect(missing.status).toBe(404);
    expect(hidden).toEqual({ status: 404, message: `The component ${ids.vault} was not found` });
    expect((await list(people.subtreeOnly.token, ids.secret)).status).toBe(404);
    expect((await list(people.subtreeOnly.token, ids.web)).status).toBe(200);
    expect((await list(people.viewer.token, ids.vault)).status).toBe(200);
    expect((await list(null, ids.vault)).status).toBe(401);
  });

  it('a check or config item outside a subtree grant is hidden from the list too', async () => {
    expect((await call(people.subtreeOnly.token, 'GET', `/api/playbook/list?check_id=${ids.check}`)).status).toBe(404);
    expect((await call(people.subtreeOnly.token, 'GET', `/api/playbook/list?config_id=${ids.config}`)).status).toBe(
      404,
    );
    expect((await call(people.denied.token, 'GET', `/api/playbook/list?check_id=${ids.check}`)).status).toBe(200);
  });

  it('parameters for a hidden resource answer as for a missing one', async () => {
    const params = (token: string | null, body: Record<string, string>) =>
      call(token, 'POST', `/api/playbook/${playbookId}/params`, body);
    expect(await answer(await params(people.denied.token, { component_id: ids.vault }))).toEqual({
      status: 404,
      message: `The component ${ids.vault} was not found`,
    });
    expect((await params(people.subtreeOnly.token, { config_id: ids.config })).status).toBe(404);
    expect((await params(people.subtreeOnly.token, { component_id: ids.web })).status).toBe(200);
    expect((await params(people.viewer.token, { component_id: ids.vault })).status).toBe(200);
    expect((await params(null, { component_id: ids.vault })).status).toBe(401);
  });

  it('a run on a hidden resource is a 404 and starts nothing; on a visible one it starts', async () => {
    const run = (token: string | null, body: Record<string, unknown>) =>
      call(token, 'POST', '/api/playbook/run', { id: playbookId, params: { reason: 'probe' }, ...body });
    expect(await answer(await run(people.denied.token, { component_id: ids.vault }))).toEqual({
      status: 404,
      message: `The component ${ids.vault} was not found`,
    });
    expect(await answer(await run(people.denied.token, { component_id: MISSING }))).toEqual({
      status: 404,
      message: `The component ${MISSING} was not found`,
    });
    expect((await run(people.subtreeOnly.token, { component_id: ids.secret })).status).toBe(404);
    expect((await run(people.subtreeOnly.token, { check_id: ids.check })).status).toBe(404);
    expect((await run(null, { component_id: ids.vault })).status).toBe(401);
    expect((await run(people.viewer.token, { component_id: ids.vault })).status).toBe(403);
    expect(await runsOn('component_id', ids.vault)).toBe(0);
    expect(await runsOn('component_id', ids.secret)).toBe(0);
    expect(await runsOn('check_id', ids.check)).toBe(0);
    expect((await run(people.subtreeOnly.token, { component_id: ids.web })).status).toBe(201);
    expect((await run(people.denied.token, { check_id: ids.check })).status).toBe(201);
  });

  it('a run on a hidden resource can be neither approved nor cancelled by whom it is hidden from', async () => {
    const spec = {
      components: [{ type: 'Service' }],
      approval: { approvers: { people: [people.denied.id] } },
      actions: [{ name: 'notify', http: { url: 'http://127.0.0.1:9/hook', method: 'POST' } }],
    };
    const { rows } = await sql<{ id: string }>`INSERT INTO playbooks (name, spec)
      VALUES ('approved-restart', ${JSON.stringify(spec)}::jsonb) RETURNING id`.execute(t.database.db);
    const started = await call(people.admin.token, 'POST', '/api/playbook/run', {
      id: rows[0]?.id,
      component_id: ids.vault,
    });
    expect(started.status).toBe(201);
    const { run_id: runId } = (await started.json()) as { run_id: string };
    const missing = await answer(await call(people.denied.token, 'POST', `/api/playbook/run/approve/${MISSING}`));
    expect(missing).toEqual({ status: 404, message: `Playbook run ${MISSING} was not found` });
    expect(await answer(await call(people.denied.token, 'POST', `/api/playbook/run/approve/${runId}`))).toEqual({
      status: 404,
      message: `Playbook run ${runId} was not found`,
    });
    expect(await answer(await call(people.denied.token, 'POST', `/api/playbook/run/cancel/${runId}`))).toEqual({
      status: 404,
      message: `Playbook run ${runId} was not found`,
    });
    const status = await sql<{ status: string }>`SELECT status FROM playbook_runs WHERE id = ${runId}`.execute(
      t.database.db,
    );
    expect(status.rows[0]?.status).toBe('pending_approval');
    expect((await call(people.admin.token, 'POST', `/api/playbook/run/cancel/${runId}`)).status).toBe(200);
  });
});
