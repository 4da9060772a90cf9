import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signedInUser } from '../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * `artifacts` through /api/db (issue 29): the metadata of files a playbook action or an exec check kept,
 * read under the parent's read rule — a run's artifacts as the run is read, a check's as the check is —
 * and the bytes never, in any representation: `*`, select, filters (`or=`, `not.`), order, CSV, object,
 * HEAD and counts, embeds from either side, the RPC that lists a run's actions. Writes answer 405 naming
 * the routes. Each reader below reads exactly the artifacts of the parents they may read.
 */
let t: TestApp;
const ids: Record<string, string> = {};
const who: Record<string, string> = {};
const CONTENT = ['RUN-A-BYTES-7f3e', 'RUN-B-BYTES-91c2', 'CHECK-1-BYTES-0d4a', 'CHECK-2-BYTES-b8e5'];

const get = (path: string, token: string | null, headers: Record<string, string> = {}, method = 'GET') =>
  Promise.resolve(apiCall(t.app, method, `/api/db/${path}`, token, undefined, headers));
const one = async (text: string, values: unknown[] = []) =>
  String((await t.database.pool.query(text, values)).rows[0]?.id ?? '');
/** The text of an answer, checked to hold none of the stored bytes. */
async function textOf(res: Response): Promise<string> {
  const text = await res.text();
  for (const bytes of CONTENT) expect(text).not.toContain(bytes);
  return text;
}
const idsOf = async (res: Response) => {
  expect(res.status).toBe(200);
  return (JSON.parse(await textOf(res)) as { id: string }[]).map((r) => r.id).sort();
};
const artifact = (column: string, parent: string, path: string, content: string) =>
  one(
    `INSERT INTO artifacts (${column}, path, filename, size, content_type, checksum, content)
     VALUES ($1, $2, $3, $4, 'text/plain', md5($5), convert_to($5, 'UTF8')) RETURNING id`,
    [parent, path, path.split('/').at(-1), content.length, content],
  );
