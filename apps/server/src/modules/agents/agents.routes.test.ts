import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminTestApp, createAdminTestApp, jsonListOf, jsonOf } from '../settings-views/testing/admin-test-app.js';
import { hashAgentToken } from './agents.service.js';

let t: AdminTestApp;
const send = (method: string, path: string, body?: unknown) =>
  t.request(`http://mc.example.com${path}`, {
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

/** Gives an agent one config, one scraper, one check and one playbook run. */
async function seedResources(agentId: string): Promise<void> {
  const q = (text: string) => t.database.pool.query(text, [agentId]);
  await q("INSERT INTO config_items (agent_id, config_class, type, name) VALUES ($1, 'Pod', 'Kubernetes::Pod', 'p')");
  // scraper names are unique per namespace (0060): one per agent
  await q(`INSERT INTO config_scrapers (agent_id, name) VALUES ($1, 'k8s-${agentId.slice(-4)}')`);
  const canary = await q("INSERT INTO canaries (agent_id, name) VALUES ($1, 'c') RETURNING id");
  await t.database.pool.query("INSERT INTO checks (agent_id, canary_id, type, name) VALUES ($1, $2, 'http', 'h')", [
    agentId,
    canary.rows[0].id,
  ]);
  const playbook = await t.database.pool.query('INSERT INTO playbooks (name) VALUES ($1) RETURNING id', [
    `pb-${agentId.slice(-4)}`,
  ]);
  await t.database.pool.query('INSERT INTO playbook_runs (agent_id, playbook_id) VALUES ($1, $2)', [
    agentId,
    playbook.rows[0].id,
  ]);
}

describe('agents API', () => {
  it('refuses a missing or bad name, and a taken one', async () => {
    const missing = await send('POST', '/api/agent/generate', {});
    expect(missing.status).toBe(400);
    expect((await jsonOf(missing)).message).toBe('name: This field is required');
    const bad = await send('POST', '/api/agent/generate', { name: 'Prod Cluster' });
    expect((await jsonOf(bad)).message).toBe('name: Name must be lowercase letters, digits and hyphens (dns1123)');
    expect((await send('POST', '/api/agent/generate', { name: 'dup' })).status).toBe(201);
    const taken = await send('POST', '/api/agent/generate', { name: 'dup' });
    expect(taken.status).toBe(409);
    expect((await jsonOf(taken)).message).toBe("An agent named 'dup' already exists");
  });

  it('generates a token shown once, stored hashed, with the install command', async () => {
    const response = await send('POST', '/api/agent/generate', { name: 'prod', properties: { region: 'eu' } });
    expect(response.status).toBe(201);
    const body = await jsonOf(response);
    const token = String(body.access_token);
    expect(token).toMatch(/^mca_[A-Za-z0-9_-]{43}$/);
    expect(body).toMatchObject({ name: 'prod', username: 'agent-prod' });
    expect(String(body.install_command)).toContain(`--set upstream.password=${token}`);
    expect(String(body.install_command)).toContain('--set upstream.host=http://mc.example.com');
    const { rows } = await t.database.pool.query('SELECT token_hash FROM agents WHERE id = $1', [body.id]);
    expect(rows[0].token_hash).toBe(hashAgentToken(token));
    const listed = await jsonListOf(await send('GET', '/api/agents'));
    expect(JSON.stringify(listed)).not.toContain(token);
    expect(listed.find((agent) => agent.name === 'prod')).toMatchObject({
      properties: { region: 'eu' },
      health: 'unknown',
    });
  });

  it('lists health within 61 s and the counts of what an agent reports', async () => {
    const id = String((await jsonOf(await send('POST', '/api/agent/generate', { name: 'edge' }))).id);
    await seedResources(id);
    await t.database.pool.query("UPDATE agents SET last_seen = now() - interval '30 seconds' WHERE id = $1", [id]);
    expect(await jsonOf(await send('GET', `/api/agents/${id}`))).toMatchObject({
      health: 'healthy',
      status: 'online',
      config_count: 1,
      config_scrapper_count: 1,
      checks_count: 1,
      playbook_runs_count: 1,
    });
    await t.database.pool.query("UPDATE agents SET last_seen = now() - interval '62 seconds' WHERE id = $1", [id]);
    expect(await jsonOf(await send('GET', `/api/agents/${id}`))).toMatchObject({
      health: 'unhealthy',
      status: 'offline',
    });
    const names = (await jsonListOf(await send('GET', '/api/agents'))).map((agent) => agent.name);
    expect(names).not.toContain('local');
  });

  it('edits properties and refuses bad ones', async () => {
    const id = String((await jsonOf(await send('POST', '/api/agent/generate', { name: 'patchme' }))).id);
    const bad = await send('PATCH', `/api/agents/${id}`, { properties: { a: 1 } });
    expect(bad.status).toBe(400);
    expect((await jsonOf(bad)).message).toMatch(/^properties\.a: /);
    const ok = await send('PATCH', `/api/agents/${id}`, { properties: { team: 'sre' } });
    expect(await jsonOf(ok)).toMatchObject({ properties: { team: 'sre' } });
    expect((await send('PATCH', '/api/agents/00000000-0000-0000-0000-000000000000', { properties: {} })).status).toBe(
      400,
    );
    expect((await send('PATCH', '/api/agents/00000000-0000-0000-0000-0000000000aa', { properties: {} })).status).toBe(
      404,
    );
    expect((await send('GET', '/api/agents/00000000-0000-0000-0000-0000000000aa')).status).toBe(404);
    expect((await send('DELETE', '/api/agents/00000000-0000-0000-0000-0000000000aa')).status).toBe(404);
    const badGenerate = await send('POST', '/api/agent/generate', { name: 'props', properties: { a: 1 } });
    expect(badGenerate.status).toBe(400);
    expect((await jsonOf(badGenerate)).message).toMatch(/^properties\.a: /);
    for (const [method, path] of [
      ['POST', '/api/agent/generate'],
      ['PATCH', `/api/agents/${id}`],
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

  it('deletes softly, and with cleanup marks the agent resources deleted', async () => {
    const keep = String((await jsonOf(await send('POST', '/api/agent/generate', { name: 'keep' }))).id);
    const clean = String((await jsonOf(await send('POST', '/api/agent/generate', { name: 'clean' }))).id);
    await seedResources(keep);
    await seedResources(clean);
    expect((await send('DELETE', `/api/agents/${keep}`)).status).toBe(200);
    const cleaned = await send('DELETE', `/api/agents/${clean}?cleanup=true`);
    expect(await jsonOf(cleaned)).toMatchObject({
      cleaned: { config_items: 1, config_scrapers: 1, canaries: 1, checks: 1 },
    });
    const live = async (id: string) =>
      (
        await t.database.pool.query(
          'SELECT count(*)::int AS n FROM config_items WHERE agent_id = $1 AND deleted_at IS NULL',
          [id],
        )
      ).rows[0].n;
    expect(await live(keep)).toBe(1);
    expect(await live(clean)).toBe(0);
    const { rows } = await t.database.pool.query('SELECT deleted_at, token_hash FROM agents WHERE id = $1', [clean]);
    expect(rows[0].deleted_at).not.toBeNull();
    expect(rows[0].token_hash).toBeNull();
    expect((await send('GET', `/api/agents/${clean}`)).status).toBe(404);
    expect((await send('DELETE', `/api/agents/${clean}`)).status).toBe(404);
  });
});
