import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHealthTestApp, type HealthTestApp } from '../testing/health-test-app.js';

/**
 * Rule zero: canary-checker fields this server would only store are refused when the canary is saved,
 * naming the field — the canary-level retries, env, icon and agentSelector (canary-checker itself does
 * not act on the first three; agentSelector is this server's agent_id and locations), and
 * transformDeleteStrategy on a check type without `transform` (it has no transformed checks to retire).
 */
let t: HealthTestApp;
let admin: string;

beforeAll(async () => {
  t = await createHealthTestApp();
  admin = await t.person(['admin']);
});
afterAll(() => t.close());

const canary = (spec: Record<string, unknown>) => ({
  apiVersion: 'canaries.flanksource.com/v1',
  kind: 'Canary',
  metadata: { name: 'refused' },
  spec: { schedule: '@every 5m', tcp: [{ name: 'port', endpoint: '127.0.0.1:1' }], ...spec },
});

describe('refused canary fields', () => {
  it.each([
    ['retries', { retries: { count: 3 } }],
    ['env', { env: { token: { value: 'x' } } }],
    ['icon', { icon: 'postgres' }],
    ['agentSelector', { agentSelector: ['eu-west-*'] }],
  ])('answers 400 naming spec.%s and stores nothing', async (field, spec) => {
    const res = await t.call(admin, 'POST', '/api/canaries', canary(spec));
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain(`spec.${field}: is not supported by this server (`);
    const { rows } = await t.database.pool.query(`SELECT id FROM canaries WHERE name = 'refused'`);
    expect(rows).toEqual([]);
  });

  it.each([['transformDeleteStrategy', 'MarkHealthy']])(
    "answers 400 naming a check's %s where it has no transform",
    async (field, value) => {
      const res = await t.call(
        admin,
        'POST',
        '/api/canaries',
        canary({ dns: [{ name: 'names', query: 'example.test', [field]: value }] }),
      );
      expect(res.status).toBe(400);
      expect(JSON.stringify(await res.json())).toContain(`spec.dns[0].${field}: is not supported by this server`);
    },
  );
});
