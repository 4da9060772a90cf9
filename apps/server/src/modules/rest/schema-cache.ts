import type pg from 'pg';
import { isSecretColumn } from '../../platform/audit.js';
import {
  EXPOSED_FUNCTIONS,
  EXPOSED_TABLES,
  type ExposedTable,
  type ParentRead,
  type TimeBlocks,
} from './exposed-resources.js';
import { loadViewColumnOrigins, type ViewColumnOrigin } from './view-origins.js';
import { type KeyEdge, viewKeyEdges, viewPrimaryKey } from './view-relationships.js';

/** One column of an exposed table. */
export interface ColumnInfo {
  name: string;
  /** `format_type` text, e.g. `text`, `jsonb`, `timestamp with time zone`. */
  type: string;
  /** pg_type.typcategory: S string, N numeric, A array, U user (json/jsonb/uuid), … */
  category: string;
  defaultExpr: string | null;
  generated: boolean;
  notNull: boolean;
}

/**
 * A foreign key between two exposed tables or views: a constraint, one a view takes from its base
 * table (keeping the constraint's name), or one declared for a view on the allow-list.
 */
export interface ForeignKey {
  constraint: string;
  table: string;
  columns: readonly string[];
  refTable: string;
  refColumns: readonly string[];
  /** The key columns are unique in `table`: one-to-one both ways (absent: many-to-one). */
  oneToOne?: boolean;
}

/** What the data API knows of one exposed table or view. */
export interface TableInfo {
  name: string;
  isView: boolean;
  writable: boolean;
  /** For a table written only elsewhere: why and where, named in the refusal of a write. */
  writeVia?: string;
  columns: ReadonlyMap<string, ColumnInfo>;
  /** Readable columns in table order: what `*` means. */
  visible: readonly string[];
  hidden: ReadonlySet<string>;
  /** Readable columns whose encrypted values read masked (exposed-resources `sealed`). */
  sealed: ReadonlySet<string>;
  primaryKey: readonly string[];
  uniques: readonly (readonly string[])[];
  /** FKs from this table to others (to-one embeds) and from others to this one (to-many). */
  outgoing: readonly ForeignKey[];
  incoming: readonly ForeignKey[];
  softDelete: boolean;
  /** A time-blocked view's time and block columns (time-blocks.ts). */
  timeBlocks?: TimeBlocks;
  /** Read under its parents' read rules (exposed-resources `readAs`, parent-reads.ts). */
  readAs?: readonly ParentRead[];
}

/** One argument of an exposed function. */
export interface FunctionArg {
  name: string;
  type: string;
  hasDefault: boolean;
}

/** What the data API knows of one exposed function. */
export interface FunctionInfo {
  name: string;
  args: readonly FunctionArg[];
  returnsSet: boolean;
  /** Returns rows (a table type, record or `TABLE(...)`), so select/filters/order apply. */
  returnsRows: boolean;
  volatile: boolean;
  /** Columns of the returned rows (a table type, OUT or TABLE(...) parameters). */
  resultColumns: readonly ColumnInfo[];
  /** When the function returns rows of an exposed table, that table (so its embeds work on the result). */
  returnTable: string | null;
}

/** The schema cache: read once at start from pg_catalog (works on PGlite too), reloadable. */
export interface SchemaCache {
  tables: ReadonlyMap<string, TableInfo>;
  functions: ReadonlyMap<string, FunctionInfo>;
}

const COLUMNS_SQL = `
SELECT c.relname AS table, c.relkind AS kind, a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type,
       t.typcategory AS category, pg_get_expr(d.adbin, d.adrelid) AS default_expr, a.attgenerated <> '' AS generated, a.attnotnull AS not_null
FROM pg_class c
JOIN pg_namespace n ON n.oid = c.relnamespace
JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
JOIN pg_type t ON t.oid = a.atttypid
LEFT JOIN pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum
WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm') AND c.relname = ANY($1::text[])
ORDER BY c.relname, a.attnum`;

const CONSTRAINTS_SQL = `
SELECT con.conname AS name, con.contype AS type, c.relname AS table, fc.relname AS ref_table,
       ARRAY(SELECT a.attname::text FROM unnest(con.conkey) WITH ORDINALITY k(n, i)
             JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.n ORDER BY k.i) AS columns,
       ARRAY(SELECT a.attname::text FROM unnest(con.confkey) WITH ORDINALITY k(n, i)
             JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.n ORDER BY k.i) AS ref_columns
FROM pg_constraint con
JOIN pg_class c ON c.oid = con.conrelid
JOIN pg_namespace n ON n.oid = c.relnamespace
LEFT JOIN pg_class fc ON fc.oid = con.confrelid
WHERE n.nspname = 'public' AND con.contype IN ('p', 'u', 'f')
ORDER BY con.conname`;

