import type { RowScope } from '../../platform/access.js';
import { PgrstError } from './pgrst-error.js';
import type { ParsedQuery } from './query-types.js';
import { type BuildContext, planLevel, whereSql } from './read-builder.js';
import type { Preferences } from './request-options.js';
import type { SchemaCache, TableInfo } from './schema-cache.js';
import { rowScopeSql } from './scope-sql.js';
import { ident, type SqlParams, tableRef } from './sql-text.js';
import { columnNotFound, type JsonRecord } from './write-body.js';

/** The alias of the written table in every mutation statement. */
export const WRITE_ALIAS = 'pgrst_0';

const A = ident(WRITE_ALIAS);

/** The images every mutation CTE returns next to the row: before (old row) and after (new row), as jsonb. */
const RETURNING_INSERT = `RETURNING ${A}.*, NULL::jsonb AS pgrst_before, to_jsonb(${A}) AS pgrst_after`;

/** Inputs of a mutation statement. */
export interface WriteInput {
  cache: SchemaCache;
  table: TableInfo;
  query: ParsedQuery;
  params: SqlParams;
  rowScopes?: readonly RowScope[];
}

/** WHERE conjuncts of a PATCH/DELETE: the query's root filters, soft delete, row scope. */
function mutationWhere(input: WriteInput): string[] {
  // Only the root's filters apply: its order and paging are not part of a PATCH/DELETE.
  const nodes = new Map(input.query.nodes);
  nodes.set('', { conditions: input.query.nodes.get('')?.conditions ?? [] });
  const query = { ...input.query, nodes };
  // No select list here, so nothing is embedded and no embed needs the policy's scopes.
  const ctx: BuildContext = { cache: input.cache, query, params: input.params, nextAlias: 100, embedScopes: new Map() };
  const plan = planLevel(ctx, input.table, WRITE_ALIAS, '', [], []);
  if (input.rowScopes) plan.where.push(rowScopeSql(input.table, WRITE_ALIAS, input.rowScopes, input.params));
  return plan.where;
}

/** The conflict target of an upsert: `on_conflict=` columns, else the primary key. */
export function conflictColumns(table: TableInfo, onConflict?: readonly string[]): string[] {
  const columns = onConflict && onConflict.length > 0 ? [...onConflict] : [...table.primaryKey];
  for (const c of columns) if (!table.columns.has(c) || table.hidden.has(c)) throw columnNotFound(table.name, c);
  if (columns.length === 0) {
    throw new PgrstError(
      400,
      '42P10',
      'there is no unique or exclusion constraint matching the ON CONFLICT specification',
    );
  }
  return columns;
}

/** `INSERT … SELECT` from the JSON body (one parameter), with upsert and `missing=default` handling. */
export function insertCte(
  input: WriteInput,
  rows: readonly JsonRecord[],
  columns: readonly string[],
  prefs: Preferences,
): string {
  const { table, params } = input;
  if (columns.length === 0) {
    // Objects without keys: every column takes its default. One column with a default is named so
    // that the statement still inserts one row per object.
    const anyDefault = [...table.columns.values()].find((c) => c.defaultExpr !== null && !c.generated);
    if (!anyDefault || rows.length === 1)
      return `INSERT INTO ${tableRef(table)} AS ${A} DEFAULT VALUES ${RETURNING_INSERT}`;
    const body = params.add(JSON.stringify(rows));
    return (
      `INSERT INTO ${tableRef(table)} AS ${A} (${ident(anyDefault.name)}) SELECT ${anyDefault.defaultExpr} ` +
      `FROM jsonb_array_elements(${body}::jsonb) ${RETURNING_INSERT}`
    );
  }
  const body = params.add(JSON.stringify(rows));
  const exprs = columns.map((c) => {
    const value = `pgrst_rec.${ident(c)}`;
    if (prefs.missing !== 'default') return value;
    const fallback = table.columns.get(c)?.defaultExpr ?? 'NULL';
    return `CASE WHEN pgrst_body.v ? ${params.add(c)}::text THEN ${value} ELSE ${fallback} END`;
  });
  const source =
    `FROM jsonb_array_elements(${body}::jsonb) WITH ORDINALITY AS pgrst_body(v, i), ` +
    `jsonb_populate_record(NULL::${tableRef(table)}, pgrst_body.v) AS pgrst_rec ORDER BY pgrst_body.i`;
  const columnList = columns.map(ident).join(', ');
  let conflict = '';
  if (prefs.resolution) {
    const target = conflictColumns(table, input.query.onConflict).map(ident).join(', ');
    const updates = columns.filter((c) => !input.query.onConflict?.includes(c));
    if (prefs.resolution === 'ignore-duplicates' || updates.length === 0) {
      conflict = ` ON CONFLICT (${target}) DO NOTHING`;
    } else {
      const set = updates.map((c) => `${ident(c)} = EXCLUDED.${ident(c)}`).join(', ');
      const scope = input.rowScopes ? ` WHERE ${rowScopeSql(table, WRITE_ALIAS, input.rowScopes, params)}` : '';
      conflict = ` ON CONFLICT (${target}) DO UPDATE SET ${set}${scope}`;
    }
  }
  return `INSERT INTO ${tableRef(table)} AS ${A} (${columnList}) SELECT ${exprs.join(', ')} ${source}${conflict} ${RETURNING_INSERT}`;
}

