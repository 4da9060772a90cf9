import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restoreEnv } from '../../../test/restore-env.js';
import { apiCall, signedInUser } from '../../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { executeRun } from '../runs/run-executor.js';

/**
 * The exec action end to end: refused while MC_EXEC_CHECKS is off (400 naming the switch); when on, a
 * templated script runs with a minimal environment (no server secrets), its output kept, a non-zero
 * exit failing the run with its last line, and the timeout killing the script.
 */
let t: TestApp;
let editor: { token: string };
let admin: { token: string };
const saved = process.env.MC_EXEC_CHECKS;

async function playbook(name: string, actions: unknown[]): Promise<string> {
  const response = await apiCall(
    t.app,
    'POST',
    '/api/db/playbooks',
    admin.token,
    { name, spec: { parameters: [{ name: 'who' }], actions } },
    {
      prefer: 'return=representation',
    },
  );
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }[])[0]?.id ?? '';
}

async function run(id: string, params: Record<string, unknown> = {}) {
  const response = await apiCall(t.app, 'POST', '/api/playbook/run', editor.token, { id, params });
  return { status: response.status, body: (await response.json()) as { run_id: string; message: string } };
}

const rows = async (runId: string) => ({
  run: (await t.database.pool.query('SELECT status, error FROM playbook_runs WHERE id = $1', [runId])).rows[0],
  actions: (
    await t.database.pool.query('SELECT status, result, error FROM playbook_run_actions WHERE playbook_run_id = $1', [
      runId,
    ])
  ).rows,
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, { roles: ['admin'] });
  editor = await signedInUser(t, { roles: ['editor'] });
});
afterAll(async () => {
  restoreEnv('MC_EXEC_CHECKS', saved);
  await t.close();
});

describe('exec action', () => {
  it('is refused while MC_EXEC_CHECKS is off', async () => {
    process.env.MC_EXEC_CHECKS = 'off';
    const id = await playbook('exec-off', [{ name: 'hello', exec: { script: 'echo hi' } }]);
    const { status, body } = await run(id);
    expect(status).toBe(400);
    expect(body.message).toContain('Action hello: exec checks and actions are disabled');
    expect(body.message).toContain('MC_EXEC_CHECKS=on');
  });

  it('runs a templated script with a minimal environment and keeps its output', async () => {
    process.env.MC_EXEC_CHECKS = 'on';
    const id = await playbook('exec-on', [
      {
        name: 'hello',
        exec: {
          script: 'echo "hello {{ .params.who }}"; echo "db=$MC_DATABASE_URL greet=$GREET"',
          env: { GREET: 'hi' },
        },
      },
    ]);
    const { status, body } = await run(id, { who: 'world' });
    expect(status).toBe(201);
    await executeRun(t.database, body.run_id, new AbortController().signal);
    const { run: r, actions } = await rows(body.run_id);
    expect(r.status).toBe('completed');
    expect(actions[0].result).toMatchObject({ exitCode: 0, stdout: 'hello world\ndb= greet=hi\n' });
  });

  it('fails on a non-zero exit with the last line, keeping the output', async () => {
    process.env.MC_EXEC_CHECKS = 'on';
    const id = await playbook('exec-fail', [
      { name: 'bad', exec: { script: 'echo partial; echo broken >&2; exit 3' } },
    ]);
    const { body } = await run(id);
    await executeRun(t.database, body.run_id, new AbortController().signal);
    const { run: r, actions } = await rows(body.run_id);
    expect(r).toMatchObject({ status: 'failed', error: 'Action bad: exit code 3: broken' });
    expect(actions[0].result).toMatchObject({ stdout: 'partial\n', stderr: 'broken\n', exitCode: 3 });
  });

  it('saves stdout, stderr and the declared files as artifacts rows', async () => {
    process.env.MC_EXEC_CHECKS = 'on';
    const id = await playbook('exec-artifacts', [
      {
        name: 'report',
        exec: {
          script:
            'echo out; echo err >&2; mkdir -p out; echo "a,b" > out/report.csv; echo "{}" > out/x.json; ln -s /etc/passwd out/link.txt',
          artifacts: [
            { path: 'out/*.csv' },
            { path: 'out/x.json' },
            { path: 'out/link.txt' },
            { path: '../../etc/passwd' },
          ],
        },
      },
    ]);
    const { body } = await run(id);
    await executeRun(t.database, body.run_id, new AbortController().signal);
    const { actions } = await rows(body.run_id);
    expect(actions[0].result.artifacts.map((a: { path: string }) => a.path)).toEqual([
      'stdout',
      'stderr',
      'out/report.csv',
      'out/x.json',
    ]);
    expect(actions[0].result.artifacts_skipped).toEqual(['out/link.txt: not a file inside the working directory']);
    const saved = await t.database.pool.query(
      `SELECT a.path, a.size, a.content_type, a.checksum, convert_from(a.content, 'UTF8') AS text
       FROM artifacts a JOIN playbook_run_actions r ON r.id = a.playbook_run_action_id
       WHERE r.playbook_run_id = $1 ORDER BY a.path`,
      [body.run_id],
    );
    // by path: rows saved in the same millisecond have no other stable order (their ids are random within it)
    expect(saved.rows.map((row) => [row.path, row.text])).toEqual([
      ['out/report.csv', 'a,b\n'],
      ['out/x.json', '{}\n'],
      ['stderr', 'err\n'],
      ['stdout', 'out\n'],
    ]);
    expect(Number(saved.rows[0].size)).toBe(4);
    expect(saved.rows[0].checksum).toMatch(/^[0-9a-f]{64}$/);
  });

  it('kills a script past its timeout', async () => {
    process.env.MC_EXEC_CHECKS = 'on';
    const id = await playbook('exec-slow', [{ name: 'sleep', timeout: '500ms', exec: { script: 'sleep 30' } }]);
    const { body } = await run(id);
    const started = Date.now();
    await executeRun(t.database, body.run_id, new AbortController().signal);
    expect(Date.now() - started).toBeLessThan(5_000);
    const { run: r, actions } = await rows(body.run_id);
    expect(r.status).toBe('failed');
    expect(actions[0]).toMatchObject({ status: 'timed_out' });
  });
});
