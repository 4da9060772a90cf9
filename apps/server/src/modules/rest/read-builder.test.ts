import { describe, expect, test } from 'vitest';
import { parseQuery } from './parse-query.js';
import { PgrstError } from './pgrst-error.js';
import { extractStatement, pageWindow, planRoot } from './read-handler.js';
import type { ColumnInfo, ForeignKey, SchemaCache, TableInfo } from './schema-cache.js';
import { SqlParams } from './sql-text.js';

function column(name: string, type = 'text'): ColumnInfo {
  return { name, type, category: 'S', defaultExpr: null, generated: false, notNull: false };
}

function table(name: string, cols: string[], extra: Partial<TableInfo> = {}): TableInfo {
  return {
    name,
    isView: false,
    writable: true,
    columns: new Map(cols.map((c) => [c, column(c)])),
    visible: cols.filter((c) => c !== 'password'),
    hidden: new Set(cols.filter((c) => c === 'password')),
    sealed: new Set(),
    primaryKey: ['id'],
    uniques: [['id']],
    outgoing: [],
    incoming: [],
    softDelete: cols.includes('deleted_at'),
    ...extra,
  };
}

const fk: ForeignKey = {
  constraint: 'checks_canary_id_fkey',
  table: 'checks',
  columns: ['canary_id'],
  refTable: 'canaries',
  refColumns: ['id'],
};
const canaries = table('canaries', ['id', 'name', 'password', 'deleted_at'], { incoming: [fk] });
const checks = table('checks', ['id', 'canary_id', 'name', 'labels'], { outgoing: [fk] });
const cache: SchemaCache = {
  tables: new Map([
    ['canaries', canaries],
    ['checks', checks],
  ]),
  functions: new Map(),
};

function plan(t: TableInfo, qs: string) {
  const params = new SqlParams();
  // Every table allowed without row scopes: these tests are about the SQL, the policy is tested elsewhere.
  const everyTable = new Map([...cache.tables.keys()].map((name) => [name, undefined]));
  const p = planRoot(cache, t, parseQuery(new URLSearchParams(qs)), params, undefined, everyTable);
  return { ...p, values: params.values };
}

describe('read builder', () => {
  test('star expands to visible columns only; soft delete is added', () => {
    const p = plan(canaries, 'select=*');
    expect(p.selectList).toBe('"pgrst_0"."id", "pgrst_0"."name", "pgrst_0"."deleted_at"');
    expect(p.where).toEqual(['"pgrst_0"."deleted_at" IS NULL']);
  });

  test('a filter on deleted_at (even inside or) lifts the soft-delete rule', () => {
    expect(plan(canaries, 'or=(deleted_at.is.null,name.eq.x)').where).toHaveLength(1);
  });

  test('values are bound, never inlined; like turns * into %', () => {
    const p = plan(checks, "name=like.*x'y*&labels->>app=eq.web");
    expect(p.where.join(' ')).not.toContain("x'y");
    expect(p.values).toEqual(["%x'y%", 'app', 'web']);
  });

  test('hidden and unknown columns are 42703', () => {
    for (const qs of ['select=password', 'password=eq.x', 'order=password', 'nope=eq.1']) {
      let error: unknown;
      try {
        plan(canaries, qs);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(PgrstError);
      expect((error as PgrstError).code).toBe('42703'); // asserted to be a PgrstError above
    }
  });

  test('to-one and to-many embeds join through the foreign key; !inner adds EXISTS', () => {
    const one = plan(checks, 'select=name,canary:canaries(name)');
    expect(one.selectList).toContain('row_to_json');
    expect(one.selectList).toContain('"pgrst_1"."id" = "pgrst_0"."canary_id"');
    const many = plan(canaries, 'select=name,checks!inner(name)&checks.name=eq.a');
    expect(many.selectList).toContain('json_agg');
    expect(many.where.some((w) => w.startsWith('EXISTS'))).toBe(true);
  });

  test('unknown relationships are PGRST200', () => {
    expect(() => plan(checks, 'select=nope(*)')).toThrow(/Could not find a relationship/);
  });

  test('page window intersects limit/offset with Range and caps at max rows', () => {
    expect(pageWindow(parseQuery(new URLSearchParams('limit=10&offset=5')), { lower: 0, upper: 7 })).toEqual({
      lower: 5,
      limit: 3,
    });
    expect(pageWindow(parseQuery(new URLSearchParams('')))).toEqual({ lower: 0, limit: 2000 });
  });

  test('statements are renumbered densely for a standalone EXPLAIN', () => {
    expect(extractStatement('a = $3 AND b = $1 AND c = $3', ['x', 'y', 'z'])).toEqual({
      text: 'a = $1 AND b = $2 AND c = $1',
      values: ['z', 'x'],
    });
  });
});
