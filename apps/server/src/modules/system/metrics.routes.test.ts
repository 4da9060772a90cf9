import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobRegistry } from '../../composition/job-registry.js';
import { apiCall, signedInUser } from '../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** The value of one sample of a Prometheus exposition, or undefined when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const wanted = Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`));
    if (wanted) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

let t: TestApp;
let admin: { id: string; token: string };

async function scrape(token: string | null = admin.token): Promise<string> {
  const response = await apiCall(t.app, 'GET', '/metrics', token);
  expect(response.status, await response.clone().text()).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return response.text();
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, { roles: ['admin'] });
});
afterAll(async () => {
  await t.close();
});

describe('GET /metrics: who may scrape', () => {
  it('answers 401 without a session or token', async () => {
    const response = await apiCall(t.app, 'GET', '/metrics', null);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'unauthorized' });
  });

  it('answers 403 to every role but admin, even editors', async () => {
    for (const role of ['editor', 'viewer', 'responder', 'commander', 'guest']) {
      const person = await signedInUser(t, { roles: [role] });
      const response = await apiCall(t.app, 'GET', '/metrics', person.token);
      expect(response.status, role).toBe(403);
      expect(await response.json()).toMatchObject({ message: 'Only administrators may read the metrics' });
    }
  });

  it('answers an admin API token (bearer) and refuses an editor’s', async () => {
    const minted = await apiCall(t.app, 'POST', '/api/auth/tokens', admin.token, { name: 'prometheus' });
    expect(minted.status).toBe(201);
    const { token } = (await minted.json()) as { token: string };
    expect(await scrape(token)).toContain('mc_http_request_duration_seconds');

    const editor = await signedInUser(t, { roles: ['editor'] });
    const editorToken = (await (
      await apiCall(t.app, 'POST', '/api/auth/tokens', editor.token, { name: 'sneaky' })
    ).json()) as { token: string };
    expect((await apiCall(t.app, 'GET', '/metrics', editorToken.token)).status).toBe(403);
  });
});

describe('GET /metrics: what it reports', () => {
  it('labels HTTP durations by route pattern and status, never by the raw path', async () => {
    const id = '00000000-0000-4000-8000-00000000beef';
    expect((await apiCall(t.app, 'GET', `/api/incidents/${id}`, admin.token)).status).toBe(404);
    expect((await apiCall(t.app, 'GET', '/api/no/such/route', admin.token)).status).toBe(404);
    const text = await scrape();
    const count = (route: string, status: string) =>
      sample(text, 'mc_http_request_duration_seconds_count', { method: 'GET', route, status });
    expect(count('/api/incidents/:id', '404')).toBeGreaterThanOrEqual(1);
    expect(count('/api/*', '404')).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(id);
    expect(text).not.toContain('/api/no/such/route');
  });

  it('counts refused requests under the route they aimed at', async () => {
    await apiCall(t.app, 'GET', '/api/incidents', null);
    const text = await scrape();
    expect(
      sample(text, 'mc_http_request_duration_seconds_count', { route: '/api/incidents', status: '401' }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('reports queue depth and lag by job type and the scheduler lag, read from the tables', async () => {
    const [jobName] = jobRegistry.names();
    await t.database.pool.query(
      `INSERT INTO jobs (name, state, run_at) VALUES
         ('metrics-probe', 'pending', now() - interval '90 seconds'),
         ('metrics-probe', 'pending', now() + interval '1 hour'),
         ('metrics-probe', 'running', now())`,
    );
    await t.database.pool.query(
      `INSERT INTO schedules (name, schedule, job_name, next_run_at)
       VALUES ('metrics-overdue', '@every 1h', $1, now() - interval '2 minutes')`,
      [jobName],
    );
    const text = await scrape();
    expect(sample(text, 'mc_job_queue_depth', { job: 'metrics-probe', state: 'pending' })).toBe(2);
    expect(sample(text, 'mc_job_queue_depth', { job: 'metrics-probe', state: 'running' })).toBe(1);
    expect(sample(text, 'mc_job_queue_lag_seconds', { job: 'metrics-probe' })).toBeGreaterThanOrEqual(90);
    expect(sample(text, 'mc_scheduler_lag_seconds')).toBeGreaterThanOrEqual(120);
    expect(sample(text, 'mc_database_up')).toBe(1);

    await t.database.pool.query(`DELETE FROM jobs WHERE name = 'metrics-probe'`);
    await t.database.pool.query(`DELETE FROM schedules WHERE name = 'metrics-overdue'`);
    const after = await scrape();
    expect(sample(after, 'mc_job_queue_depth', { job: 'metrics-probe', state: 'pending' })).toBeUndefined();
  });

  it('counts check runs by type and status where the runner records them', async () => {
    const created = await apiCall(t.app, 'POST', '/api/canaries', admin.token, {
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Canary',
      metadata: { name: 'metrics-tcp' },
      spec: { schedule: '@every 1h', tcp: [{ name: 'closed-port', endpoint: '127.0.0.1:1' }] },
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const { rows } = await t.database.pool.query<{ id: string }>('SELECT id FROM checks WHERE canary_id = $1', [id]);
    const before = sample(await scrape(), 'mc_check_runs_total', { type: 'tcp', status: 'unhealthy' }) ?? 0;
    const run = await apiCall(t.app, 'POST', `/api/canary/run/check/${rows[0]?.id}`, admin.token);
    expect(run.status).toBe(200);
    expect(await run.json()).toMatchObject({ status: 'unhealthy' });
    expect(sample(await scrape(), 'mc_check_runs_total', { type: 'tcp', status: 'unhealthy' })).toBe(before + 1);
  });

  it('reports the database pool and the process memory', async () => {
    const text = await scrape();
    expect(sample(text, 'mc_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'mc_db_pool_connections', { state: 'waiting' })).toBe(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });
});
