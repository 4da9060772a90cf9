import type { Database } from '@mc/db';
import { createTestDatabase } from '@mc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadViewColumnOrigins, targetListOrigins, type ViewColumnOrigin } from './view-origins.js';
import { viewKeyEdges, viewPrimaryKey } from './view-relationships.js';

let database: Database;
let origins: ViewColumnOrigin[];
const of = (view: string) =>
  origins.filter((o) => o.view === view).map((o) => `${o.column} <- ${o.table}.${o.tableColumn}`);

beforeAll(async () => {
  database = await createTestDatabase();
  await database.pool.query(`
    CREATE TABLE h29_parent (id int PRIMARY KEY, "odd (name) {x}" text);
    CREATE TABLE h29_child (id int PRIMARY KEY, parent_id int REFERENCES h29_parent(id), note text);
    CREATE VIEW h29_plain AS SELECT c.id, c.parent_id AS owner, upper(c.note) AS shout, p."odd (name) {x}" AS "odd name"
      FROM h29_child c JOIN h29_parent p ON p.id = c.parent_id;
    CREATE VIEW h29_nested AS SELECT x.owner, x.owner AS owner_again, (SELECT 1) AS one FROM (SELECT * FROM h29_plain) x;
    CREATE VIEW h29_union AS SELECT id FROM h29_child UNION ALL SELECT id FROM h29_parent;
  `);
  origins = await loadViewColumnOrigins(database.pool);
});
afterAll(async () => {
  await database?.close();
});

describe('view column origins (pg_rewrite)', () => {
  it('follows plain column references, not expressions, through joins, quoted names and subqueries', () => {
    expect(of('h29_plain')).toEqual([
      'id <- h29_child.id',
      'owner <- h29_child.parent_id',
      'odd name <- h29_parent.odd (name) {x}',
    ]);
  });

  it('follows a view over a view to both, keeps a column shown twice, and finds nothing in a UNION', () => {
    expect(of('h29_nested').sort()).toEqual(
      [
        'owner <- h29_plain.owner',
        'owner <- h29_child.parent_id',
        'owner_again <- h29_plain.owner',
        'owner_again <- h29_child.parent_id',
      ].sort(),
    );
    expect(of('h29_union')).toEqual([]);
  });

  it('reads nothing from a rule list without a target list', () => {
    expect(targetListOrigins('({QUERY :commandType 1 :targetList <>})')).toEqual([]);
  });

  it('gives views the keys of their base tables in every direction, and a primary key', () => {
    const key = {
      constraint: 'h29_child_parent_id_fkey',
      table: 'h29_child',
      columns: ['parent_id'],
      refTable: 'h29_parent',
      refColumns: ['id'],
      oneToOne: false,
    };
    const edges = viewKeyEdges([key], origins).map((e) => `${e.table}(${e.columns}) -> ${e.refTable}(${e.refColumns})`);
    expect(edges.sort()).toEqual(
      [
        'h29_nested(owner) -> h29_parent(id)',
        'h29_nested(owner_again) -> h29_parent(id)',
        'h29_plain(owner) -> h29_parent(id)',
      ].sort(),
    );
    const keys = new Map([['h29_child', ['id']]]);
    expect(viewPrimaryKey('h29_plain', keys, origins)).toEqual(['id']);
    expect(viewPrimaryKey('h29_union', keys, origins)).toEqual([]);
  });
});
