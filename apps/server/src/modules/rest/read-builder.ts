import { type ConditionScope, conditionSql, mentionsColumn } from './condition-sql.js';
import { type EmbedScopes, embedScopesOf } from './embed-access.js';
import { resolveEmbed } from './embed-resolver.js';
import { fieldOutputName } from './parse-field.js';
import { PgrstError } from './pgrst-error.js';
import type { NodeOptions, OrderTerm, ParsedQuery, SelectItem } from './query-types.js';
import { readerSource } from './reader-sources.js';
import type { SchemaCache, TableInfo } from './schema-cache.js';
import { rowScopeSql } from './scope-sql.js';
import { columnSql, fieldSql, ident, pageBound, type SqlParams, tableRef } from './sql-text.js';
import { blockOrderColumn, timeBlockBounds } from './time-blocks.js';

/** One level of a read (the root or an embedded resource), as SQL pieces. */
export interface LevelPlan {
  table: TableInfo;
  alias: string;
  /** What the level reads from: the table, or a per-reader source (reader-sources.ts). */
  from: string;
  /** `expr AS "name", …`, or empty when nothing is selected (`rel!inner()`). */
  selectList: string;
  /** Conjuncts: join to the parent, filters, soft delete, row scope, `!inner` EXISTS. */
  where: string[];
  orderBy: string;
  /** ` LIMIT n OFFSET m` of an embedded to-many level (the root pages itself). */
  paging: string;
  limit?: number;
  offset?: number;
}

/**
 * Shared state of one build: the cache, the parsed query, the parameters, a fresh-alias counter and
 * the access policy's row scopes of every embedded table (an embed is authorised like a top-level read).
 */
export interface BuildContext {
  cache: SchemaCache;
  query: ParsedQuery;
  params: SqlParams;
  nextAlias: number;
  embedScopes: EmbedScopes;
  /** Paths of the query's nodes that an embed of the select tree reached (filled while planning). */
  reached?: Set<string>;
}

const EMPTY_NODE: NodeOptions = { conditions: [] };

function freshAlias(ctx: BuildContext): string {
  ctx.nextAlias += 1;
  return `pgrst_${ctx.nextAlias}`;
}

/** `WHERE a AND b`, or nothing. */
export function whereSql(where: readonly string[]): string {
  return where.length === 0 ? '' : ` WHERE ${where.join(' AND ')}`;
}

function orderSql(table: TableInfo, alias: string, order: readonly OrderTerm[] | undefined, params: SqlParams): string {
  if (!order || order.length === 0) return '';
  const terms = order.map((t) => {
    const dir = t.direction === 'desc' ? ' DESC' : ' ASC';
    const nulls = t.nulls ? ` NULLS ${t.nulls.toUpperCase()}` : '';
    const block = blockOrderColumn(table, alias, t);
    const term = `${fieldSql(table, alias, t.field, params)}${dir}${nulls}`;
    return block ? `${block}${dir}${nulls}, ${term}` : term;
  });
  return ` ORDER BY ${terms.join(', ')}`;
}

/**
 * PGRST108 for a filter, order or limit on a resource the select does not embed (PostgREST's answer),
 * naming the first step of its path that is not embedded, instead of leaving it unapplied.
 */
function refuseUnreached(paths: Iterable<string>, reached: ReadonlySet<string>): void {
  for (const path of paths) {
    if (reached.has(path)) continue;
    const steps = path.split('.');
    const at = steps.findIndex((_, i) => !reached.has(steps.slice(0, i + 1).join('.')));
    const resource = steps[at] ?? path;
    throw new PgrstError(
      400,
      'PGRST108',
      `'${resource}' is not an embedded resource in this request`,
      null,
      `Verify that '${resource}' is included in the 'select' query parameter.`,
    );
  }
}

/** SQL of an embedded level as a value: an object (to-one) or an array (to-many). */
function embedValueSql(plan: LevelPlan, toOne: boolean): string {
  const from = `FROM ${plan.from} AS ${ident(plan.alias)}${whereSql(plan.where)}`;
  if (toOne) {
    return `(SELECT row_to_json(pgrst_e) FROM (SELECT ${plan.selectList} ${from}${plan.orderBy} LIMIT 1) pgrst_e)`;
  }
  return `COALESCE((SELECT json_agg(pgrst_e) FROM (SELECT ${plan.selectList} ${from}${plan.orderBy}${plan.paging}) pgrst_e), '[]')`;
}

type EmbedItem = Extract<SelectItem, { kind: 'embed' }>;

/** PGRST119: a spread of a to-many embed (PostgREST 12 spreads only many-to-one and one-to-one). */
function spreadNotToOne(parent: string, relation: string): PgrstError {
  return new PgrstError(
    400,
    'PGRST119',
    `A spread operation on '${relation}' is not possible`,
    `'${parent}' and '${relation}' do not form a many-to-one or one-to-one relationship`,
  );
}

/** The keys a level's select list outputs, in order (a spread's columns in its place). */
function outputNames(cache: SchemaCache, table: TableInfo, items: readonly SelectItem[]): string[] {
  const names: string[] = [];
  for (const item of items) {
    if (item.kind === 'star') names.push(...table.visible);
    else if (item.kind === 'field') names.push(item.alias ?? fieldOutputName(item.field));
    else if (item.spread) {
      names.push(...outputNames(cache, resolveEmbed(cache, table, item.relation, item.hint).target, item.select));
    } else if (item.select.length > 0) names.push(item.alias ?? item.relation);
  }
  return names;
}

