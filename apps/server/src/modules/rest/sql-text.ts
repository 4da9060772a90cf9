import { SECRET_MASK } from '@mc/contracts';
import { unknownColumn } from './pgrst-error.js';
import type { FieldRef } from './query-types.js';
import type { TableInfo } from './schema-cache.js';

/** Quotes an identifier. Names reaching here come from the schema cache, but are quoted all the same. */
export function ident(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** `"public"."table"` for a table known to the schema cache. */
export function tableRef(table: TableInfo): string {
  return `"public".${ident(table.name)}`;
}

/** Collects bound parameter values; every user value but a page bound (`pageBound`) reaches SQL only as `$n`. */
export class SqlParams {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * A page bound (LIMIT or OFFSET) written into the statement as a literal, as PostgREST writes it. A bound
 * passed as a parameter hides the page size from the planner: a prepared page then never gets a generic
 * plan (the generic one is costed for a tenth of the rows) and is planned again at every execution — on
 * the history page that planning was as costly as running it. The value is a parsed whole number, never
 * text from the caller.
 */
export function pageBound(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`A page bound must be a whole number: ${value}`);
  return String(value);
}

/** Checks that `name` is a readable column of `table` (hidden columns look like unknown ones). */
export function readableColumn(table: TableInfo, name: string): string {
  if (!table.columns.has(name) || table.hidden.has(name)) throw unknownColumn(table.name, name);
  return name;
}

/**
 * SQL reading a column of `table` under `alias`: the column itself, or for a sealed column its value
 * with an encrypted one replaced by the mask, so no path (select, embed, filter) returns ciphertext.
 */
export function columnSql(table: TableInfo, alias: string, name: string): string {
  const column = `${ident(alias)}.${ident(name)}`;
  if (!table.sealed.has(name)) return column;
  return `(CASE WHEN ${column} LIKE 'mcenc:%' THEN '${SECRET_MASK}' ELSE ${column} END)`;
}

/** SQL for a column (with its JSON path) of `table` under `alias`. */
export function fieldSql(table: TableInfo, alias: string, field: FieldRef, params: SqlParams): string {
  let sql = columnSql(table, alias, readableColumn(table, field.name));
  for (const step of field.path) {
    const key = /^-?\d+$/.test(step.key) ? `${params.add(Number(step.key))}::int` : `${params.add(step.key)}::text`;
    sql = `(${sql}${step.arrow}${key})`;
  }
  return sql;
}
