import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signedInUser } from '../../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

/**
 * Issue 25: a parameter's `properties.regex` is written by an editor and run by the server on the HTTP
 * thread for whoever runs the playbook. With V8's backtracking RegExp, `^(a|aa)+$` against a few dozen
 * `a`s and a `!` takes exponential time (and escapes the nested-quantifier shape rule); the server runs it
 * with RE2 (linear), so the run request answers at once and correctly.
 */
type User = { id: string; token: string };
let t: TestApp;
let editor: User;
let checkId = '';
let playbookId = '';

/** Generous for CI; a backtracking engine would not finish this value in any time a test can wait. */
const QUICK_MS = 1_000;

const run = async (params: Record<string, unknown>) => {
  const started = performance.now();
  const response = await apiCall(t.app, 'POST', '/api/playbook/run', editor.token, {
    id: playbookId,
    check_id: checkId,
    params,
  });
  return {
    status: response.status,
    body: (await response.json()) as { message?: string },
    ms: performance.now() - started,
  };
};

beforeAll(async () => {
  t = await createTestApp();
  editor = await signedInUser(t, { roles: ['editor'] });
  const canary = await t.database.pool.query("INSERT INTO canaries (name) VALUES ('regex-canary') RETURNING id");
  const check = await t.database.pool.query(
    "INSERT INTO checks (canary_id, type, name) VALUES ($1, 'http', 'regex-check') RETURNING id",
    [canary.rows[0].id],
  );
  checkId = check.rows[0].id;
  const saved = await apiCall(
    t.app,
    'POST',
    '/api/db/playbooks',
    editor.token,
    {
      name: 'hostile-regex',
      spec: {
        checks: [{ type: 'http' }],
        parameters: [{ name: 'word', required: true, properties: { regex: '^(a|aa)+$' } }],
        actions: [{ name: 'a', http: { url: 'http://127.0.0.1:1/' } }],
      },
    },
    { prefer: 'return=representation' },
  );
  expect(saved.status).toBe(201);
  playbookId = ((await saved.json()) as { id: string }[])[0]?.id ?? '';
});
afterAll(() => t.close());

describe('a playbook parameter regex on the run request', () => {
  it('answers a hostile value against (a|aa)+$ at once, with the pattern rule', async () => {
    const hostile = await run({ word: `${'a'.repeat(5_000)}!` });
    expect(hostile.status).toBe(400);
    expect(hostile.body.message).toBe('Invalid parameters: word: Must match the pattern ^(a|aa)+$');
    expect(hostile.ms).toBeLessThan(QUICK_MS);
  });

  it('still runs with a value the pattern matches', async () => {
    const matching = await run({ word: 'a'.repeat(5_000) });
    expect(matching.status).toBe(201);
    expect(matching.ms).toBeLessThan(QUICK_MS);
  });
});
