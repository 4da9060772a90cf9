import { depthMessage, jsonDepth, MAX_DOCUMENT_DEPTH } from '../../platform/bounded-json.js';
import { PgrstError, parseError } from './pgrst-error.js';
import type { Condition, Filter } from './query-types.js';
import type { TableInfo } from './schema-cache.js';
import { fieldSql, type SqlParams } from './sql-text.js';

const COMPARISON: Readonly<Record<string, string>> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'LIKE',
  ilike: 'ILIKE',
  match: '~',
  imatch: '~*',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
  isdistinct: 'IS DISTINCT FROM',
};

const TS_QUERY: Readonly<Record<string, string>> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
};

const IS_SQL: Readonly<Record<string, string>> = {
  null: 'IS NULL',
  not_null: 'IS NOT NULL',
  true: 'IS TRUE',
  false: 'IS FALSE',
  unknown: 'IS UNKNOWN',
};

/** The level a condition is rendered against: its table, alias, and the embeds a `rel=is.null` may name. */
export interface ConditionScope {
  table: TableInfo;
  alias: string;
  params: SqlParams;
  /** `EXISTS (…)` of an embedded resource, by its name or alias, for `rel=not.is.null`. */
  embedExists(name: string): string | undefined;
}

function likePattern(value: string, op: string): string {
  return op === 'like' || op === 'ilike' ? value.replaceAll('*', '%') : value;
}

/**
 * Whether the database parses the filter's value as a document: a containment value (jsonb, array or
 * range text) or any value compared with a json/jsonb column or `->` path.
 */
function parsedAsDocument(filter: Filter, table: TableInfo): boolean {
  if (filter.op === 'cs' || filter.op === 'cd') return true;
  const type = table.columns.get(filter.field.name)?.type;
  return (type === 'json' || type === 'jsonb') && filter.field.path.at(-1)?.arrow !== '->>';
}

/**
 * A value the database parses is bounded here first: one nested deeper than the document limit exhausts
 * the parser's stack, and the embedded database does not come back from that (every later query hung).
 */
function refuseDeepValues(op: string, value: Filter['value']): void {
  for (const one of Array.isArray(value) ? value : [value]) {
    if (jsonDepth(String(one), MAX_DOCUMENT_DEPTH) > MAX_DOCUMENT_DEPTH) {
      throw parseError('filter', `${op}.`, depthMessage(`'${op}' filter value`, MAX_DOCUMENT_DEPTH));
    }
  }
}

function filterSql(filter: Filter, scope: ConditionScope): string {
  const { op, field } = filter;
  if (field.path.length === 0 && !scope.table.columns.has(field.name)) {
    const exists = scope.embedExists(field.name);
    if (exists !== undefined) {
      if (op !== 'is' || (filter.value !== 'null' && filter.value !== 'not_null')) {
        throw new PgrstError(
          400,
          'PGRST120',
          `Bad operator on the '${field.name}' embedded resource`,
          'Only is null or not is null filters are allowed on embedded resources',
        );
      }
      const isNull = (filter.value === 'null') !== filter.negate;
      return isNull ? `NOT ${exists}` : exists;
    }
  }
  const lhs = fieldSql(scope.table, scope.alias, field, scope.params);
  const p = scope.params;
  const value = filter.value;
  if (parsedAsDocument(filter, scope.table)) refuseDeepValues(op, value);
  let sql: string;
  if (op === 'is') {
    sql = `${lhs} ${IS_SQL[String(value).toLowerCase()] ?? 'IS NULL'}`;
  } else if (op === 'in') {
    const list = Array.isArray(value) ? value : [value];
    // One value is an equality: PostgreSQL can then walk an index in the requested order, which it
    // cannot do for `= ANY(array)` (a console filter with one chosen type sorted every match first).
    sql = list.length === 1 ? `${lhs} = ${p.add(String(list[0]))}` : `${lhs} = ANY(${p.add(list)})`;
  } else if (filter.quantifier) {
    const list = (Array.isArray(value) ? value : [value]).map((v) => likePattern(v, op));
    sql = `${lhs} ${COMPARISON[op]} ${filter.quantifier.toUpperCase()}(${p.add(list)})`;
  } else if (TS_QUERY[op]) {
    const column = scope.table.columns.get(field.name);
    const lang = filter.language ? `${p.add(filter.language)}::regconfig, ` : '';
    const vector = column?.type === 'tsvector' && field.path.length === 0 ? lhs : `to_tsvector(${lang}${lhs})`;
    sql = `${vector} @@ ${TS_QUERY[op]}(${lang}${p.add(String(value))})`;
  } else {
    sql = `${lhs} ${COMPARISON[op]} ${p.add(likePattern(String(value), op))}`;
  }
  return filter.negate ? `NOT (${sql})` : sql;
}

/** Renders one condition tree as SQL (values bound, identifiers checked and quoted). */
export function conditionSql(condition: Condition, scope: ConditionScope): string {
  if (condition.kind === 'filter') return filterSql(condition.filter, scope);
  const joiner = condition.op === 'and' ? ' AND ' : ' OR ';
  const inner = condition.children.map((c) => conditionSql(c, scope)).join(joiner);
  const sql = `(${inner || (condition.op === 'and' ? 'TRUE' : 'FALSE')})`;
  return condition.negate ? `NOT ${sql}` : sql;
}

/** True when any filter of the tree (including inside or/and) is on `column`: soft-delete detection. */
export function mentionsColumn(conditions: readonly Condition[], column: string): boolean {
  return conditions.some((c) =>
    c.kind === 'filter' ? c.filter.field.name === column : mentionsColumn(c.children, column),
  );
}
