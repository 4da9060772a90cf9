import type { Database } from '@mc/db';
import { createTestDatabase } from '@mc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config.js';
import { createLogger } from '../../platform/logger.js';
import { ensureSystemCanary, recordResult } from '../health/index.js';
import { ensureSystemTopology } from './system-topology.js';

describe('the system topology', () => {
  let database: Database;
  const logger = createLogger('error', {}, () => undefined);

  beforeAll(async () => {
    database = await createTestDatabase();
    await ensureSystemCanary(database, 'http://127.0.0.1:1', logger);
    await ensureSystemTopology({ database, config: loadConfig({}) }, 'http://127.0.0.1:1', logger);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('describes the server on a first start: its HTTP endpoint and database linked to the self-check', async () => {
    const { rows } = await database.pool.query(
      `SELECT c.name, c.type, c.parent_id IS NULL AS root, array_agg(k.name) FILTER (WHERE k.name IS NOT NULL) AS checks
       FROM components c JOIN topologies t ON t.id = c.topology_id AND t.source = 'System'
       LEFT JOIN check_component_relationships r ON r.component_id = c.id AND r.deleted_at IS NULL
       LEFT JOIN checks k ON k.id = r.check_id
       WHERE c.deleted_at IS NULL GROUP BY c.name, c.type, c.parent_id ORDER BY c.name`,
    );
    expect(rows).toEqual([
      { name: 'Database', type: 'Database', root: false, checks: ['mission-control-health'] },
      { name: 'HTTP API', type: 'HTTP', root: false, checks: ['mission-control-health'] },
      { name: 'Mission Control', type: 'MissionControl', root: true, checks: null },
    ]);
    const schedule = await database.pool.query("SELECT schedule FROM schedules WHERE name LIKE 'topology:%'");
    expect(schedule.rows).toEqual([{ schedule: '@every 5m' }]);
  });

  it('follows the self-check: a failing /health turns the server unhealthy, naming the check', async () => {
    const { rows } = await database.pool.query("SELECT id FROM checks WHERE name = 'mission-control-health'");
    await recordResult(
      database.db,
      rows[0].id,
      new Date(),
      { status: 'unhealthy', duration: 1, message: 'refused', details: {} },
      null,
    );
    const root = await database.pool.query(
      "SELECT status, status_reason FROM components WHERE name = 'Mission Control'",
    );
    expect(root.rows[0]).toEqual({
      status: 'unhealthy',
      status_reason: 'Database: check mission-control-health is unhealthy',
    });
  });

  it('is added once: a second start leaves it (and an admin deletion) alone', async () => {
    await database.pool.query("UPDATE topologies SET deleted_at = now() WHERE source = 'System'");
    await ensureSystemTopology({ database, config: loadConfig({}) }, 'http://127.0.0.1:1', logger);
    const { rows } = await database.pool.query("SELECT count(*)::int AS n FROM topologies WHERE source = 'System'");
    expect(rows[0].n).toBe(1);
  });
});
