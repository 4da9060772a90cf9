import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signedInUser } from '../../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { apiSignIn, buildUser } from '../../auth/testing/auth-factory.js';

/**
 * The catalog list's exact total (`/api/db/configs`, `Prefer: count=exact`) answered from the maintained
 * counters for a type and/or health filter (list-count.ts): always equal to count(*) of the live items —
 * after inserts, type and health updates, soft deletes, revivals and hard deletes — and counted from the
 * rows for every filter, reader or embed the counters don't cover.
 */
let t: TestApp;
let viewer: string;
let scoped: string;
let scopedItem: string;

const TYPES = ['Test::CountA', 'Test::CountB', 'Test::CountC'];
const HEALTHS = ['healthy', 'unhealthy', 'warning', null];

/** The total the API answers in Content-Range (`0-1/42`, or `*\/0`). */
async function total(query: string, token = viewer, table = 'configs'): Promise<number> {
  const res = await apiCall(t.app, 'GET', `/api/db/${table}?select=id&limit=1&${query}`, token, undefined, {
    prefer: 'count=exact',
  });
  expect([200, 206]).toContain(res.status);
  const range = res.headers.get('content-range') ?? '';
  return Number(range.split('/')[1]);
}

/** count(*) of the live test items under `where`. */
async function counted(where: string, values: unknown[] = []): Promise<number> {
  const { rows } = await t.database.pool.query<{ n: string }>(
    `SELECT count(*) AS n FROM config_items WHERE deleted_at IS NULL AND (${where})`,
    values,
  );
  return Number(rows[0]?.n);
}

/** Filters (most of them ones the counters cover), each beside its count(*). */
const COVERED: [string, string, unknown[]][] = [
  ['type=eq.Test::CountA', 'type = $1', ['Test::CountA']],
  ['type=in.(Test::CountA,Test::CountB)', 'type = ANY($1)', [['Test::CountA', 'Test::CountB']]],
  ['type=in.("Test::CountC")&health=in.(healthy)', 'type = $1 AND health = $2', ['Test::CountC', 'healthy']],
  [
    'type=in.(Test::CountA,Test::CountC)&health=in.(healthy,warning)',
    'type = ANY($1) AND health = ANY($2)',
    [
      ['Test::CountA', 'Test::CountC'],
      ['healthy', 'warning'],
    ],
  ],
  ['health=eq.unhealthy&type=eq.Test::CountB', 'type = $1 AND health = $2', ['Test::CountB', 'unhealthy']],
  ['health=eq.unhealthy', 'health = $1', ['unhealthy']],
  ['type=in.(Test::CountA,Test::CountA)', 'type = $1', ['Test::CountA']],
  ['type=eq.Test::None', 'type = $1', ['Test::None']],
  ['type=in.()', 'false', []],
  ['', 'true', []],
  ['name=not.is.null&type=eq.Test::CountA', "type = 'Test::CountA'", []],
];

/** Every covered filter answers its count(*). */
async function expectExact(): Promise<void> {
  for (const [query, where, values] of COVERED) {
    expect(await total(query), query).toBe(await counted(where, values));
  }
}

beforeAll(async () => {
  t = await createTestApp();
  let n = 0;
  const values: string[] = [];
  const params: unknown[] = [];
  for (const type of TYPES)
    for (const health of HEALTHS)
      for (let i = 0; i < 3; i++) {
        params.push(`count-${n++}`, type, health);
        values.push(`($${params.length - 2}, $${params.length - 1}, 'Test', $${params.length})`);
      }
  const { rows } = await t.database.pool.query<{ id: string }>(
    `INSERT INTO config_items (name, type, config_class, health) VALUES ${values.join(', ')} RETURNING id`,
    params,
  );
  scopedItem = rows[0]?.id ?? '';
  viewer = (await signedInUser(t, { roles: ['viewer'] })).token;
  const user = await buildUser(t.database, { roles: [] });
  await t.database.pool.query("INSERT INTO permissions (action, config_id, person_id) VALUES ('read', $2, $1)", [
    user.id,
    scopedItem,
  ]);
  scoped = await apiSignIn(t.app, user.email, user.password);
});
afterAll(() => t.close());

