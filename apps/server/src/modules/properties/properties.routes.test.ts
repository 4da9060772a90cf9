import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminTestApp, createAdminTestApp, jsonListOf, jsonOf } from '../settings-views/testing/admin-test-app.js';

let t: AdminTestApp;
const send = (method: string, path: string, body?: unknown) =>
  t.request(path, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

beforeAll(async () => {
  t = await createAdminTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('properties API', () => {
  it('refuses a missing name or value and a bad name', async () => {
    const noName = await send('POST', '/api/properties', { value: 'x' });
    expect(noName.status).toBe(400);
    expect((await jsonOf(noName)).message).toBe('name: This field is required');
    const noValue = await send('POST', '/api/properties', { name: 'a' });
    expect(noValue.status).toBe(400);
    expect((await jsonOf(noValue)).message).toBe('value: This field is required');
    const badName = await send('POST', '/api/properties', { name: 'a b', value: '1' });
    expect((await jsonOf(badName)).message).toBe('name: Name may hold letters, digits, _ . - and /');
    expect((await send('PATCH', '/api/properties/nope', { value: '1' })).status).toBe(404);
    expect((await send('DELETE', '/api/properties/nope')).status).toBe(404);
    expect((await send('PATCH', '/api/properties/nope', {})).status).toBe(400);
    const unknown = await send('GET', '/api/properties/nope');
    expect(unknown.status).toBe(404);
    expect((await jsonOf(unknown)).message).toMatch(/nope/);
    for (const [method, path] of [
      ['POST', '/api/properties'],
      ['PATCH', '/api/properties/nope'],
    ] as const) {
      const malformed = await t.request(path, {
        method,
        body: '{',
        headers: { 'content-type': 'application/json' },
      });
      expect(malformed.status, `${method} ${path}`).toBe(400);
      expect((await jsonOf(malformed)).message).toBe('The request body must be JSON');
    }
  });

  it('creates, edits and deletes by name; flags follow on the next fetch', async () => {
    expect((await send('POST', '/api/properties', { name: 'health.disable', value: true })).status).toBe(201);
    expect((await send('POST', '/api/properties', { name: 'health.disable', value: 'true' })).status).toBe(409);
    expect(await jsonOf(await send('GET', '/api/properties/feature-flags'))).toEqual({
      disabled: ['health', 'settings.health', 'settings.job_history'],
    });
    const edited = await send('PATCH', '/api/properties/health.disable', { value: 'false' });
    expect(await jsonOf(edited)).toMatchObject({ name: 'health.disable', value: 'false' });
    expect(await jsonOf(await send('GET', '/api/properties/feature-flags'))).toEqual({ disabled: [] });
    expect(await jsonListOf(await send('GET', '/api/properties'))).toMatchObject([
      { name: 'health.disable', value: 'false' },
    ]);
    expect((await send('DELETE', '/api/properties/health.disable')).status).toBe(204);
    expect(await jsonListOf(await send('GET', '/api/properties'))).toEqual([]);
    expect((await send('POST', '/api/properties', { name: 'health.disable', value: 'true' })).status).toBe(201);
    const { rows } = await t.database.pool.query(
      "SELECT value, deleted_at FROM properties WHERE name = 'health.disable'",
    );
    expect(rows).toEqual([{ value: 'true', deleted_at: null }]);
  });
});