const FUNCTIONS_SQL = `
SELECT p.proname AS name, p.proretset AS returns_set, p.provolatile = 'v' AS volatile, p.pronargs AS nargs,
       p.pronargdefaults AS ndefaults, COALESCE(p.proargnames, '{}')::text[] AS arg_names,
       COALESCE(p.proargmodes::text[], '{}') AS arg_modes,
       ARRAY(SELECT format_type(t.oid, NULL) FROM unnest(p.proargtypes) WITH ORDINALITY u(oid, i)
             JOIN pg_type t ON t.oid = u.oid ORDER BY u.i) AS arg_types,
       (rt.typtype = 'c' OR rt.oid = 'record'::regtype) AS returns_rows,
       (SELECT c.relname FROM pg_class c WHERE c.oid = rt.typrelid AND c.relkind IN ('r', 'p', 'v', 'm')) AS return_table,
       CASE WHEN rt.typrelid <> 0 THEN
         (SELECT json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod),
                 'category', t2.typcategory) ORDER BY a.attnum)
          FROM pg_attribute a JOIN pg_type t2 ON t2.oid = a.atttypid
          WHERE a.attrelid = rt.typrelid AND a.attnum > 0 AND NOT a.attisdropped)
       ELSE
         (SELECT json_agg(json_build_object('name', u.name, 'type', format_type(u.typ, NULL), 'category', t2.typcategory)
                 ORDER BY u.i)
          FROM unnest(p.proallargtypes, p.proargmodes::text[], p.proargnames) WITH ORDINALITY AS u(typ, mode, name, i)
          JOIN pg_type t2 ON t2.oid = u.typ WHERE u.mode IN ('o', 'b', 't'))
       END AS result_columns
FROM pg_proc p
JOIN pg_namespace n ON n.oid = p.pronamespace
JOIN pg_type rt ON rt.oid = p.prorettype
WHERE n.nspname = 'public' AND p.prokind = 'f' AND p.proname = ANY($1::text[])`;

interface ColumnRow {
  table: string;
  kind: string;
  column: string;
  type: string;
  category: string;
  default_expr: string | null;
  generated: boolean;
  not_null: boolean;
}

interface ConstraintRow {
  name: string;
  type: string;
  table: string;
  ref_table: string | null;
  columns: string[];
  ref_columns: string[];
}

interface FunctionRow {
  name: string;
  returns_set: boolean;
  volatile: boolean;
  nargs: number;
  ndefaults: number;
  arg_names: string[];
  arg_modes: string[];
  arg_types: string[];
  returns_rows: boolean;
  return_table: string | null;
  result_columns: { name: string; type: string; category: string }[] | null;
}

interface MutableTable extends TableInfo {
  columns: Map<string, ColumnInfo>;
  visible: string[];
  hidden: Set<string>;
  primaryKey: string[];
  uniques: string[][];
  outgoing: ForeignKey[];
  incoming: ForeignKey[];
}

function buildFunction(row: FunctionRow): FunctionInfo {
  // proargnames covers all arguments (IN and OUT); proargtypes only the input ones, in order.
  const inputNames =
    row.arg_modes.length === 0
      ? row.arg_names
      : row.arg_names.filter((_, i) => ['i', 'b', 'v'].includes(row.arg_modes[i] ?? 'i'));
  const firstDefault = row.nargs - row.ndefaults;
  const args = row.arg_types.map((type, i) => ({ name: inputNames[i] ?? '', type, hasDefault: i >= firstDefault }));
  const resultColumns = (row.result_columns ?? []).map((c) => ({
    ...c,
    defaultExpr: null,
    generated: false,
    notNull: false,
  }));
  return {
    name: row.name,
    args,
    returnsSet: row.returns_set,
    returnsRows: row.returns_rows,
    volatile: row.volatile,
    resultColumns,
    returnTable: row.return_table,
  };
}

/** Unique column sets (primary key first) of every table of the schema, exposed or not. */
function uniqueSets(rows: readonly ConstraintRow[]): Map<string, string[][]> {
  const out = new Map<string, string[][]>();
  for (const row of rows) {
    if (row.type !== 'p' && row.type !== 'u') continue;
    const sets = out.get(row.table) ?? [];
    if (row.type === 'p') sets.unshift(row.columns);
    else sets.push(row.columns);
    out.set(row.table, sets);
  }
  return out;
}

/**
 * Gives exposed tables and views their keys: constraints of tables, keys declared for views on the
 * allow-list (`viewKeys`), and the keys views take from their base tables (view-relationships.ts). A key
 * is embeddable when both of its ends are exposed.
 */