/** Before images of the rows an upsert may overwrite, locked until the transaction ends. */
export function upsertBeforeSql(
  table: TableInfo,
  onConflict: readonly string[] | undefined,
  rows: readonly JsonRecord[],
): { text: string; values: unknown[]; keys: string[] } {
  const keys = conflictColumns(table, onConflict);
  const body = '$1';
  const tuple = (alias: string) => `(${keys.map((k) => `${alias}.${ident(k)}`).join(', ')})`;
  const text =
    `SELECT to_jsonb(${A}) AS before FROM ${tableRef(table)} AS ${A} WHERE ${tuple(A)} IN ` +
    `(SELECT ${keys.map((k) => `pgrst_rec.${ident(k)}`).join(', ')} FROM jsonb_array_elements(${body}::jsonb) AS pgrst_body(v), ` +
    `jsonb_populate_record(NULL::${tableRef(table)}, pgrst_body.v) AS pgrst_rec) FOR UPDATE`;
  return { text, values: [JSON.stringify(rows)], keys };
}

/**
 * `UPDATE` of the filtered rows: the rows are selected and locked first (`FOR UPDATE`) so the statement
 * returns each row's before image next to its new value, in one round trip.
 */
export function updateCte(input: WriteInput, values: JsonRecord, columns: readonly string[]): string {
  const { table, params } = input;
  const where = mutationWhere(input);
  const body = params.add(JSON.stringify(values));
  const set = columns.map((c) => `${ident(c)} = pgrst_body.${ident(c)}`).join(', ');
  const old =
    `(SELECT ${A}.ctid AS pgrst_ctid, to_jsonb(${A}) AS pgrst_before FROM ${tableRef(table)} AS ${A}` +
    `${whereSql(where)} FOR UPDATE OF ${A}) AS pgrst_old`;
  return (
    `UPDATE ${tableRef(table)} AS ${A} SET ${set} ` +
    `FROM jsonb_populate_record(NULL::${tableRef(table)}, ${body}::jsonb) AS pgrst_body, ${old} ` +
    `WHERE ${A}.ctid = pgrst_old.pgrst_ctid RETURNING ${A}.*, pgrst_old.pgrst_before, to_jsonb(${A}) AS pgrst_after`
  );
}

/** `DELETE` of the filtered rows, returning each deleted row as its before image. */
export function deleteCte(input: WriteInput): string {
  const where = mutationWhere(input);
  return (
    `DELETE FROM ${tableRef(input.table)} AS ${A}${whereSql(where)} ` +
    `RETURNING ${A}.*, to_jsonb(${A}) AS pgrst_before, NULL::jsonb AS pgrst_after`
  );
}
