import type { Database } from '@mc/db';
import { createTestDatabase } from '@mc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVERY_RESOURCE } from '../../platform/resource-visibility.js';
import { insertHttpChecks, recordPackedHistory, type StoredRun } from '../health/testing/packed-history.js';
import { detailEvidences } from './incident-detail.repo.js';

/**
 * A check evidence's 24-hour uptime reads the packed hours of that day only (migration 0200): the same
 * counts as the runs give, with runs packed more than a day ago, packed within it and still rows.
 */
let database: Database;
let incidentId: string;
let runs: StoredRun[];

beforeAll(async () => {
  database = await createTestDatabase();
  const person = await database.pool.query<{ id: string }>(
    "INSERT INTO people (name) VALUES ('responder') RETURNING id",
  );
  const by = person.rows[0]?.id;
  const incident = await database.pool.query<{ id: string }>(
    "INSERT INTO incidents (title, type, severity, created_by) VALUES ('outage', 'availability', 'high', $1) RETURNING id",
    [by],
  );
  incidentId = incident.rows[0]?.id ?? '';
  const [check] = await insertHttpChecks(database, 'uptime', ['api']);
  const checkId = check?.id ?? '';
  await database.pool.query(
    `WITH h AS (INSERT INTO hypotheses (incident_id, title, created_by) VALUES ($1, 'root', $2) RETURNING id)
     INSERT INTO evidences (hypothesis_id, type, check_id, created_by) SELECT id, 'check', $3, $2 FROM h`,
    [incidentId, by, checkId],
  );
  ({ runs } = await recordPackedHistory(database, checkId, { packedHours: 26, runsPerHour: 1 }));
});
afterAll(() => database.close());

describe('a check evidence across the pack boundary', () => {
  it('counts the runs of the last 24 hours, packed or not, and none older', async () => {
    const [evidence] = await detailEvidences(database.db, incidentId, EVERY_RESOURCE);
    const since = Date.now() - 24 * 3_600_000;
    const day = runs.filter((run) => run.time.getTime() > since);
    expect(day.length).toBeLessThan(runs.length);
    expect(evidence?.resource).toMatchObject({
      kind: 'check',
      uptime: { passed: day.filter((run) => run.status).length, failed: day.filter((run) => !run.status).length },
    });
  });
});
