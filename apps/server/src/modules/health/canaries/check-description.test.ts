import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHealthTestApp, type HealthTestApp } from '../testing/health-test-app.js';

/**
 * canary-checker's Description fields of a check (name, description, namespace, icon, labels) and the
 * canary's severity and owner are honoured whatever the check type: each is stored with the check, where
 * the health summary and console read it.
 */
let t: HealthTestApp;
let admin: string;

beforeAll(async () => {
  t = await createHealthTestApp();
  admin = await t.person(['admin']);
});
afterAll(() => t.close());

describe('check description fields', () => {
  it('stores name, description, namespace, icon and labels of each check, and the canary severity and owner', async () => {
    const created = await t.call(admin, 'POST', '/api/canaries', {
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Canary',
      metadata: { name: 'described', namespace: 'default' },
      spec: {
        schedule: '@every 5m',
        severity: 'critical',
        owner: 'platform-team',
        tcp: [
          {
            name: 'port',
            endpoint: '127.0.0.1:1',
            description: 'the database port',
            namespace: 'data',
            icon: 'postgres',
            labels: { tier: 'db' },
          },
        ],
        dns: [{ name: 'lookup', query: 'example.test' }],
      },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { rows } = await t.database.pool.query(
      `SELECT name, type, description, namespace, icon, labels, severity, owner FROM checks
       WHERE canary_id = $1 ORDER BY name`,
      [((await created.json()) as { id: string }).id],
    );
    expect(rows).toEqual([
      {
        name: 'lookup',
        type: 'dns',
        description: null,
        namespace: 'default',
        icon: null,
        labels: null,
        severity: 'critical',
        owner: 'platform-team',
      },
      {
        name: 'port',
        type: 'tcp',
        description: 'the database port',
        namespace: 'data',
        icon: 'postgres',
        labels: { tier: 'db' },
        severity: 'critical',
        owner: 'platform-team',
      },
    ]);
  });
});