function addKeys(
  tables: Map<string, MutableTable>,
  rows: readonly ConstraintRow[],
  origins: readonly ViewColumnOrigin[],
  exposedTables: Readonly<Record<string, ExposedTable>>,
): void {
  const uniques = uniqueSets(rows);
  const isUnique = (table: string, columns: readonly string[]) =>
    (uniques.get(table) ?? []).some((u) => u.length === columns.length && u.every((c) => columns.includes(c)));
  const keys: KeyEdge[] = [];
  for (const row of rows) {
    const table = tables.get(row.table);
    if (table && row.type === 'p') table.primaryKey = row.columns;
    if (table && (row.type === 'p' || row.type === 'u')) table.uniques.push(row.columns);
    if (row.type !== 'f' || !row.ref_table) continue;
    const { name: constraint, table: holder, columns, ref_table: refTable, ref_columns: refColumns } = row;
    keys.push({ constraint, table: holder, columns, refTable, refColumns, oneToOne: isUnique(holder, columns) });
  }
  const primaryKeys = new Map([...uniques].map(([name, sets]) => [name, sets[0] ?? []] as const));
  for (const table of tables.values()) {
    if (!table.isView) continue;
    const declared = exposedTables[table.name]?.viewKeys;
    table.primaryKey = declared ? [...declared.primaryKey] : viewPrimaryKey(table.name, primaryKeys, origins);
    if (table.primaryKey.length > 0) table.uniques.push(table.primaryKey);
    for (const key of declared?.foreignKeys ?? []) {
      const constraint = `${table.name}_${key.columns.join('_')}_fkey`;
      keys.push({ constraint, table: table.name, ...key, oneToOne: false });
    }
  }
  for (const key of [...keys, ...viewKeyEdges(keys, origins)]) {
    const holder = tables.get(key.table);
    const referenced = tables.get(key.refTable);
    if (!holder || !referenced) continue;
    holder.outgoing.push(key);
    referenced.incoming.push(key);
  }
}

/**
 * Reads tables, columns, keys and functions of everything on the allow-list. `extraFunctions` exposes
 * more functions (the data API's tests call functions they create themselves); `exposedTables` replaces
 * the allow-list (the engine's conformance tests write tables the product writes through routes).
 */
export async function loadSchemaCache(
  pool: pg.Pool,
  extraFunctions: readonly string[] = [],
  exposedTables: Readonly<Record<string, ExposedTable>> = EXPOSED_TABLES,
): Promise<SchemaCache> {
  const names = Object.keys(exposedTables);
  const [columns, constraints, functions, origins] = await Promise.all([
    pool.query<ColumnRow>(COLUMNS_SQL, [names]),
    pool.query<ConstraintRow>(CONSTRAINTS_SQL),
    pool.query<FunctionRow>(FUNCTIONS_SQL, [[...EXPOSED_FUNCTIONS, ...extraFunctions]]),
    loadViewColumnOrigins(pool),
  ]);
  const tables = new Map<string, MutableTable>();
  for (const row of columns.rows) {
    const exposed = exposedTables[row.table];
    if (!exposed) continue;
    let table = tables.get(row.table);
    if (!table) {
      const isView = row.kind === 'v' || row.kind === 'm';
      table = {
        name: row.table,
        isView,
        writable: exposed.writable && !isView,
        writeVia: exposed.writeVia,
        columns: new Map(),
        visible: [],
        hidden: new Set(),
        sealed: new Set(exposed.sealed ?? []),
        primaryKey: [],
        uniques: [],
        outgoing: [],
        incoming: [],
        softDelete: false,
        ...(exposed.timeBlocks ? { timeBlocks: exposed.timeBlocks } : {}),
        ...(exposed.readAs ? { readAs: exposed.readAs } : {}),
      };
      tables.set(row.table, table);
    }
    const info: ColumnInfo = {
      name: row.column,
      type: row.type,
      category: row.category,
      defaultExpr: row.default_expr,
      generated: row.generated,
      notNull: row.not_null,
    };
    table.columns.set(row.column, info);
    if (exposed.hidden?.includes(row.column) || isSecretColumn(row.table, row.column)) table.hidden.add(row.column);
    else table.visible.push(row.column);
    if (row.column === 'deleted_at') table.softDelete = true;
  }
  addKeys(tables, constraints.rows, origins, exposedTables);
  const fns = new Map<string, FunctionInfo>();
  for (const row of functions.rows) {
    // Overloaded functions are not exposed: the allow-list names one signature per function.
    if (!fns.has(row.name)) fns.set(row.name, buildFunction(row));
  }
  return { tables, functions: fns };
}
