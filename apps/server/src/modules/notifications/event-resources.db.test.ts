import type { Database } from '@mc/db';
import { createTestDatabase } from '@mc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordResult } from '../health/index.js';
import { recordPackedHistory } from '../health/testing/packed-history.js';
import { loadEventResource } from './event-resources.js';

/**
 * A check event's resource is read in one round trip (findCheckWithContext): the variables a rule's
 * filter and template see — check, canary, latest status — are the same as the three reads gave.
 */
let database: Database;
let checkId: string;
let bareCheckId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const { rows } = await database.pool.query<{ id: string; canary_id: string }>(
    `WITH c AS (INSERT INTO canaries (name, namespace, labels) VALUES ('shop', 'web', '{"team":"a"}') RETURNING id)
     INSERT INTO checks (canary_id, type, name, status, labels)
     SELECT id, 'http', n, 'unhealthy', '{"group":"g1"}' FROM c, (VALUES ('home'), ('bare')) v(n) RETURNING id, name`,
  );
  [checkId = '', bareCheckId = ''] = rows.map((row) => row.id);
  const time = new Date('2026-12-01T10:00:00Z');
  await recordResult(
    database.db,
    checkId,
    time,
    { status: 'unhealthy', duration: 12, message: 'HTTP 503 in 12ms', error: 'expected 200', details: {} },
    null,
  );
});
afterAll(() => database.close());

const event = (id: string) => ({
  id: '1',
  name: 'check.failed',
  properties: { id },
  attempts: 0,
  created_at: new Date(),
});

describe('the resource of a check event', () => {
  it('carries the check, its canary and its latest result with their types', async () => {
    const resource = await loadEventResource(database.pool, event(checkId));
    expect(resource?.name).toBe('home');
    expect(resource?.description).toBe('expected 200');
    const env = resource?.env as Record<string, Record<string, unknown>>;
    expect(env.canary).toEqual({ id: expect.any(String), name: 'shop', namespace: 'web', labels: { team: 'a' } });
    expect(env.status).toMatchObject({ status: false, error: 'expected 200', duration: 12 });
    expect(env.status?.time).toEqual(new Date('2026-12-01T10:00:00Z'));
    expect(env.check).toMatchObject({ id: checkId, name: 'home', labels: { group: 'g1' } });
    expect(env.check?.created_at).toBeInstanceOf(Date);
    expect(Object.keys(env.check ?? {}).some((key) => key.includes('.'))).toBe(false);
    expect(env.resource).toBe(env.check);
  });

  it('shows an empty status for a check without results, and nothing for a check that is gone', async () => {
    const resource = await loadEventResource(database.pool, event(bareCheckId));
    expect((resource?.env as Record<string, unknown> | undefined)?.status).toEqual({});
    expect(resource?.description).toBeNull();
    expect(await loadEventResource(database.pool, event('00000000-0000-4000-8000-00000000dead'))).toBeUndefined();
  });

  it('carries the latest run across the pack boundary: a row when one is left, else the newest packed run', async () => {
    const { rows } = await database.pool.query<{ id: string }>(
      `INSERT INTO checks (canary_id, type, name) SELECT canary_id, 'http', 'packed' FROM checks WHERE id = $1
       RETURNING id`,
      [checkId],
    );
    const id = rows[0]?.id ?? '';
    const { runs, packedBefore } = await recordPackedHistory(database, id);
    const status = async () =>
      ((await loadEventResource(database.pool, event(id)))?.env as Record<string, Record<string, unknown>> | undefined)
        ?.status;
    const newest = runs.at(-1);
    expect(await status()).toMatchObject({ time: newest?.time, duration: newest?.duration, message: newest?.message });
    await database.pool.query(
      'DELETE FROM check_results r USING checks k WHERE k.result_key = r.check_key AND k.id = $1 AND r.time >= $2',
      [id, packedBefore.toISOString()],
    );
    const packed = runs.filter((run) => run.time < packedBefore).at(-1);
    expect(await status()).toMatchObject({ time: packed?.time, duration: packed?.duration, status: packed?.status });
  });
});
