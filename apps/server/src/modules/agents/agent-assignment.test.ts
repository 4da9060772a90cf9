import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signedInUser } from '../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Assigning a canary, scraper or log backend to an agent (docs/agents.md): on every write path the
 * agent_id must name a live agent, else a 400 naming the field; a canary moved between agents takes its
 * checks along.
 */
let t: TestApp;
let admin: string;
let agentId: string;
let goneId: string;
const LOCAL = '00000000-0000-0000-0000-000000000000';

const call = (method: string, path: string, body?: unknown) =>
  apiCall(t.app, method, path, admin, body, { prefer: 'return=representation' });
const canary = (name: string, agent?: string) => ({
  apiVersion: 'canaries.flanksource.com/v1',
  kind: 'Canary',
  ...(agent ? { agent_id: agent } : {}),
  metadata: { name },
  spec: { schedule: '@every 1m', http: [{ name: 'home', url: 'http://127.0.0.1:1/' }] },
});
const refusal = async (response: Response) => {
  expect(response.status).toBe(400);
  return JSON.stringify(await response.json());
};

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedInUser(t, { roles: ['admin'] })).token;
  const ids: string[] = [];
  for (const name of ['assign-edge', 'assign-gone']) {
    await apiCall(t.app, 'POST', '/api/agent/generate', admin, { name });
    ids.push((await t.database.pool.query('SELECT id FROM agents WHERE name = $1', [name])).rows[0].id);
  }
  [agentId = '', goneId = ''] = ids;
  await t.database.pool.query('UPDATE agents SET deleted_at = now() WHERE id = $1', [goneId]);
});
afterAll(() => t.close());

describe('agent assignment', () => {
  it('refuses an agent_id that names no live agent on /api/canaries and /api/db/canaries (400 naming the field)', async () => {
    for (const bad of [randomUUID(), goneId]) {
      expect(await refusal(await call('POST', '/api/canaries', canary(`c-${bad.slice(0, 8)}`, bad)))).toContain(
        'agent_id: no agent with id',
      );
    }
    expect(await refusal(await call('POST', '/api/canaries', canary('c-malformed', 'edge')))).toContain('agent_id');
    const viaData = await call('POST', '/api/db/canaries', {
      name: 'c-data',
      agent_id: goneId,
      spec: { http: [{ name: 'home', url: 'http://127.0.0.1:1/' }] },
    });
    expect(await refusal(viaData)).toContain('agent_id: no agent with id');
  });

  it('refuses a canary for an agent with a field the server does not honour, on both write paths', async () => {
    const document = canary('c-unhonoured', agentId);
    const check = { name: 'home', url: 'http://127.0.0.1:1/', proxyVia: 'edge' };
    const viaApi = await call('POST', '/api/canaries', { ...document, spec: { http: [check] } });
    expect(await refusal(viaApi)).toContain('spec.http[0].proxyVia: is not supported by this server');
    const viaData = await call('POST', '/api/db/canaries', {
      name: 'c-unhonoured',
      agent_id: agentId,
      spec: { http: [check] },
    });
    expect(await refusal(viaData)).toContain('spec.http[0].proxyVia: is not supported by this server');
  });

  it('assigns a canary and its checks to an agent through /api/canaries, and back to this server', async () => {
    const created = await call('POST', '/api/canaries', canary('c-assigned', agentId));
    expect(created.status).toBe(201);
    const id = String(((await created.json()) as { id: string }).id);
    const checks = async () =>
      (await t.database.pool.query('SELECT agent_id, deleted_at FROM checks WHERE canary_id = $1', [id])).rows;
    expect(await checks()).toEqual([{ agent_id: agentId, deleted_at: null }]);
    // a document without agent_id keeps the assignment
    expect((await call('PUT', `/api/canaries/${id}`, canary('c-assigned'))).status).toBe(200);
    expect(await checks()).toEqual([{ agent_id: agentId, deleted_at: null }]);
    expect((await call('PUT', `/api/canaries/${id}`, canary('c-assigned', LOCAL))).status).toBe(200);
    expect(await checks()).toEqual([{ agent_id: LOCAL, deleted_at: null }]);
    expect(await refusal(await call('PUT', `/api/canaries/${id}`, canary('c-assigned', goneId)))).toContain(
      'agent_id: no agent with id',
    );
  });

  it('refuses a scraper or log backend of no live agent through /api/db, and takes a live one', async () => {
    const spec = { file: [{ type: 'X', paths: ['/nonexistent/*.json'] }] };
    expect(
      await refusal(await call('POST', '/api/db/config_scrapers', { name: 's-bad', agent_id: randomUUID(), spec })),
    ).toContain('agent_id: no agent with id');
    const scraper = await call('POST', '/api/db/config_scrapers', { name: 's-edge', agent_id: agentId, spec });
    expect(scraper.status).toBe(201);
    const [row] = (await scraper.json()) as { id: string }[];
    expect(
      await refusal(await call('PATCH', `/api/db/config_scrapers?id=eq.${row?.id}`, { agent_id: goneId })),
    ).toContain('agent_id: no agent with id');

    const logSpec = { file: [{ paths: ['/var/log/app/*.log'] }] };
    expect(
      await refusal(await call('POST', '/api/db/logging_backends', { name: 'l-bad', agent_id: goneId, spec: logSpec })),
    ).toContain('agent_id: no agent with id');
    const backend = await call('POST', '/api/db/logging_backends', {
      name: 'l-edge',
      agent_id: agentId,
      spec: logSpec,
    });
    expect(backend.status).toBe(201);
    const [saved] = (await backend.json()) as { id: string }[];
    expect(
      await refusal(await call('PATCH', `/api/db/logging_backends?id=eq.${saved?.id}`, { agent_id: randomUUID() })),
    ).toContain('agent_id: no agent with id');
    expect((await call('PATCH', `/api/db/logging_backends?id=eq.${saved?.id}`, { agent_id: LOCAL })).status).toBe(200);
  });
});
