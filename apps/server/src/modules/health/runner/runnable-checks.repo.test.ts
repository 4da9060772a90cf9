import type { Database } from '@mc/db';
import { createTestDatabase } from '@mc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertHttpChecks } from '../testing/packed-history.js';
import { runnableCheck, runnableChecksOf } from './runnable-checks.repo.js';

/**
 * A canary's checks read at each tick keep the same spec objects while their stored definitions are
 * unchanged (the registry validates a spec object once); an edited check reads as a new object.
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