const grant = (personId: string, row: Record<string, unknown>) => {
  const columns = ['person_id', ...Object.keys(row)];
  return t.database.pool.query(
    `INSERT INTO permissions (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
    [personId, ...Object.values(row)],
  );
};

beforeAll(async () => {
  t = await createTestApp();
  for (const name of ['a', 'b']) {
    ids[`playbook_${name}`] = await one('INSERT INTO playbooks (name) VALUES ($1) RETURNING id', [name]);
    ids[`run_${name}`] = await one(
      `INSERT INTO playbook_runs (playbook_id, status) VALUES ($1, 'completed') RETURNING id`,
      [ids[`playbook_${name}`]],
    );
    ids[`action_${name}`] = await one(
      `INSERT INTO playbook_run_actions (playbook_run_id, name, status) VALUES ($1, 'script', 'completed') RETURNING id`,
      [ids[`run_${name}`]],
    );
  }
  for (const name of ['1', '2']) {
    ids[`canary_${name}`] = await one('INSERT INTO canaries (name) VALUES ($1) RETURNING id', [`canary-${name}`]);
    ids[`check_${name}`] = await one(
      `INSERT INTO checks (canary_id, type, name) VALUES ($1, 'exec', $2) RETURNING id`,
      [ids[`canary_${name}`], `check-${name}`],
    );
  }
  ids.runA = await artifact('playbook_run_action_id', ids.action_a ?? '', 'out/report.txt', CONTENT[0] ?? '');
  ids.runB = await artifact('playbook_run_action_id', ids.action_b ?? '', 'stdout', CONTENT[1] ?? '');
  ids.check1 = await artifact('check_id', ids.check_1 ?? '', 'result.json', CONTENT[2] ?? '');
  ids.check2 = await artifact('check_id', ids.check_2 ?? '', 'stderr', CONTENT[3] ?? '');
  for (const role of ['admin', 'viewer', 'guest', 'editor'])
    who[role] = (await signedInUser(t, { roles: [role] })).token;
  const person = async (name: string, roles: string[], rows: Record<string, unknown>[]) => {
    const user = await signedInUser(t, { roles });
    for (const row of rows) await grant(user.id, row);
    who[name] = user.token;
  };
  await person('bare', [], []);
  await person('runScoped', [], [{ playbook_id: ids.playbook_b, action: 'read' }]);
  await person('checkScoped', [], [{ check_id: ids.check_1, action: 'read' }]);
  await person('canaryScoped', [], [{ canary_id: ids.canary_2, action: 'read' }]);
  await person('viewerNoRuns', ['viewer'], [{ object: 'playbook_runs', action: 'read', deny: true }]);
  await person('guestNoChecks', ['guest'], [{ object: 'canaries', action: 'read', deny: true }]);
});
afterAll(() => t.close());

const CONSOLE_CALL = () =>
  `playbook_run_actions?id=eq.${ids.action_a}&select=*,artifacts:artifacts(*)::jsonb,playbook_run:playbook_runs(spec)`;

describe('artifact metadata under the parent’s read rule', () => {
  it('answers the upstream console’s run-action call with the artifact list and no content', async () => {
    for (const role of ['admin', 'viewer', 'guest']) {
      const res = await get(CONSOLE_CALL(), who[role] ?? '');
      expect(res.status, role).toBe(200);
      const [row] = JSON.parse(await textOf(res)) as { id: string; artifacts: Record<string, unknown>[] }[];
      expect(row?.id).toBe(ids.action_a);
      expect(row?.artifacts).toEqual([
        {
          id: ids.runA,
          playbook_run_action_id: ids.action_a,
          check_id: null,
          path: 'out/report.txt',
          filename: 'report.txt',
          size: CONTENT[0]?.length,
          content_type: 'text/plain',
          checksum: expect.stringMatching(/^[0-9a-f]{32}$/),
          created_at: expect.any(String),
          expires_at: null,
          deleted_at: null,
        },
      ]);
    }
  });

  it.each([
    ['admin', ['runA', 'runB', 'check1', 'check2']],
    ['viewer', ['runA', 'runB', 'check1', 'check2']],
    ['guest', ['runA', 'runB', 'check1', 'check2']],
    ['runScoped', ['runB']],
    ['checkScoped', ['check1']],
    ['canaryScoped', ['check2']],
    ['viewerNoRuns', ['check1', 'check2']],
    ['guestNoChecks', ['runA', 'runB']],
  ])('%s reads the artifacts of the runs and checks they may read', async (reader, expected) => {
    const token = who[reader] ?? '';
    expect(await idsOf(await get('artifacts?select=*', token))).toEqual(expected.map((k) => ids[k]).sort());
    const counted = await get('artifacts', token, { prefer: 'count=exact' }, 'HEAD');
    expect(counted.headers.get('content-range')).toBe(`0-${expected.length - 1}/${expected.length}`);
  });

  it('refuses a caller without a session (401) and one who may read neither runs nor checks (403)', async () => {
    for (const path of ['artifacts', CONSOLE_CALL(), 'checks?select=id,artifacts(id)']) {
      expect((await get(path, null)).status, path).toBe(401);
    }
    const refused = await get('artifacts', who.bare ?? '');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      code: '42501',
      message: 'You do not have permission to read artifacts',
    });
    expect((await get('artifacts', who.bare ?? '', {}, 'HEAD')).status).toBe(403);
  });

  it('answers a reader who may not read the run as that table’s rule does: 403 or no row of the actions, no row of artifacts', async () => {
    expect((await get(CONSOLE_CALL(), who.viewerNoRuns ?? '')).status).toBe(403);
    // held to playbook b's runs: the action of run a is not among the rows, as run a is not among playbook_runs'
    expect(await idsOf(await get(CONSOLE_CALL(), who.runScoped ?? ''))).toEqual([]);
    expect(await idsOf(await get(`artifacts?playbook_run_action_id=eq.${ids.action_a}`, who.runScoped ?? ''))).toEqual(
      [],
    );
    expect(await idsOf(await get(`artifacts?id=eq.${ids.runA}`, who.viewerNoRuns ?? ''))).toEqual([]);
  });

  it('embeds from either side under the same rule, each embedded table authorised as its own read', async () => {
    const fromChecks = await get('checks?select=name,artifacts(filename)&order=name', who.viewerNoRuns ?? '');
    expect(JSON.parse(await textOf(fromChecks))).toEqual([
      { name: 'check-1', artifacts: [{ filename: 'result.json' }] },
      { name: 'check-2', artifacts: [{ filename: 'stderr' }] },
    ]);
    const inner = await get('checks?select=name,artifacts!inner(id)', who.checkScoped ?? '');
    expect(JSON.parse(await textOf(inner))).toEqual([{ name: 'check-1', artifacts: [{ id: ids.check1 }] }]);
    const up = await get(
      'artifacts?select=filename,playbook_run_actions(name),checks(name)&order=filename',
      who.viewer ?? '',
    );
    expect(JSON.parse(await textOf(up))).toEqual([
      { filename: 'report.txt', playbook_run_actions: { name: 'script' }, checks: null },
      { filename: 'result.json', playbook_run_actions: null, checks: { name: 'check-1' } },
      { filename: 'stderr', playbook_run_actions: null, checks: { name: 'check-2' } },
      { filename: 'stdout', playbook_run_actions: { name: 'script' }, checks: null },
    ]);
    expect((await get('artifacts?select=id,checks(name)', who.guestNoChecks ?? '')).status).toBe(403);
    expect((await get('checks?select=id,artifacts(id)', who.runScoped ?? '')).status).toBe(403);
  });
});

describe('artifact content is never answered', () => {
  it.each([
    'select=content',
    'select=id,c:content',
    'select=content::text',
    'select=id,content->>x',
    'content=eq.x',
    'content=not.is.null',
    'not.or=(content.is.null,id.is.null)',
    'or=(id.is.null,content.is.null)',
    'and=(filename.eq.stdout,content.not.is.null)',
    'order=content.desc',
  ])('artifacts?%s is 400 42703 naming the column, as for a hidden column', async (query) => {
    const res = await get(`artifacts?${query}`, who.admin ?? '');
    const body = JSON.parse(await textOf(res)) as { code: string; message: string };
    expect([res.status, body.code, body.message]).toEqual([400, '42703', 'column artifacts.content does not exist']);
  });

  it('is not in `*`, CSV, the single object, HEAD, nor any embed or the run actions RPC', async () => {
    const star = JSON.parse(await textOf(await get('artifacts?select=*', who.admin ?? ''))) as object[];
    for (const row of star) expect(row).not.toHaveProperty('content');
    const csv = await get('artifacts?select=*', who.admin ?? '', { accept: 'text/csv' });
    expect((await textOf(csv)).split('\n')[0]).toBe(
      'id,playbook_run_action_id,check_id,path,filename,size,content_type,checksum,created_at,expires_at,deleted_at',
    );
    const object = await get(`artifacts?id=eq.${ids.check1}`, who.admin ?? '', {
      accept: 'application/vnd.pgrst.object+json',
    });
    expect(object.status).toBe(200);
    expect(JSON.parse(await textOf(object))).not.toHaveProperty('content');
    const head = await get('artifacts?select=*', who.admin ?? '', { prefer: 'count=exact' }, 'HEAD');
    expect([head.status, await head.text()]).toEqual([200, '']);
    for (const path of [
      'playbook_run_actions?select=id,artifacts(content)',
      'checks?select=id,artifacts(id,content)',
      'checks?select=id,artifacts!inner(id)&artifacts.content=not.is.null',
      'playbook_run_actions?select=id,artifacts(id)&artifacts.order=content',
      'playbook_run_actions?select=id,artifacts(id)&artifacts.or=(content.is.null)',
    ]) {
      const res = await get(path, who.admin ?? '');
      expect([res.status, ((await res.json()) as { code: string }).code], path).toEqual([400, '42703']);
    }
    const rpc = await get(`rpc/get_playbook_run_actions?run_id=${ids.run_a}`, who.viewer ?? '');
    const [action] = JSON.parse(await textOf(rpc)) as { artifacts: Record<string, unknown>[] }[];
    expect(action?.artifacts).toEqual([expect.objectContaining({ id: ids.runA, filename: 'report.txt' })]);
    expect(action?.artifacts[0]).not.toHaveProperty('content');
  });
});

describe('artifact writes through /api/db', () => {
  it('answer 405 naming the routes that serve artifacts, and 403 to a role that may not write runs', async () => {
    const before = (await t.database.pool.query('SELECT id, path, content FROM artifacts ORDER BY id')).rows;
    for (const [method, path, body] of [
      ['POST', 'artifacts', { check_id: ids.check_1, path: 'x', filename: 'x', size: 1, checksum: 'x' }],
      ['PATCH', `artifacts?id=eq.${ids.check1}`, { path: 'moved' }],
      ['DELETE', `artifacts?id=eq.${ids.check1}`, undefined],
    ] as const) {
      for (const role of ['admin', 'editor']) {
        const res = await apiCall(t.app, method, `/api/db/${path}`, who[role] ?? '', body);
        const answer = (await res.json()) as { code: string; message: string };
        expect([res.status, answer.code], `${role} ${method}`).toEqual([405, '42501']);
        expect(answer.message).toContain('artifacts cannot be written through /api/db');
        expect(answer.message).toContain('GET /api/playbook/run/{id}/artifacts/{artifactId}');
        expect(answer.message).toContain('GET /api/checks/{id}/artifacts/{artifactId}');
      }
      expect((await apiCall(t.app, method, `/api/db/${path}`, who.viewer ?? '', body)).status).toBe(403);
    }
    expect((await t.database.pool.query('SELECT id, path, content FROM artifacts ORDER BY id')).rows).toEqual(before);
  });
});
