/**
 * The policy's row scopes of one level of a read or write as SQL text with numbered parameters: the one
 * rule of platform/row-scope-sql.ts, each match written here — a value list, a component subtree
 * (`component_in_subtrees`), or a parent the reader may read (parent-reads.ts: an EXISTS along the
 * foreign keys to the parent row, under the parent's own row scopes).
 */
import type { RowScope } from '../../platform/access.js';
import { rowScopeCondition } from '../../platform/row-scope-sql.js';
import { isParentScope, type ParentScope } from './parent-reads.js';
import { readerSource } from './reader-sources.js';
import type { TableInfo } from './schema-cache.js';
import { ident, type SqlParams, tableRef } from './sql-text.js';

/**
 * The conjunct limiting rows to the policy's row scopes, by the one rule of platform/row-scope-sql.ts (a
 * keeping scope on a column the table lacks matches nothing; an `exclude` scope on one refuses every row).
 */
export function rowScopeSql(table: TableInfo, alias: string, scopes: readonly RowScope[], params: SqlParams): string {
  return rowScopeCondition<string>(scopes, {
    constant: (value) => (value ? 'TRUE' : 'FALSE'),
    hasColumn: (column) => table.columns.has(column),
    matches(s) {
      if (isParentScope(s)) return parentMatchSql(s, alias, params);
      const column = `${ident(alias)}.${ident(s.column)}`;
      const test =
        s.match === 'component_subtree'
          ? `component_in_subtrees(${column}, ${params.add([...s.values])}::text[])`
          : `${column}::text = ANY(${params.add([...s.values])})`;
      return `coalesce(${test}, false)`;
    },
    any: (parts) => `(${parts.join(' OR ') || 'FALSE'})`,
    all: (parts) => `(${parts.join(' AND ')})`,
    not: (part) => `NOT ${part}`,
  });
}

/**
 * True when the row under `alias` leads to a parent the reader may read: its column is set and, when the
 * reader is held to some parent rows, an EXISTS joins along the path to the parent row (read from the
 * parent's per-reader source) and applies the parent's scopes to it. Never NULL.
 */
function parentMatchSql(scope: ParentScope, alias: string, params: SqlParams): string {
  const column = `${ident(alias)}.${ident(scope.column)}`;
  const { path, scopes } = scope.parent;
  const parent = path.at(-1);
  if (!scopes) return `(${column} IS NOT NULL)`;
  if (!parent) return 'FALSE';
  const source = readerSource(parent.table, scopes, params);
  const aliases = path.map((_, i) => ident(`${alias}_parent_${i}`));
  const from = path.map((hop, i) => {
    const ref = `${hop === parent ? source.from : tableRef(hop.table)} AS ${aliases[i]}`;
    const previous = path[i - 1];
    if (!previous) return ref;
    return `JOIN ${ref} ON ${aliases[i]}.${ident(hop.key)} = ${aliases[i - 1]}.${ident(previous.next ?? '')}`;
  });
  const where = [`${aliases[0]}.${ident(path[0]?.key ?? '')} = ${column}`];
  if (!source.scoped) where.push(rowScopeSql(parent.table, `${alias}_parent_${path.length - 1}`, scopes, params));
  return `EXISTS (SELECT 1 FROM ${from.join(' ')} WHERE ${where.join(' AND ')})`;
}
