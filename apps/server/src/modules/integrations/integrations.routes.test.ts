import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signedInUser } from '../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let guest: string;
let nobody: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  guest = (await signedInUser(t, { roles: ['guest'] })).token;
  nobody = (await signedInUser(t, { roles: [] })).token;
  admin = (await signedInUser(t, { roles: ['admin'] })).token;
});
afterAll(async () => {
  await t.close();
});

const json = async (response: Response) => (await response.json()) as Record<string, unknown>;

describe('integration charts', () => {
  it('refuses strangers and people without a role', async () => {
    expect((await apiCall(t.app, 'GET', '/api/integrations/charts', null)).status).toBe(401);
    expect((await apiCall(t.app, 'POST', '/api/integrations/charts/aws/validate', null, { values: '' })).status).toBe(
      401,
    );
    expect((await apiCall(t.app, 'GET', '/api/integrations/charts', nobody)).status).toBe(403);
  });

  it('lists the six GitOps options of 001 §2 with defaults and schemas', async () => {
    const response = await apiCall(t.app, 'GET', '/api/integrations/charts', guest);
    expect(response.status).toBe(200);
    const charts = (await response.json()) as Array<Record<string, unknown>>;
    expect(charts.map((chart) => chart.title)).toEqual([
      'AWS',
      'Azure',
      'Prometheus',
      'Flux',
      'Kubernetes',
      'Mission Control',
    ]);
    const flux = charts.find((chart) => chart.id === 'flux');
    expect(String(flux?.note)).toContain('must be installed in flux');
    for (const chart of charts) {
      const valid = await apiCall(t.app, 'POST', `/api/integrations/charts/${chart.id}/validate`, guest, {
        values: JSON.stringify(chart.defaults),
      });
      expect(valid.status, String(chart.id)).toBe(200);
    }
  });

  it('validates values against the chart schema with the line of each issue', async () => {
    const values = 'url: ftp://prometheus\nalerts:\n  enabled: maybe\n  colour: red\n';
    const response = await apiCall(t.app, 'POST', '/api/integrations/charts/prometheus/validate', guest, { values });
    expect(response.status).toBe(400);
    const body = await json(response);
    const issues = (body.details as { issues: Array<{ line: number; message: string }> }).issues;
    expect(issues.map((issue) => issue.line)).toEqual([1, 3, 3]);
    expect(issues.map((issue) => issue.message).join('; ')).toMatch(/colour is not allowed here/);
    const missing = await apiCall(t.app, 'POST', '/api/integrations/charts/prometheus/validate', guest, {
      values: 'alerts: {}',
    });
    expect((await json(missing)).message).toBe('line 1, column 1: url is required');
    const broken = await apiCall(t.app, 'POST', '/api/integrations/charts/prometheus/validate', guest, {
      values: 'url: [',
    });
    expect(broken.status).toBe(400);
  });

  it('answers bad input with a 4xx naming the problem', async () => {
    const unknown = await apiCall(t.app, 'POST', '/api/integrations/charts/nope/validate', guest, { values: '' });
    expect(unknown.status).toBe(404);
    expect((await json(unknown)).message).toMatch(/^No chart 'nope'; known charts: aws, azure/);
    expect((await apiCall(t.app, 'GET', '/api/integrations/charts/nope', guest)).status).toBe(404);
    const noValues = await apiCall(t.app, 'POST', '/api/integrations/charts/aws/validate', guest, { values: 3 });
    expect((await json(noValues)).message).toBe('values: This field is required (YAML text)');
    const malformed = await apiCall(t.app, 'POST', '/api/integrations/charts/aws/validate', guest, '{');
    expect(malformed.status).toBe(400);
    const bomb = await apiCall(t.app, 'POST', '/api/integrations/charts/aws/validate', guest, {
      values: `a: &a [x]\n${Array.from({ length: 30 }, (_, i) => `b${i}: &b${i} [*a, *a, *a]`).join('\n')}`,
    });
    expect(bomb.status).toBeLessThan(500);
  });
});

describe('integrations_with_status', () => {
  it('lists scrapers, topologies and log backends with their last job run', async () => {
    const q = (text: string, values: unknown[] = []) => t.database.pool.query(text, values);
    const scraper = (await q("INSERT INTO config_scrapers (name, spec) VALUES ('iws-scraper', '{}') RETURNING id"))
      .rows[0].id;
    const topology = (await q("INSERT INTO topologies (name, spec) VALUES ('iws-topology', '{}') RETURNING id")).rows[0]
      .id;
    await q("INSERT INTO logging_backends (name, spec) VALUES ('iws-logs', '{}')");
    await q(
      `INSERT INTO job_history (name, resource_type, resource_id, status, created_at)
       VALUES ('scrape', 'config_scraper', $1, 'FAILED', now() - interval '1 hour'),
              ('scrape', 'config_scraper', $1, 'SUCCESS', now()),
              ('build', 'topology', $2, 'FAILED', now())`,
      [String(scraper), String(topology)],
    );
    const response = await apiCall(
      t.app,
      'GET',
      '/api/db/integrations_with_status?select=name,integration_type,job_status&name=like.iws-*&order=name.asc',
      guest,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([
      { name: 'iws-logs', integration_type: 'logging_backends', job_status: null },
      { name: 'iws-scraper', integration_type: 'scrapers', job_status: 'SUCCESS' },
      { name: 'iws-topology', integration_type: 'topologies', job_status: 'FAILED' },
    ]);
    const write = await apiCall(t.app, 'POST', '/api/db/integrations_with_status', admin, { name: 'x' });
    expect(write.status).toBeGreaterThanOrEqual(400);
    expect(write.status).toBeLessThan(500);
    expect((await apiCall(t.app, 'GET', '/api/db/integrations_with_status', null)).status).toBe(401);
  });
});
