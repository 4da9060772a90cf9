import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signedInUser } from '../../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { recordResults } from '../results/results.service.js';

/**
 * The dashboard's time range (001 §2, §4) reaches the summary as `start`/`end`: each window counts the
 * runs inside it, and its latency percentiles come from those runs only.
 */
let t: TestApp;
let viewer: string;
const now = Date.now();
const MINUTE = 60_000;

interface Summary {
  from: string;
  to: string;
  checks_summary: { name: string; uptime: { passed: number; failed: number }; latency: { p95: number } }[];
}

async function summary(body: Record<string, unknown>): Promise<Summary> {
  const res = await apiCall(t.app, 'POST', '/api/canary/api/summary', viewer, body);
  expect(res.status).toBe(200);
  return (await res.json()) as Summary;
}

beforeAll(async () => {
  t = await createTestApp();
  const admin = (await signedInUser(t, { roles: ['admin'] })).token;
  viewer = (await signedInUser(t, { roles: ['viewer'] })).token;
  const res = await apiCall(t.app, 'POST', '/api/canaries', admin, {
    apiVersion: 'canaries.flanksource.com/v1',
    kind: 'Canary',
    metadata: { name: 'windowed' },
    // nothing listens there and the schedule is long: the runs are the ones written below
    spec: { schedule: '@every 24h', http: [{ name: 'windowed-site', endpoint: 'http://127.0.0.1:9/' }] },
  });
  expect(res.status).toBe(201);
  const { rows } = await t.database.pool.query("SELECT id FROM checks WHERE name = 'windowed-site'");
  const checkId = rows[0].id as string;
  const run = (minutesAgo: number, healthy: boolean, duration: number) => ({
    checkId,
    time: new Date(now - minutesAgo * MINUTE),
    result: { status: healthy ? ('healthy' as const) : ('unhealthy' as const), duration, message: '', details: {} },
    nextRuntime: null,
  });
  // one quick pass 20 minutes ago, one slow failure 3 hours ago, one very slow pass 2 days ago
  await recordResults(t.database.db, [run(2 * 24 * 60, true, 9_000), run(180, false, 2_000), run(20, true, 50)]);
});

afterAll(() => t.close());

describe('summary window', () => {
  it('counts only the runs inside start (a duration before now), and the percentiles follow', async () => {
    const hour = (await summary({ start: '1h' })).checks_summary[0];
    const sixHours = (await summary({ start: '6h' })).checks_summary[0];
    const week = (await summary({ start: '7d' })).checks_summary[0];
    expect(hour?.uptime).toEqual({ passed: 1, failed: 0 });
    expect(sixHours?.uptime).toEqual({ passed: 1, failed: 1 });
    expect(week?.uptime).toEqual({ passed: 2, failed: 1 });
    expect(hour?.latency.p95).toBeLessThan(1_000);
    expect(sixHours?.latency.p95).toBeGreaterThanOrEqual(1_000);
    expect(week?.latency.p95).toBeGreaterThan(sixHours?.latency.p95 ?? 0);
  });

  it('an absolute start and end (a picked range, a quick range) bound the window on both sides', async () => {
    const start = new Date(now - 4 * 60 * MINUTE).toISOString();
    const end = new Date(now - 60 * MINUTE).toISOString();
    const answer = await summary({ start, end });
    expect(answer.from).toBe(start);
    expect(answer.to).toBe(end);
    expect(answer.checks_summary[0]?.uptime).toEqual({ passed: 0, failed: 1 });
  });

  it('refuses a window that ends before it starts (400), and an unreadable end', async () => {
    const backwards = await apiCall(t.app, 'POST', '/api/canary/api/summary', viewer, {
      start: new Date(now).toISOString(),
      end: new Date(now - MINUTE).toISOString(),
    });
    expect(backwards.status).toBe(400);
    expect(((await backwards.json()) as { message: string }).message).toBe('start must be before end');
    const unreadable = await apiCall(t.app, 'POST', '/api/canary/api/summary', viewer, { start: '1h', end: 'later' });
    expect(unreadable.status).toBe(400);
    expect(((await unreadable.json()) as { message: string }).message).toContain('end must be a duration before now');
  });
});
