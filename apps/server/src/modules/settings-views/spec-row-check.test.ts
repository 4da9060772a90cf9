import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signedInUser } from '../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { specRowCheck } from './spec-row-check.js';

let t: TestApp;
let token: string;

const write = (method: string, path: string, body: unknown) =>
  apiCall(t.app, method, path, token, body, { prefer: 'return=representation' });

beforeAll(async () => {
  t = await createTestApp();
  token = (await signedInUser(t, { roles: ['admin'] })).token;
});
afterAll(async () => {
  await t.close();
});

describe('specs written through the data API match their type schema', () => {
  it('names the fault for each schema-driven table and passes other tables and rows without a spec', () => {
    expect(specRowCheck('topologies', { spec: { components: 'nope' } })).toMatch(
      /^Invalid Topology spec: spec\.components: /,
    );
    expect(specRowCheck('topologies', { spec: JSON.stringify({ schedule: '@every 5m' }) })).toBeUndefined();
    expect(specRowCheck('topologies', { name: 'no spec here' })).toBeUndefined();
    expect(specRowCheck('checks', { spec: { anything: true } })).toBeUndefined();
  });

  it('refuses a bad spec on POST and PATCH with a 400 check violation, storing nothing', async () => {
    const bad = await write('POST', '/api/db/topologies', { name: 'bad', spec: { components: 'nope' } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: '23514', message: expect.stringMatching(/^Invalid Topology spec/) });
    const { rows } = await t.database.pool.query("SELECT count(*)::int AS n FROM topologies WHERE name = 'bad'");
    expect(rows[0].n).toBe(0);

    const good = await write('POST', '/api/db/topologies', { name: 'good', spec: { schedule: '@every 5m' } });
    expect(good.status).toBe(201);
    const [created] = (await good.json()) as { id: string }[];
    const patch = await write('PATCH', `/api/db/topologies?id=eq.${created?.id}`, { spec: { components: 1 } });
    expect(patch.status).toBe(400);
    expect(((await patch.json()) as { code: string }).code).toBe('23514');
  });
});
