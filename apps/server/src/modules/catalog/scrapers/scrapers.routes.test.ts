import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CatalogTestApp, createCatalogTestApp, scrapeConfig } from '../testing/catalog-test-app.js';

let t: CatalogTestApp;
let admin: string;
let viewer: string;
beforeAll(async () => {
  t = await createCatalogTestApp();
  admin = await t.person(['admin']);
  viewer = await t.person(['viewer']);
});
afterAll(() => t.close());

const fileSpec = { file: [{ type: 'Test::File', paths: ['/nonexistent/scrapers-routes/*.yaml'] }] };

describe('scrapers routes', () => {
  it('answers 401 without a session and 403 to a viewer writing', async () => {
    expect((await t.call(null, 'GET', '/api/catalog/scrapers')).status).toBe(401);
    expect((await t.call(viewer, 'GET', '/api/catalog/scrapers')).status).toBe(200);
    const refused = await t.call(viewer, 'POST', '/api/catalog/scrapers', scrapeConfig('nope', fileSpec));
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe('You do not have permission to write config_scrapers');
  });

  it.each([
    ['an empty body', '', 'The body must be a ScrapeConfig document in YAML or JSON'],
    ['YAML that does not parse', 'kind: [', 'not valid YAML or JSON'],
    ['a list', '[1, 2]', 'The body must be a ScrapeConfig object'],
    [
      'the wrong apiVersion',
      { ...scrapeConfig('a', fileSpec), apiVersion: 'v1' },
      'apiVersion: must be configs.flanksource.com/v1',
    ],
    ['the wrong kind', { ...scrapeConfig('a', fileSpec), kind: 'Canary' }, 'kind: must be ScrapeConfig'],
    ['a bad name', scrapeConfig('Not A Name', fileSpec), 'metadata.name: must be lower-case'],
    ['no entries', scrapeConfig('a', {}), 'spec: at least one scraper entry is required'],
    [
      'an unsupported kind',
      scrapeConfig('a', { aws: [{}] }),
      'spec.aws: the aws scraper is not supported by this server',
    ],
    ['a file entry without paths', scrapeConfig('a', { file: [{ type: 'X' }] }), 'spec.file.0.paths'],
    [
      'a bad CEL rule',
      scrapeConfig('a', { file: [{ paths: ['/x'], analysis: [{ analyzer: 'a', when: '1 +' }] }] }),
      'is not a valid CEL expression',
    ],
    [
      'a bad items path',
      scrapeConfig('a', { file: [{ paths: ['/x'], items: '$[?(@.x' }] }),
      'spec.file.0.items: is not a valid JSONPath',
    ],
  ])('answers 400 for %s', async (_what, body, message) => {
    const response = await t.call(
      admin,
      'POST',
      '/api/catalog/scrapers',
      body,
      typeof body === 'string' ? 'application/yaml' : undefined,
    );
    expect(response.status).toBe(400);
    expect((await response.json()).message).toContain(message);
  });

  it('creates from YAML, schedules it, lists, replaces, refuses a duplicate, runs now once, deletes', async () => {
    const yaml = [
      'apiVersion: configs.flanksource.com/v1',
      'kind: ScrapeConfig',
      'metadata:',
      '  name: routes-files',
      'spec:',
      '  schedule: "@every 15m"',
      '  file:',
      '    - type: Test::File',
      '      paths: ["/nonexistent/scrapers-routes/*.yaml"]',
    ].join('\n');
    const created = await t.call(admin, 'POST', '/api/catalog/scrapers', yaml, 'application/yaml');
    expect(created.status).toBe(201);
    const scraper = await created.json();
    expect(scraper).toMatchObject({ name: 'routes-files', namespace: 'default', source: 'UI', schedule: '@every 15m' });
    const [schedule] = await t.rows<{ schedule: string; job_name: string; resource_type: string }>(
      'SELECT schedule, job_name, resource_type FROM schedules WHERE name = $1',
      [`scraper:${scraper.id}`],
    );
    expect(schedule).toEqual({ schedule: '@every 15m', job_name: 'run_scraper', resource_type: 'config_scraper' });
    const [audit] = await t.rows<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE target = 'config_scrapers' AND action = 'create'",
    );
    expect(audit?.n).toBe(1);

    expect((await t.call(admin, 'POST', '/api/catalog/scrapers', yaml, 'application/yaml')).status).toBe(409);
    const list = await (await t.call(viewer, 'GET', '/api/catalog/scrapers')).json();
    expect(list.map((s: { name: string }) => s.name)).toContain('routes-files');

    const replaced = await t.call(
      admin,
      'PUT',
      `/api/catalog/scrapers/${scraper.id}`,
      scrapeConfig('routes-files', { ...fileSpec, schedule: '@hourly' }),
    );
    expect(replaced.status).toBe(200);
    const [moved] = await t.rows<{ schedule: string }>('SELECT schedule FROM schedules WHERE name = $1', [
      `scraper:${scraper.id}`,
    ]);
    expect(moved?.schedule).toBe('@hourly');

    const first = await (await t.call(admin, 'POST', `/api/catalog/scrapers/${scraper.id}/run`)).json();
    expect(first).toMatchObject({ scraper_id: scraper.id, queued: true, state: 'pending' });
    const second = await (await t.call(admin, 'POST', `/api/catalog/scrapers/${scraper.id}/run`)).json();
    expect(second).toMatchObject({ queued: false, job_id: first.job_id });
    const jobs = await t.rows<{ n: number }>(
      "SELECT count(*)::int AS n FROM jobs WHERE name = 'run_scraper' AND resource_id = $1",
      [scraper.id],
    );
    expect(jobs[0]?.n).toBe(1);
    expect((await t.call(viewer, 'POST', `/api/catalog/scrapers/${scraper.id}/run`)).status).toBe(403);
    expect((await t.call(admin, 'POST', `/api/catalog/scrapers/${scraper.id}/run?wait=maybe`)).status).toBe(400);
    expect((await t.call(admin, 'POST', '/api/catalog/scrapers/not-an-id/run')).status).toBe(400);
    expect((await t.call(admin, 'POST', '/api/catalog/scrapers/00000000-0000-4000-8000-00000000dead/run')).status).toBe(
      404,
    );

    const detail = await (await t.call(viewer, 'GET', `/api/catalog/scrapers/${scraper.id}`)).json();
    expect(detail).toMatchObject({ id: scraper.id, items: 0, runs: [], running: null });

    expect((await t.call(admin, 'DELETE', `/api/catalog/scrapers/${scraper.id}`)).status).toBe(204);
    expect(await t.rows('SELECT 1 FROM schedules WHERE name = $1', [`scraper:${scraper.id}`])).toEqual([]);
    expect((await t.call(viewer, 'GET', `/api/catalog/scrapers/${scraper.id}`)).status).toBe(404);
    expect((await t.call(admin, 'DELETE', `/api/catalog/scrapers/${scraper.id}`)).status).toBe(404);
  });

  it('keeps scrapers from files read-only', async () => {
    const [row] = await t.rows<{ id: string }>(
      `INSERT INTO config_scrapers (name, namespace, spec, source) VALUES ('from-file', 'default', $1::jsonb, 'ConfigFile') RETURNING id`,
      [JSON.stringify(fileSpec)],
    );
    const response = await t.call(
      admin,
      'PUT',
      `/api/catalog/scrapers/${row?.id}`,
      scrapeConfig('from-file', fileSpec),
    );
    expect(response.status).toBe(403);
    expect((await response.json()).message).toContain('comes from a file and is read-only');
    expect((await t.call(admin, 'DELETE', `/api/catalog/scrapers/${row?.id}`)).status).toBe(403);
  });
});
