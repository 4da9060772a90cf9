import type { Database } from '@mc/db';
import { createTestDatabase } from '@mc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSchedule } from '../../jobs/index.js';
import { insertHttpChecks } from '../testing/packed-history.js';
import { canaryScheduleName } from './run-canary.job.js';
import { canaryTickOf, runnableCheck, runnableChecksOf } from './runnable-checks.repo.js';

/**
 * A canary's checks read at each tick keep the same spec objects while their stored definitions are
 * unchanged (the registry validates a spec object once); an edited check reads as a new object. A tick
 * reads its checks and its schedule's next tick in one statement.
 */
let database: Database;
let canaryId: string;
const ids: Record<string, string> = {};

const setSpec = (id: string, spec: unknown) =>
  database.pool.query('UPDATE checks SET spec = $2::jsonb WHERE id = $1', [id, JSON.stringify(spec)]);

beforeAll(async () => {
  database = await createTestDatabase();
  for (const row of await insertHttpChecks(database, 'kept-specs', ['a', 'b', 'none'])) ids[row.name] = row.id;
  const { rows } = await database.pool.query<{ canary_id: string }>('SELECT canary_id FROM checks WHERE id = $1', [
    ids.a,
  ]);
  canaryId = rows[0]?.canary_id ?? '';
  await setSpec(ids.a ?? '', { name: 'a', url: 'http://127.0.0.1:1/a', headers: [{ name: 'x', value: '1' }] });
  await setSpec(ids.b ?? '', { name: 'b', url: 'http://127.0.0.1:1/b' });
});
afterAll(() => database.close());

const specsOf = async () =>
  Object.fromEntries((await runnableChecksOf(database.db, canaryId)).map((check) => [check.name, check.spec]));

describe('runnableChecksOf', () => {
  it('answers the stored specs, the same objects at every read while they are unchanged', async () => {
    const first = await specsOf();
    expect(first).toEqual({
      a: { name: 'a', url: 'http://127.0.0.1:1/a', headers: [{ name: 'x', value: '1' }] },
      b: { name: 'b', url: 'http://127.0.0.1:1/b' },
      none: null,
    });
    const second = await specsOf();
    expect(second.a).toBe(first.a);
    expect(second.b).toBe(first.b);
  });

  it('answers an edited check as a new object, and the others unchanged', async () => {
    const before = await specsOf();
    await setSpec(ids.b ?? '', { name: 'b', url: 'http://127.0.0.1:1/b2' });
    const after = await specsOf();
    expect(after.b).toEqual({ name: 'b', url: 'http://127.0.0.1:1/b2' });
    expect(after.b).not.toBe(before.b);
    expect(after.a).toBe(before.a);
    // The same text again (a save that changed nothing) keeps the object.
    await setSpec(ids.b ?? '', { name: 'b', url: 'http://127.0.0.1:1/b2' });
    expect((await specsOf()).b).toBe(after.b);
  });

  it('leaves a deleted check out, and a canary run by an agent (whose kept specs leave too)', async () => {
    await database.pool.query('UPDATE checks SET deleted_at = now() WHERE id = $1', [ids.none]);
    const before = await specsOf();
    expect(Object.keys(before)).toEqual(['a', 'b']);
    await database.pool.query(
      `INSERT INTO agents (id, name) VALUES ('00000000-0000-0000-0000-0000000000a1', 'kept-specs-agent')`,
    );
    await database.pool.query(`UPDATE canaries SET agent_id = '00000000-0000-0000-0000-0000000000a1' WHERE id = $1`, [
      canaryId,
    ]);
    expect(await runnableChecksOf(database.db, canaryId)).toEqual([]);
    await database.pool.query(`UPDATE canaries SET agent_id = '00000000-0000-0000-0000-000000000000' WHERE id = $1`, [
      canaryId,
    ]);
    const again = await specsOf();
    expect(again.a).toEqual(before.a);
    expect(again.a).not.toBe(before.a);
  });

  it('reads one check for Run Now with its spec parsed', async () => {
    expect(await runnableCheck(database.db, ids.a ?? '')).toMatchObject({
      name: 'a',
      spec: { name: 'a', url: 'http://127.0.0.1:1/a' },
      canary_id: canaryId,
      locations: null,
    });
  });
});

describe('canaryTickOf', () => {
  /** What the tick read before it was one statement: the schedule's next tick when enabled, else null. */
  const scheduled = async () => {
    const schedule = await getSchedule(database.pool, canaryScheduleName(canaryId));
    return schedule?.enabled ? schedule.next_run_at : null;
  };
  const tick = () => canaryTickOf(database, canaryId, canaryScheduleName(canaryId));

  it("answers the runnable checks and its schedule's next tick, none when disabled or gone", async () => {
    const checks = await runnableChecksOf(database.db, canaryId);
    expect(await tick()).toEqual({ checks, nextRuntime: null });
    const next = new Date('2030-01-02T03:04:05.678Z');
    await database.pool.query(
      `INSERT INTO schedules (name, schedule, job_name, payload, next_run_at) VALUES ($1, '@every 30s', 'run_canary', $2, $3)`,
      [canaryScheduleName(canaryId), JSON.stringify({ canaryId }), next],
    );
    expect(await tick()).toEqual({ checks, nextRuntime: next });
    expect((await tick()).nextRuntime).toEqual(await scheduled());
    await database.pool.query('UPDATE schedules SET enabled = false WHERE name = $1', [canaryScheduleName(canaryId)]);
    expect(await tick()).toEqual({ checks, nextRuntime: null });
    expect(await scheduled()).toBeNull();
  });

  it('keeps the spec objects as runnableChecksOf does, and answers no check and no next tick for a gone canary', async () => {
    const before = await runnableChecksOf(database.db, canaryId);
    const { checks } = await tick();
    expect(checks.map((check) => check.spec)).toEqual(before.map((check) => check.spec));
    expect(checks[0]?.spec).toBe(before[0]?.spec);
    expect(checks[0]).not.toHaveProperty('next_runtime');
    await database.pool.query('UPDATE schedules SET enabled = true WHERE name = $1', [canaryScheduleName(canaryId)]);
    await database.pool.query('UPDATE canaries SET deleted_at = now() WHERE id = $1', [canaryId]);
    expect(await tick()).toEqual({ checks: [], nextRuntime: null });
  });
});