/** A spread level's columns, each its own scalar subquery over the (at most one) related row. */
function spreadColumns(cache: SchemaCache, plan: LevelPlan, items: readonly SelectItem[]): string[] {
  const row = `(SELECT ${plan.selectList} FROM ${plan.from} AS ${ident(plan.alias)}${whereSql(plan.where)} LIMIT 1) pgrst_s`;
  return outputNames(cache, plan.table, items).map((n) => `(SELECT pgrst_s.${ident(n)} FROM ${row}) AS ${ident(n)}`);
}

/**
 * Plans one embed of a level: resolves the relationship, plans the embedded level under the reader's
 * scopes, and gives the EXISTS test (for `!inner`, `rel=is.null` and filters) and its output columns
 * (an object or array under its key, or a spread's columns).
 */
function planEmbed(
  ctx: BuildContext,
  table: TableInfo,
  alias: string,
  path: string,
  item: EmbedItem,
): { existsSql: string; value: string[] } {
  const embed = resolveEmbed(ctx.cache, table, item.relation, item.hint);
  if (item.spread && !embed.toOne) throw spreadNotToOne(table.name, item.relation);
  const key = item.alias ?? item.relation;
  const childAlias = freshAlias(ctx);
  const [parentCols, childCols] = embed.fromParent
    ? [embed.fk.columns, embed.fk.refColumns]
    : [embed.fk.refColumns, embed.fk.columns];
  const childJoin = parentCols.map(
    (col, i) => `${ident(childAlias)}.${ident(childCols[i] ?? '')} = ${ident(alias)}.${ident(col)}`,
  );
  const childPath = path === '' ? key : `${path}.${key}`;
  const fallbackPath = path === '' ? item.relation : `${path}.${item.relation}`;
  const pathToUse = ctx.query.nodes.has(childPath) || !ctx.query.nodes.has(fallbackPath) ? childPath : fallbackPath;
  ctx.reached?.add(pathToUse);
  const scopes = embedScopesOf(ctx.embedScopes, embed.target.name);
  const child = planLevel(ctx, embed.target, childAlias, pathToUse, item.select, childJoin);
  const source = readerSource(embed.target, scopes, ctx.params);
  child.from = source.from;
  if (scopes && !source.scoped) child.where.push(rowScopeSql(embed.target, childAlias, scopes, ctx.params));
  const existsSql = `EXISTS (SELECT 1 FROM ${child.from} AS ${ident(childAlias)}${whereSql(child.where)})`;
  if (item.select.length === 0) return { existsSql, value: [] };
  if (item.spread) return { existsSql, value: spreadColumns(ctx.cache, child, item.select) };
  return { existsSql, value: [`${embedValueSql(child, embed.toOne)} AS ${ident(key)}`] };
}

/**
 * Plans one level: resolves its embeds (recursively), renders its filters, soft-delete rule and select
 * list. `join` holds the conjuncts tying an embedded level to its parent.
 */
export function planLevel(
  ctx: BuildContext,
  table: TableInfo,
  alias: string,
  path: string,
  items: readonly SelectItem[],
  join: readonly string[],
): LevelPlan {
  if (path === '') ctx.reached = new Set(['']);
  const node = ctx.query.nodes.get(path) ?? EMPTY_NODE;
  const where = [...join];
  const columns: string[] = [];
  const exists = new Map<string, string>();
  for (const item of items) {
    if (item.kind === 'star') {
      for (const name of table.visible) {
        columns.push(
          table.sealed.has(name) ? `${columnSql(table, alias, name)} AS ${ident(name)}` : columnSql(table, alias, name),
        );
      }
    } else if (item.kind === 'field') {
      const expr = fieldSql(table, alias, item.field, ctx.params);
      const name = item.alias ?? fieldOutputName(item.field);
      columns.push(`${item.cast ? `CAST(${expr} AS ${item.cast})` : expr} AS ${ident(name)}`);
    } else {
      const { existsSql, value } = planEmbed(ctx, table, alias, path, item);
      const key = item.alias ?? item.relation;
      exists.set(key, existsSql);
      exists.set(item.relation, existsSql);
      if (item.inner) where.push(existsSql);
      columns.push(...value);
    }
  }
  const scope: ConditionScope = { table, alias, params: ctx.params, embedExists: (name) => exists.get(name) };
  for (const condition of node.conditions) where.push(conditionSql(condition, scope));
  where.push(...timeBlockBounds(table, alias, node.conditions, ctx.params));
  if (table.softDelete && !mentionsColumn(node.conditions, 'deleted_at')) {
    where.push(`${ident(alias)}."deleted_at" IS NULL`);
  }
  if (path === '' && items.length > 0) refuseUnreached(ctx.query.nodes.keys(), ctx.reached ?? new Set());
  const orderBy = orderSql(table, alias, node.order, ctx.params);
  let paging = '';
  if (path !== '') {
    if (node.limit !== undefined) paging += ` LIMIT ${pageBound(node.limit)}`;
    if (node.offset) paging += ` OFFSET ${pageBound(node.offset)}`;
  }
  return {
    table,
    alias,
    from: tableRef(table),
    selectList: columns.join(', '),
    where,
    orderBy,
    paging,
    limit: node.limit,
    offset: node.offset,
  };
}
