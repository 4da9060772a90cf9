import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signedInUser } from '../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** `POST /api/resources/search` (001 §7) as the console's selector search sends it, on both engines. */
let t: TestApp;
let viewer: string;
let denied: string;
const AGENT = '00000000-0000-4000-8000-0000000000a1';
const CANARY = '00000000-0000-4000-8000-0000000000c1';

const search = (token: string | null, body: unknown) => apiCall(t.app, 'POST', '/api/resources/search', token, body);
const all = (text: string) => ({
  checks: [{ agent: 'all', search: text }],
  components: [{ agent: 'all', search: text }],
  configs: [{ agent: 'all', search: text }],
});
const namesOf = (items?: { name: string }[]) => (items ?? []).map((i) => i.name);

beforeAll(async () => {
  t = await createTestApp();
  viewer = (await signedInUser(t, { roles: ['viewer'] })).token;
  const deniedUser = await signedInUser(t, { roles: ['viewer'] });
  denied = deniedUser.token;
  await t.database.pool.query(`
    INSERT INTO agents (id, name) VALUES ('${AGENT}', 'edge');
    INSERT INTO canaries (id, name, namespace, spec) VALUES
      ('${CANARY}', 'web', 'prod', '{}');
    INSERT INTO checks (canary_id, type, name, icon, labels, status) VALUES
      ('${CANARY}', 'http', 'web homepage', 'http', '{"team": "blue"}', 'healthy'),
      ('${CANARY}', 'http', 'web login', NULL, NULL, 'unhealthy');
    INSERT INTO components (name, external_id, type, namespace, labels, health, status) VALUES
      ('web frontend', 'web-frontend', 'Service', 'prod', '{"tier": "front"}', 'healthy', 'healthy');
    INSERT INTO config_items (name, type, config_class, tags, health, status, agent_id) VALUES
      ('web-deploy', 'Kubernetes::Deployment', 'Deployment', '{"namespace": "prod"}', 'warning', 'Running', '${AGENT}'),
      ('db', 'Kubernetes::Pod', 'Pod', NULL, 'healthy', 'Running', '00000000-0000-0000-0000-000000000000');
  `);
  await t.database.pool.query(
    "INSERT INTO permissions (action, object, person_id, deny) VALUES ('read', 'canaries', $1, true)",
    [deniedUser.id],
  );
});
afterAll(() => t.close());

describe('POST /api/resources/search', () => {
  it('401 without a session', async () => {
    expect((await search(null, all('web'))).status).toBe(401);
  });

  it('answers checks, components and configs whose name contains the text, as upstream’s selected resources', async () => {
    const res = await search(viewer, all('WEB'));
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, Record<string, unknown>[]>;
    expect(namesOf(body.checks as { name: string }[])).toEqual(['web homepage', 'web login']);
    expect(body.checks?.[0]).toEqual({
      id: expect.any(String),
      agent: '00000000-0000-0000-0000-000000000000',
      icon: 'http',
      name: 'web homepage',
      namespace: '',
      type: 'http',
      tags: { team: 'blue' },
      health: 'healthy',
    });
    expect(body.checks?.[1]).toMatchObject({ name: 'web login', health: 'unhealthy' });
    expect(body.components).toEqual([
      expect.objectContaining({ name: 'web frontend', type: 'Service', tags: { tier: 'front' }, health: 'healthy' }),
    ]);
    expect(body.configs).toEqual([
      expect.objectContaining({
        name: 'web-deploy',
        agent: AGENT,
        namespace: 'prod',
        type: 'Kubernetes::Deployment',
        health: 'warning',
        status: 'Running',
      }),
    ]);
  });

  it('reads as the caller: a kind they may not read through /api/db refuses the request, the others answer', async () => {
    const refused = await search(denied, all('web'));
    expect(refused.status).toBe(403);
    const direct = await apiCall(t.app, 'GET', '/api/db/checks?limit=1', denied);
    expect(direct.status).toBe(403);
    const configs = (await (await search(denied, { configs: [{ search: 'web' }] })).json()) as {
      configs: { name: string }[];
    };
    expect(namesOf(configs.configs)).toEqual(['web-deploy']);
  });

  it('agent, types, id and limit narrow; a kind with nothing found is left out', async () => {
    const byAgent = (await (
      await search(viewer, { configs: [{ agent: AGENT }], checks: [{ search: 'nothing-like-this' }] })
    ).json()) as Record<string, { name: string }[]>;
    expect(byAgent).toEqual({ configs: [expect.objectContaining({ name: 'web-deploy' })] });
    const local = (await (await search(viewer, { configs: [{ agent: 'local' }] })).json()) as {
      configs: { name: string }[];
    };
    expect(namesOf(local.configs)).toEqual(['db']);
    const typed = (await (await search(viewer, { configs: [{ types: ['Kubernetes::Pod'] }] })).json()) as {
      configs: { name: string }[];
    };
    expect(namesOf(typed.configs)).toEqual(['db']);
    const limited = (await (await search(viewer, { limit: 1, checks: [{ search: 'web' }] })).json()) as {
      checks: { name: string }[];
    };
    expect(namesOf(limited.checks)).toEqual(['web homepage']);
  });

  it('400 naming what it does not take', async () => {
    for (const [body, text] of [
      [{ configs: [{ search: 'name=web type=x' }] }, 'the query grammar is not supported'],
      [{ configs: [{ labelSelector: 'a=b' }] }, 'labelSelector'],
      [{ playbooks: [{ search: 'x' }] }, 'playbooks'],
      [{ limit: 5000 }, 'limit must be at most 1000'],
      [{ checks: [{ agent: 'somewhere' }] }, 'agent must be all, local or an agent id'],
    ] as const) {
      const res = await search(viewer, body);
      expect([res.status, ((await res.json()) as { message: string }).message], JSON.stringify(body)).toEqual([
        400,
        expect.stringContaining(text),
      ]);
    }
  });
});
