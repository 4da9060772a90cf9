import type { Database } from '@mc/db';
import { createTestDatabase } from '@mc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertHttpChecks, type PackedHistory, recordPackedHistory } from '../../health/testing/packed-history.js';
import { AI_CONTEXT_ROWS, aiResourceContext } from './ai-context.repo.js';

/**
 * The ai action's newest check results read only the blocks holding them (migration 0200): the same
 * newest runs, newest first, across the pack boundary, for a check and for a component's checks.
 */
let database: Database;
let componentId: string;
const checks: { id: string; name: string; history: PackedHistory }[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  for (const [i, row] of (await insertHttpChecks(database, 'ai', ['one', 'two'])).entries()) {
    const history = await recordPackedHistory(database, row.id, { runsPerHour: 3 + i, fails: (n) => n % 3 === i });
    checks.push({ ...row, history });
  }
  const component = await database.pool.query<{ id: string }>(
    "INSERT INTO components (name, type, external_id) VALUES ('api', 'service', 'api') RETURNING id",
  );
  componentId = component.rows[0]?.id ?? '';
  await database.pool.query(
    `INSERT INTO check_component_relationships (component_id, check_id, canary_id)
     SELECT $1, k.id, k.canary_id FROM checks k WHERE k.id = ANY($2::uuid[])`,
    [componentId, checks.map((check) => check.id)],
  );
});
afterAll(() => database.close());

const expected = (of: typeof checks) =>
  of
    .flatMap((check) => check.history.runs.map((run) => ({ check: check.name, ...run })))
    .sort((a, b) => b.time.getTime() - a.time.getTime())
    .slice(0, AI_CONTEXT_ROWS)
    .map((run) => ({
      check: run.check,
      time: run.time,
      passed: run.status,
      duration: run.duration,
      message: run.message,
    }));

describe('the ai action’s check results across the pack boundary', () => {
  it('gives a check’s newest runs, rows and packed ones, newest first', async () => {
    const [one] = checks;
    if (!one) throw new Error('check missing');
    const context = await aiResourceContext(database, { kind: 'check', id: one.id }, { changesSinceMs: 60_000 });
    const results = context.results as Record<string, unknown>[];
    expect(results.some((row) => (row.time as Date) < one.history.packedBefore)).toBe(true);
    expect(
      results.map(({ check, time, passed, duration, message }) => ({ check, time, passed, duration, message })),
    ).toEqual(expected([one]));
  });

  it('gives the newest runs of a component’s checks together', async () => {
    const context = await aiResourceContext(
      database,
      { kind: 'component', id: componentId },
      { changesSinceMs: 60_000 },
    );
    const results = (context.results as Record<string, unknown>[]).map(
      ({ check, time, passed, duration, message }) => ({ check, time, passed, duration, message }),
    );
    // Newest first; the two checks run at the same times, which either may come first in.
    const times = results.map((row) => (row.time as Date).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const byTimeAndCheck = (rows: Record<string, unknown>[]) =>
      [...rows].sort(
        (a, b) =>
          (a.time as Date).getTime() - (b.time as Date).getTime() || String(a.check).localeCompare(String(b.check)),
      );
    expect(byTimeAndCheck(results)).toEqual(byTimeAndCheck(expected(checks)));
  });
});
