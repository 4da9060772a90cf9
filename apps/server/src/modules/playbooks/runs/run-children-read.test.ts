import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signedInUser } from '../../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

/**
 * A run's actions and approvals through /api/db are read exactly as the run is: a person whose
 * permission rows name one playbook reads the actions and approvals of that playbook's runs (the
 * console's run page asks `playbook_run_actions?playbook_run_id=eq.…`), none of another playbook's runs,
 * and a reader refused runs is refused them too; readers of every run are unchanged.
 */
let t: TestApp;
const ids: Record<string, string> = {};
const who: Record<string, string> = {};

const get = (path: string, token: string | null) => Promise.resolve(apiCall(t.app, 'GET', `/api/db/${path}`, token));
const one = async (text: string, values: unknown[] = []) =>
  String((await t.database.pool.query(text, values)).rows[0]?.id ?? '');
/** Status and sorted values of `key` of an answer's rows (none when refused). */
async function answer(res: Response, key: string): Promise<[number, string[]]> {
  if (res.status !== 200) return [res.status, []];
  const rows = (await res.json()) as Record<string, unknown>[];
  return [res.status, rows.map((r) => String(r[key])).sort()];
}

beforeAll(async () => {
  t = await createTestApp();
  const approver = await signedInUser(t, { roles: ['editor'] });
  for (const name of ['a', 'b']) {
    ids[`playbook_${name}`] = await one('INSERT INTO playbooks (name) VALUES ($1) RETURNING id', [`children-${name}`]);
    ids[`run_${name}`] = await one(
      `INSERT INTO playbook_runs (playbook_id, status) VALUES ($1, 'completed') RETURNING id`,
      [ids[`playbook_${name}`]],
    );
    ids[`action_${name}`] = await one(
      `INSERT INTO playbook_run_actions (playbook_run_id, name, status) VALUES ($1, 'script', 'completed') RETURNING id`,
      [ids[`run_${name}`]],
    );
    ids[`approval_${name}`] = await one(
      'INSERT INTO playbook_approvals (run_id, person_id) VALUES ($1, $2) RETURNING id',
      [ids[`run_${name}`], approver.id],
    );
  }
  for (const role of ['admin', 'viewer']) who[role] = (await signedInUser(t, { roles: [role] })).token;
  const person = async (name: string, roles: string[], rows: Record<string, unknown>[]) => {
    const user = await signedInUser(t, { roles });
    for (const row of rows) {
      const columns = ['person_id', ...Object.keys(row)];
      await t.database.pool.query(
        `INSERT INTO permissions (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
        [user.id, ...Object.values(row)],
      );
    }
    who[name] = user.token;
  };
  await person('bare', [], []);
  await person('runScoped', [], [{ playbook_id: ids.playbook_b, action: 'read' }]);
  await person('viewerNoRuns', ['viewer'], [{ object: 'playbook_runs', action: 'read', deny: true }]);
});
afterAll(() => t.close());

describe('a run’s actions and approvals are read as the run is', () => {
  it('a reader scoped to one playbook reads the run page’s calls of a run of it', async () => {
    const token = who.runScoped ?? '';
    expect(await answer(await get(`playbook_runs?id=eq.${ids.run_b}`, token), 'id')).toEqual([200, [ids.run_b]]);
    const actions = `playbook_run_actions?playbook_run_id=eq.${ids.run_b}&order=start_time.asc`;
    expect(await answer(await get(actions, token), 'id')).toEqual([200, [ids.action_b]]);
    expect(await answer(await get(`playbook_approvals?run_id=eq.${ids.run_b}`, token), 'id')).toEqual([
      200,
      [ids.approval_b],
    ]);
    const embedded = await get(
      `playbook_runs?id=eq.${ids.run_b}&select=id,playbook_run_actions(id),playbook_approvals(id)`,
      token,
    );
    expect(embedded.status).toBe(200);
    expect(await embedded.json()).toEqual([
      { id: ids.run_b, playbook_run_actions: [{ id: ids.action_b }], playbook_approvals: [{ id: ids.approval_b }] },
    ]);
  });

  it('a reader scoped to one playbook gets for another playbook’s run what playbook_runs gives: nothing', async () => {
    const token = who.runScoped ?? '';
    expect(await answer(await get(`playbook_runs?id=eq.${ids.run_a}`, token), 'id')).toEqual([200, []]);
    for (const path of [
      `playbook_run_actions?playbook_run_id=eq.${ids.run_a}&order=start_time.asc`,
      `playbook_run_actions?id=eq.${ids.action_a}`,
      `playbook_approvals?run_id=eq.${ids.run_a}`,
      `playbook_approvals?id=eq.${ids.approval_a}`,
    ]) {
      expect(await answer(await get(path, token), 'id'), path).toEqual([200, []]);
    }
  });

  it.each([
    ['admin', ['a', 'b']],
    ['viewer', ['a', 'b']],
    ['runScoped', ['b']],
  ])('%s reads the actions and approvals of exactly the runs they read', async (reader, runs) => {
    const token = who[reader] ?? '';
    expect(await answer(await get('playbook_runs', token), 'id')).toEqual([200, runs.map((r) => ids[`run_${r}`])]);
    expect(await answer(await get('playbook_run_actions', token), 'playbook_run_id')).toEqual([
      200,
      runs.map((r) => ids[`run_${r}`]),
    ]);
    expect(await answer(await get('playbook_approvals', token), 'run_id')).toEqual([
      200,
      runs.map((r) => ids[`run_${r}`]),
    ]);
  });

  it('a reader refused runs is refused their actions and approvals (403), and no session is 401', async () => {
    for (const table of ['playbook_runs', 'playbook_run_actions', 'playbook_approvals']) {
      for (const reader of ['bare', 'viewerNoRuns']) {
        const res = await get(`${table}?select=id`, who[reader] ?? '');
        expect(res.status, `${reader} ${table}`).toBe(403);
        expect(await res.json()).toMatchObject({ code: '42501' });
      }
      expect((await get(table, null)).status, table).toBe(401);
    }
  });
});

describe('rpc/get_playbook_run_actions is read as the runs it answers', () => {
  const rpc = (run: string | undefined, reader: string) =>
    get(`rpc/get_playbook_run_actions?run_id=${run}`, who[reader] ?? '');
  beforeAll(async () => {
    // a child run of run_b that belongs to playbook a: its action is shown as its own run is
    ids.child = await one(
      `INSERT INTO playbook_runs (playbook_id, parent_id, status) VALUES ($1, $2, 'completed') RETURNING id`,
      [ids.playbook_a, ids.run_b],
    );
    ids.action_child = await one(
      `INSERT INTO playbook_run_actions (playbook_run_id, name, status) VALUES ($1, 'child', 'completed') RETURNING id`,
      [ids.child],
    );
  });

  it('answers readers of every run the run’s actions and its child runs’', async () => {
    for (const reader of ['admin', 'viewer']) {
      expect(await answer(await rpc(ids.run_b, reader), 'id'), reader).toEqual([
        200,
        [ids.action_b, ids.action_child].sort(),
      ]);
    }
  });

  it('answers a reader scoped to one playbook the actions of the runs they read, nothing of another’s', async () => {
    expect(await answer(await rpc(ids.run_b, 'runScoped'), 'id')).toEqual([200, [ids.action_b]]);
    expect(await answer(await rpc(ids.run_a, 'runScoped'), 'id')).toEqual([200, []]);
  });

  it('refuses a reader refused runs (403)', async () => {
    for (const reader of ['bare', 'viewerNoRuns']) {
      const res = await rpc(ids.run_b, reader);
      expect(res.status, reader).toBe(403);
      expect(await res.json()).toMatchObject({ code: '42501' });
    }
  });
});