describe('the catalog list total from the counters', () => {
  it('equals count(*) of the live items for type and/or health filters', async () => {
    await expectExact();
    expect(await total('type=eq.Test::CountA')).toBe(12);
    expect(await total('type=eq.Test::CountA&health=eq.healthy')).toBe(3);
  });

  it('stays exact after inserts, type and health updates, soft deletes, revivals and hard deletes', async () => {
    const pool = t.database.pool;
    await pool.query(
      "INSERT INTO config_items (name, type, config_class, health) VALUES ('late-1', 'Test::CountA', 'Test', 'healthy'), ('late-2', 'Test::CountB', 'Test', NULL)",
    );
    await expectExact();
    await pool.query(
      "UPDATE config_items SET type = 'Test::CountB' WHERE name IN ('count-0', 'count-1') OR name = 'late-1'",
    );
    await expectExact();
    await pool.query("UPDATE config_items SET health = 'warning' WHERE name IN ('count-2', 'count-13', 'late-2')");
    await pool.query("UPDATE config_items SET health = NULL WHERE name = 'count-4'");
    await expectExact();
    await pool.query("UPDATE config_items SET deleted_at = now() WHERE name IN ('count-3', 'count-14', 'count-25')");
    await expectExact();
    const deleted = await pool.query<{ n: string }>(
      "SELECT count(*) AS n FROM config_items WHERE type = 'Test::CountA' AND deleted_at IS NOT NULL",
    );
    expect(await total('type=eq.Test::CountA&deleted_at=not.is.null')).toBe(Number(deleted.rows[0]?.n));
    await pool.query("UPDATE config_items SET deleted_at = NULL WHERE name = 'count-14'");
    await pool.query("UPDATE config_items SET deleted_at = now(), health = 'healthy' WHERE name = 'count-26'");
    await expectExact();
    await pool.query("DELETE FROM config_items WHERE name IN ('count-5', 'count-25', 'late-2')");
    await expectExact();
    // a type too long to be counted (0067): the total without filters still counts it (0239)
    await pool.query(
      "INSERT INTO config_items (name, type, config_class, health) VALUES ('long-type', repeat('T', 300), 'Test', 'healthy')",
    );
    await expectExact();
    await pool.query("UPDATE config_items SET deleted_at = now() WHERE name = 'long-type'");
    await expectExact();
  });

  it('is read from the counters for the filters they cover, and counted from the rows for any other', async () => {
    const pool = t.database.pool;
    // a counter made wrong on purpose shows which answers come from it
    await pool.query(
      "UPDATE catalog_option_counts SET count = count + 1000 WHERE facet IN ('type', 'type_health') AND (value = 'Test::CountC' OR key = 'Test::CountC')",
    );
    try {
      const live = await counted("type = 'Test::CountC'");
      expect(await total('type=eq.Test::CountC')).toBe(live + 1000);
      expect(await total('type=eq.Test::CountC', viewer, 'config_items')).toBe(live + 1000);
      expect(await total('')).toBe((await counted('true')) + 1000);
      // any other filter, operator, negation, `or`, deleted rows or a second filter on a counted column
      for (const query of [
        'type=eq.Test::CountC&status=is.null',
        'type=eq.Test::CountC&name=like.count*',
        'type=like.Test::CountC',
        'type=not.in.(Test::CountA,Test::CountB)&name=like.count*',
        'or=(type.eq.Test::CountC)',
        'and=(type.eq.Test::CountC)',
        'type=eq.Test::CountC&type=neq.Test::CountA',
        'type=eq.Test::CountC&deleted_at=is.null',
        'type=eq(any).{Test::CountC}',
      ]) {
        expect(await total(query), query).toBe(live);
      }
      // a reader with a row scope: the rows they may read are counted
      expect(await total('type=eq.Test::CountC', scoped)).toBe(0);
      expect(await total(`type=eq.${await typeOf(scopedItem)}`, scoped)).toBe(1);
      // an `!inner` embed narrows the rows: counted
      const inner = await apiCall(
        t.app,
        'GET',
        '/api/db/configs?select=id,config_scrapers!inner(id)&type=eq.Test::CountC&limit=1',
        viewer,
        undefined,
        { prefer: 'count=exact' },
      );
      expect(inner.status).toBe(200);
      expect(inner.headers.get('content-range')).toBe('*/0');
    } finally {
      await pool.query(
        "UPDATE catalog_option_counts SET count = count - 1000 WHERE facet IN ('type', 'type_health') AND (value = 'Test::CountC' OR key = 'Test::CountC')",
      );
    }
    await expectExact();
  });
});

/** The type of a live item. */
async function typeOf(id: string): Promise<string | null> {
  const { rows } = await t.database.pool.query<{ type: string }>(
    'SELECT type FROM config_items WHERE id = $1 AND deleted_at IS NULL',
    [id],
  );
  return rows[0]?.type ?? null;
}

describe('the option lists (0240)', () => {
  it('order keys and values by code point, the same plan whether or not PostgreSQL knows the values', async () => {
    await t.database.pool.query(
      `INSERT INTO config_items (name, type, config_class, tags) VALUES
        ('tag-1', 'Test::Tags', 'Test', '{"zz-order":"b"}'), ('tag-2', 'Test::Tags', 'Test', '{"zz-order":"B"}'),
        ('tag-3', 'Test::Tags', 'Test', '{"zz-order":"a"}'), ('tag-4', 'Test::Tags', 'Test', '{"zz-order":"é"}')`,
    );
    const res = await apiCall(t.app, 'GET', '/api/db/config_tags?key=eq.zz-order&order=value', viewer);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { value: string }[]).map((r) => r.value)).toEqual(['B', 'a', 'b', 'é']);
  });
});
