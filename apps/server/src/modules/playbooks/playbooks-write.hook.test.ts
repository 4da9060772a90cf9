import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signedInUser } from '../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * POST and PATCH /playbooks of spec 000 §7 go through the data API: a definition is validated as a
 * Playbook in the write's transaction (a 400 naming the problem stores nothing) and the title, icon,
 * description and category come from its spec; a viewer cannot write.
 */
let t: TestApp;
let editor: { id: string; token: string };
let viewer: { id: string; token: string };

const call = (token: string, method: string, path: string, body?: unknown) =>
  apiCall(t.app, method, path, token, body, { prefer: 'return=representation' });
const spec = (extra: Record<string, unknown> = {}) => ({
  title: 'Restart',
  category: 'Kubernetes',
  icon: 'k8s',
  description: 'Restarts a pod',
  parameters: [{ name: 'reason', required: true }],
  actions: [{ name: 'ping', http: { url: 'http://127.0.0.1:1/' } }],
  ...extra,
});
const rowOf = async (id: string) =>
  (await t.database.pool.query('SELECT title, icon, description, category FROM playbooks WHERE id = $1', [id])).rows[0];

beforeAll(async () => {
  t = await createTestApp();
  editor = await signedInUser(t, { roles: ['editor'] });
  viewer = await signedInUser(t, { roles: ['viewer'] });
});
afterAll(() => t.close());

describe('/api/db/playbooks writes', () => {
  it('stores a valid playbook with its columns from the spec, and a PATCH updates them', async () => {
    const created = await call(editor.token, 'POST', '/api/db/playbooks', { name: 'restart', spec: spec() });
    expect(created.status).toBe(201);
    const [row] = (await created.json()) as { id: string }[];
    const id = row?.id ?? '';
    expect(await rowOf(id)).toEqual({
      title: 'Restart',
      icon: 'k8s',
      description: 'Restarts a pod',
      category: 'Kubernetes',
    });
    const patched = await call(editor.token, 'PATCH', `/api/db/playbooks?id=eq.${id}`, {
      spec: spec({ title: 'Restart pod', category: 'Pods' }),
    });
    expect(patched.status).toBe(200);
    expect(await rowOf(id)).toMatchObject({ title: 'Restart pod', category: 'Pods' });
  });

  it('titles a playbook by its name when the spec has no title', async () => {
    const created = await call(editor.token, 'POST', '/api/db/playbooks', {
      name: 'untitled',
      spec: { actions: [{ name: 'a', exec: { script: 'true' } }] },
    });
    expect(created.status).toBe(201);
    const [row] = (await created.json()) as { id: string }[];
    expect(await rowOf(row?.id ?? '')).toEqual({ title: 'untitled', icon: null, description: null, category: '' });
  });

  it.each([
    ['no actions', { name: 'bad-1', spec: { title: 'x' } }, 'actions'],
    ['an action without a type', { name: 'bad-2', spec: spec({ actions: [{ name: 'a' }] }) }, 'needs exactly one type'],
    ['a bad name', { name: 'Bad Name', spec: spec() }, 'metadata.name: must be lower-case'],
    [
      'a bad parameter',
      { name: 'bad-3', spec: spec({ parameters: [{ name: 'a', properties: { format: 'ipv4' } }] }) },
      'spec.parameters.0.properties.format',
    ],
    [
      'a parameter regex RE2 cannot run (a look-ahead)',
      { name: 'bad-4', spec: spec({ parameters: [{ name: 'a', properties: { regex: '^(?=.*[0-9]).+$' } }] }) },
      'spec.parameters.0.properties.regex: is not a regular expression RE2 can run',
    ],
    [
      'a parameter regex with a back-reference',
      { name: 'bad-5', spec: spec({ parameters: [{ name: 'a', properties: { regex: '^(a+)\\1$' } }] }) },
      'spec.parameters.0.properties.regex',
    ],
  ])('refuses %s with a 400 and stores nothing', async (_what, body, message) => {
    const response = await call(editor.token, 'POST', '/api/db/playbooks', body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toContain(message);
    const { rows } = await t.database.pool.query('SELECT 1 FROM playbooks WHERE name = $1', [body.name]);
    expect(rows).toEqual([]);
  });

  it('refuses a PATCH that breaks the spec and keeps the stored one', async () => {
    const created = await call(editor.token, 'POST', '/api/db/playbooks', { name: 'kept', spec: spec() });
    const [row] = (await created.json()) as { id: string }[];
    const patched = await call(editor.token, 'PATCH', `/api/db/playbooks?id=eq.${row?.id}`, { spec: { actions: [] } });
    expect(patched.status).toBe(400);
    expect(await rowOf(row?.id ?? '')).toMatchObject({ title: 'Restart' });
  });

  it('refuses a viewer’s write', async () => {
    const response = await call(viewer.token, 'POST', '/api/db/playbooks', { name: 'nope', spec: spec() });
    expect(response.status).toBe(403);
  });
});
