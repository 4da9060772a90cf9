import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminTestApp, createAdminTestApp, jsonListOf, jsonOf } from './testing/admin-test-app.js';

let t: AdminTestApp;
const validate = (type: string, spec: string) =>
  t.request(`/api/schemas/${type}/validate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ spec }),
  });

beforeAll(async () => {
  t = await createAdminTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('editor schemas', () => {
  it('serves a schema per schema-driven type', async () => {
    const list = await jsonListOf(await t.request('/api/schemas'));
    expect(list.map((entry) => entry.table)).toEqual([
      'canaries',
      'topologies',
      'config_scrapers',
      'notifications',
      'teams',
      'logging_backends',
      'playbooks',
    ]);
    for (const entry of list) {
      const response = await t.request(String(entry.url));
      expect(response.status).toBe(200);
      expect(await jsonOf(response)).toMatchObject({ type: 'object', $id: entry.url });
    }
    const canary = await jsonOf(await t.request('/api/schemas/canary.schema.json'));
    expect(canary).toMatchObject({
      properties: { http: { type: 'array', items: { required: expect.arrayContaining(['name']) } } },
    });
  });

  it('serves the schema names upstream’s console asks for', async () => {
    for (const [name, id] of [
      ['canary.spec', '/api/schemas/canary.schema.json'],
      ['scrape_config.spec', '/api/schemas/scrape_config.schema.json'],
      ['playbook-spec', '/api/schemas/playbook.schema.json'],
    ]) {
      const response = await t.request(`/api/schemas/${name}.schema.json`);
      expect([response.status, (await jsonOf(response)).$id], name).toEqual([200, id]);
    }
    const kubernetes = await jsonOf(await t.request('/api/schemas/config_kubernetes.schema.json'));
    expect(kubernetes).toMatchObject({
      $id: '/api/schemas/config_kubernetes.schema.json',
      type: 'object',
      required: ['clusterName'],
      properties: { clusterName: { type: 'string' } },
    });
    expect((await t.app.request('/api/schemas/config_kubernetes.schema.json')).status).toBe(401);
  });

  it('answers 404 for an unknown type', async () => {
    const response = await t.request('/api/schemas/widgets.schema.json');
    expect(response.status).toBe(404);
    expect((await jsonOf(response)).message).toMatch(/^No schema for 'widgets'; known types: canary, topology/);
    expect((await validate('widgets', 'a: 1')).status).toBe(404);
  });

  it('accepts a valid spec and returns it parsed', async () => {
    const response = await validate(
      'canary',
      'schedule: "@every 1m"\nhttp:\n  - name: home\n    url: https://example.com\n',
    );
    expect(response.status).toBe(200);
    expect(await jsonOf(response)).toEqual({
      valid: true,
      spec: { schedule: '@every 1m', http: [{ name: 'home', url: 'https://example.com' }] },
    });
  });

  it('reports YAML that does not parse at its line', async () => {
    const response = await validate('canary', 'http:\n  - name: a\n    url: [unclosed\n');
    expect(response.status).toBe(400);
    const body = await jsonOf(response);
    expect(body.message).toMatch(/^line \d+, column \d+: /);
    expect(body.details).toMatchObject({ issues: [expect.objectContaining({ path: '' })] });
  });

  it('reports a missing required field at the line of its object', async () => {
    const response = await validate(
      'config_scrapers',
      'schedule: "@every 15m"\nsql:\n  - host: db\n    driver: postgres\n',
    );
    expect(response.status).toBe(400);
    const body = await jsonOf(response);
    expect(body.message).toBe('line 3, column 5: query is required');
    expect(body.details).toEqual({ issues: [{ line: 3, column: 5, path: '/sql/0', message: 'query is required' }] });
  });

  it('reports a wrong type at the value', async () => {
    const response = await validate(
      'playbooks',
      'actions:\n  - name: restart\nparameters:\n  - name: p\n    type: colour\n',
    );
    expect(response.status).toBe(400);
    expect((await jsonOf(response)).message).toBe(
      'line 5, column 11: must be one of text, checkbox, list, code, config, configs, component, check, people, team, duration, secret, bytes, millicores',
    );
  });

  it('refuses an HTTP check whose endpoint or url is not an http(s) URL, naming the field (issue 12 §6)', async () => {
    const cases: Array<[string, string]> = [
      ['endpoint', 'not a url'],
      ['endpoint', 'ftp://files.example.com/'],
      ['url', 'not-a-url'],
    ];
    for (const [field, value] of cases) {
      const response = await validate('canary', `http:\n  - name: site\n    ${field}: ${value}\n`);
      expect(response.status).toBe(400);
      expect((await jsonOf(response)).message).toBe(
        `line 3, column ${field.length + 7}: ${field} must be an http:// or https:// URL`,
      );
    }
    const ok = await validate('canary', 'http:\n  - name: site\n    endpoint: https://example.com/health\n');
    expect(ok.status).toBe(200);
  });

  it('takes raw YAML bodies and refuses a JSON body without spec', async () => {
    const raw = await t.request('/api/schemas/team/validate', {
      method: 'POST',
      headers: { 'content-type': 'application/yaml' },
      body: 'components: []\n',
    });
    expect(raw.status).toBe(200);
    const missing = await t.request('/api/schemas/team/validate', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(missing.status).toBe(400);
    expect((await jsonOf(missing)).message).toBe('spec: This field is required (the YAML text to validate)');
  });

  it('validates a whole document and reports issues at their line in it', async () => {
    const request = (document: string) =>
      t.request('/api/schemas/canary/validate', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ document }),
      });
    const ok = await request('metadata:\n  name: home\nspec:\n  http:\n    - name: home\n      url: https://x\n');
    expect(ok.status).toBe(200);
    expect(await jsonOf(ok)).toMatchObject({ valid: true, spec: { metadata: { name: 'home' } } });
    const bad = await request('metadata:\n  namespace: default\nspec:\n  interval: soon\n');
    expect(bad.status).toBe(400);
    const body = await jsonOf(bad);
    expect(body.details).toEqual({
      issues: [
        { line: 2, column: 3, path: '/metadata', message: 'name is required' },
        { line: 4, column: 13, path: '/spec/interval', message: 'interval must be integer' },
      ],
    });
  });
});
