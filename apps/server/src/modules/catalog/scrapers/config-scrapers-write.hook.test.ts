import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signedInUser } from '../../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

/**
 * The data API is no bypass: a scraper written through /api/db/config_scrapers is validated and
 * scheduled as one written through /api/catalog/scrapers, a delete unschedules it, and a bad spec is a
 * 400 naming the route.
 */
let t: TestApp;
let editor: { id: string; token: string };

const call = (method: string, path: string, body?: unknown) =>
  apiCall(t.app, method, path, editor.token, body, { prefer: 'return=representation' });
const scheduleOf = async (id: string) =>
  (await t.database.pool.query('SELECT schedule, job_name FROM schedules WHERE name = $1', [`scraper:${id}`])).rows;

beforeAll(async () => {
  t = await createTestApp();
  editor = await signedInUser(t, { roles: ['editor'] });
});
afterAll(() => t.close());

describe('/api/db/config_scrapers writes take effect', () => {
  it('schedules an inserted scraper, reschedules an update, unschedules a soft delete', async () => {
    const created = await call('POST', '/api/db/config_scrapers', {
      name: 'via-data-api',
      spec: { schedule: '@every 30m', file: [{ type: 'X', paths: ['/nonexistent/*.json'] }] },
    });
    expect(created.status).toBe(201);
    const [row] = (await created.json()) as { id: string }[];
    expect(await scheduleOf(row?.id ?? '')).toEqual([{ schedule: '@every 30m', job_name: 'run_scraper' }]);
    const patched = await call('PATCH', `/api/db/config_scrapers?id=eq.${row?.id}`, {
      spec: { schedule: '@hourly', file: [{ type: 'X', paths: ['/nonexistent/*.json'] }] },
    });
    expect(patched.status).toBe(200);
    expect(await scheduleOf(row?.id ?? '')).toEqual([{ schedule: '@hourly', job_name: 'run_scraper' }]);
    const deleted = await call('PATCH', `/api/db/config_scrapers?id=eq.${row?.id}`, {
      deleted_at: new Date().toISOString(),
    });
    expect(deleted.status).toBe(200);
    expect(await scheduleOf(row?.id ?? '')).toEqual([]);
  });

  it('refuses a spec this server cannot scrape with a 400 naming the route', async () => {
    const response = await call('POST', '/api/db/config_scrapers', { name: 'bad', spec: { aws: [{}] } });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string };
    expect(body.message).toContain('the aws scraper is not supported by this server');
    expect(body.message).toContain('POST /api/catalog/scrapers');
  });
});
