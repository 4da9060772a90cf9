import type { Database } from '@mc/db';
import { createTestDatabase } from '@mc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let database: Database;
const q = async (text: string, values: unknown[] = []) => (await database.pool.query(text, values)).rows;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('job_histories', () => {
  it('adds the resource name by type and the agent', async () => {
    const [canary] = await q("INSERT INTO canaries (name) VALUES ('api-health') RETURNING id");
    const [scraper] = await q("INSERT INTO config_scrapers (name) VALUES ('k8s-scraper') RETURNING id");
    const [topology] = await q("INSERT INTO topologies (name) VALUES ('payments') RETURNING id");
    await q(
      `INSERT INTO job_history (name, resource_type, resource_id, status, duration_millis, details) VALUES
        ('CanaryRun', 'canary', $1, 'SUCCESS', 120, NULL),
        ('ScrapeRun', 'config_scraper', $2, 'FAILED', 65000, '{"errors": ["boom"], "scrape_summary": {"added": 1}}'),
        ('TopologyRun', 'topology', $3, 'WARNING', 20, NULL),
        ('Cleanup', NULL, 'not-a-uuid', 'RUNNING', NULL, NULL)`,
      [canary.id, scraper.id, topology.id],
    );
    const rows = await q('SELECT name, resource_name, agent FROM job_histories ORDER BY name');
    expect(rows).toEqual([
      {
        name: 'CanaryRun',
        resource_name: 'api-health',
        agent: { id: '00000000-0000-0000-0000-000000000000', name: 'local' },
      },
      { name: 'Cleanup', resource_name: null, agent: { id: '00000000-0000-0000-0000-000000000000', name: 'local' } },
      {
        name: 'ScrapeRun',
        resource_name: 'k8s-scraper',
        agent: { id: '00000000-0000-0000-0000-000000000000', name: 'local' },
      },
      {
        name: 'TopologyRun',
        resource_name: 'payments',
        agent: { id: '00000000-0000-0000-0000-000000000000', name: 'local' },
      },
    ]);
    const filtered = await q(
      `SELECT name FROM job_histories
       WHERE created_at >= now() - interval '2 days' AND NOT (status IN ('SUCCESS')) AND duration_millis >= 60000
         AND resource_type IN ('config_scraper')
       ORDER BY created_at DESC LIMIT 150`,
    );
    expect(filtered).toEqual([{ name: 'ScrapeRun' }]);
  });

  it('lists distinct job names in order', async () => {
    await q("INSERT INTO job_history (name, status) VALUES ('CanaryRun', 'SUCCESS'), ('Aardvark', 'SUCCESS')");
    expect(await q('SELECT name FROM job_history_names')).toEqual([
      { name: 'Aardvark' },
      { name: 'CanaryRun' },
      { name: 'Cleanup' },
      { name: 'ScrapeRun' },
      { name: 'TopologyRun' },
    ]);
  });
});

describe('event_queue_summary', () => {
  it('summarises pending and failed events with the most common error', async () => {
    await q(
      `INSERT INTO event_queue (name, properties, error, attempts, last_attempt) VALUES
        ('notification.send', '{"n": 1}', NULL, 0, NULL),
        ('notification.send', '{"n": 2}', 'timeout', 2, '2026-01-01T00:00:00Z'),
        ('notification.send', '{"n": 3}', 'timeout', 3, '2026-01-02T00:00:00Z'),
        ('notification.send', '{"n": 4}', 'refused', 1, '2026-01-03T00:00:00Z'),
        ('check.failed', '{"n": 5}', NULL, 0, NULL)`,
    );
    const rows = await q('SELECT * FROM event_queue_summary ORDER BY name');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      name: 'check.failed',
      pending: 1,
      failed: 0,
      average_attempts: 0,
      most_common_error: null,
    });
    expect(rows[1]).toMatchObject({
      name: 'notification.send',
      pending: 4,
      failed: 3,
      average_attempts: 1.5,
      most_common_error: 'timeout',
    });
    expect(new Date(rows[1].first_failure).toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(new Date(rows[1].last_failure).toISOString()).toBe('2026-01-03T00:00:00.000Z');
    expect(await q('SELECT error FROM failed_events ORDER BY last_attempt')).toEqual([
      { error: 'timeout' },
      { error: 'timeout' },
      { error: 'refused' },
    ]);
  });
});

describe('connections_list', () => {
  it('lists connections without secret columns', async () => {
    await q("INSERT INTO connections (name, type, password) VALUES ('vault', 'http', 'mcenc:v1:abcd1234:AAAA')");
    const [row] = await q("SELECT * FROM connections_list WHERE name = 'vault'");
    expect(row).toMatchObject({ name: 'vault', type: 'http', has_password: true, has_certificate: false });
    expect(Object.keys(row)).not.toContain('password');
  });
});
