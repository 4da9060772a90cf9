import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signedInUser } from '../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Issue 25: the data API's PostgREST errors echo what the database says — a filter value it could not
 * cast, the failing row, the conflicting key — so their `message`, `details` and `hint` pass the one
 * redactor, as every other error answer does. Ordinary errors keep their words and codes.
 */
type Body = { code: string; message: string; details: unknown; hint: string | null };
let t: TestApp;
let admin: { id: string; token: string };
let viewer: string;

const call = async (token: string, method: string, path: string, body?: unknown) => {
  const response = await apiCall(t.app, method, path, token, body);
  return { status: response.status, text: await response.text() };
};
const parsed = (text: string) => JSON.parse(text) as Body;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, { roles: ['admin'] });
  viewer = (await signedInUser(t, { roles: ['viewer'] })).token;
});
afterAll(() => t.close());

describe('data API error bodies', () => {
  it('do not give back a credential in a filter value the database echoes', async () => {
    const url = await call(viewer, 'GET', '/api/db/config_items?id=eq.postgres://admin:hunter2@db/x');
    expect(url.status).toBe(400);
    expect(url.text).not.toContain('hunter2');
    expect(parsed(url.text)).toMatchObject({
      code: '22P02',
      message: 'invalid input syntax for type uuid: "postgres://admin:[redacted]@db/x"',
    });
    const bearer = await call(viewer, 'GET', '/api/db/config_items?created_at=eq.Bearer%20eyJhbGciOiJIUzI1NiJ9.s3cret');
    expect(bearer.status).toBe(400);
    expect(bearer.text).not.toContain('eyJhbGciOiJIUzI1NiJ9');
    expect(parsed(bearer.text).code).toBe('22007');
    const unknown = await call(viewer, 'GET', '/api/db/config_items?password=eq.hunter2');
    expect(unknown.status).toBe(400);
    expect(unknown.text).not.toContain('hunter2');
  });

  it('do not give back a credential in a conflicting key or a failing row', async () => {
    const name = 'https://ci:ghp_s3cretvalue@github.com/acme';
    const first = await call(admin.token, 'POST', '/api/db/teams', { name, created_by: admin.id });
    expect(first.status).toBe(201);
    const again = await call(admin.token, 'POST', '/api/db/teams', { name, created_by: admin.id });
    expect(again.status).toBe(409);
    expect(again.text).not.toContain('ghp_s3cretvalue');
    expect(parsed(again.text)).toMatchObject({
      code: '23505',
      details: 'Key (name)=(https://ci:[redacted]@github.com/acme) already exists.',
    });
    const row = await call(admin.token, 'POST', '/api/db/teams', { name: `${name}/other` });
    expect(row.status).toBe(400);
    expect(row.text).not.toContain('ghp_s3cretvalue');
    expect(parsed(row.text).details).toMatch(/^Failing row contains \(.*https:\/\/ci:\[redacted\]@github\.com/);
  });

  it('keep the words and codes of ordinary errors', async () => {
    expect((await call(admin.token, 'POST', '/api/db/properties', { name: 'plain.key', value: 'a' })).status).toBe(201);
    const duplicate = await call(admin.token, 'POST', '/api/db/properties', { name: 'plain.key', value: 'a' });
    expect(duplicate.status).toBe(409);
    expect(parsed(duplicate.text)).toEqual({
      code: '23505',
      message: 'duplicate key value violates unique constraint "properties_pkey"',
      details: 'Key (name)=(plain.key) already exists.',
      hint: null,
    });
    const bad = parsed((await call(viewer, 'GET', '/api/db/config_items?name=zz.x')).text);
    expect(bad.code).toBe('PGRST100');
    expect(bad.message).toBe('failed to parse filter (zz.x)');
    expect(bad.details).toContain('expecting "not" or operator');
  });
});
