/**
 * Tables read under their parents' read rules (exposed-resources `readAs`): an artifact belongs to a
 * playbook run (through the run's action) or to a check, and a reader sees it exactly when they may read
 * that run or that check through this API — there is no rule of its own to drift from the parent's. The
 * access policy is asked for a read of each parent table; each parent it allows becomes one
 * {@link ParentScope}, a keeping row scope on the table's column that matches when the parent row passes
 * the parent's own row scopes (scope-sql.ts writes it). Keeping scopes are alternatives, so a row passes
 * when any of its parents may be read; one with no parent passes none.
 */
import type { DataAccessDecision, RowScope } from '../../platform/access.js';
import type { ParentRead } from './exposed-resources.js';
import { PgrstError } from './pgrst-error.js';
import type { ForeignKey, SchemaCache, TableInfo } from './schema-cache.js';

/**
 * One step from a row towards its parent: the table stepped into, its column the previous value names,
 * and — on every step but the last — its column naming the next step's row.
 */
export interface ParentHop {
  table: TableInfo;
  key: string;
  next?: string;
}

/**
 * A keeping row scope of a table read under its parents' rules: the row its `column` names leads along
 * `path` to a parent row that passes the reader's `scopes` of the parent table (undefined: every row of
 * it). Its `values` are empty, so any reader of row scopes other than scope-sql.ts matches nothing with
 * it (fail closed).
 */
export interface ParentScope extends RowScope {
  parent: { path: readonly ParentHop[]; scopes: readonly RowScope[] | undefined };
}

/** True for a row scope made here. */
export function isParentScope(scope: RowScope): scope is ParentScope {
  return 'parent' in scope;
}

/** The one single-column foreign key of `table` from `column` (or any column, when undefined) to `refTable`. */
function singleKey(table: TableInfo, column: string | undefined, refTable: string): ForeignKey {
  const keys = table.outgoing.filter(
    (fk) => fk.refTable === refTable && fk.columns.length === 1 && (column === undefined || fk.columns[0] === column),
  );
  const [key] = keys;
  if (!key || keys.length > 1) {
    throw new Error(`${table.name}: no single foreign key ${column ?? ''} → ${refTable} for its parent read rule`);
  }
  return key;
}

function exposed(cache: SchemaCache, name: string): TableInfo {
  const table = cache.tables.get(name);
  if (!table) throw new Error(`The parent read rule names ${name}, which the data API does not expose`);
  return table;
}

/** The foreign-key path of a parent rule; a rule the schema does not back is a programming error. */
function parentPath(cache: SchemaCache, table: TableInfo, rule: ParentRead): ParentHop[] {
  const first = exposed(cache, rule.through ?? rule.table);
  const entry = singleKey(table, rule.column, first.name);
  const firstKey = entry.refColumns[0] ?? '';
  if (!rule.through) return [{ table: first, key: firstKey }];
  const parent = exposed(cache, rule.table);
  const step = singleKey(first, undefined, parent.name);
  return [
    { table: first, key: firstKey, next: step.columns[0] ?? '' },
    { table: parent, key: step.refColumns[0] ?? '' },
  ];
}

/**
 * The row scopes of a read of `table` (which has `readAs`): one {@link ParentScope} per parent table the
 * policy lets the reader read, with its row scopes. When it lets them read none, the read is refused —
 * 401 when the policy answered that (no session), otherwise 403 naming the table.
 */
export async function parentReadScopes(
  cache: SchemaCache,
  table: TableInfo,
  ask: (parentTable: string) => DataAccessDecision | Promise<DataAccessDecision>,
): Promise<ParentScope[]> {
  const scopes: ParentScope[] = [];
  let unauthenticated: string | undefined;
  for (const rule of table.readAs ?? []) {
    const decision = await ask(rule.table);
    if (!decision.allow) {
      if (decision.status === 401) unauthenticated = decision.message;
      continue;
    }
    const path = parentPath(cache, table, rule);
    scopes.push({ column: rule.column, values: [], parent: { path, scopes: decision.rowScopes } });
  }
  if (scopes.length > 0) return scopes;
  if (unauthenticated !== undefined) throw new PgrstError(401, '42501', unauthenticated);
  throw new PgrstError(403, '42501', `You do not have permission to read ${table.name}`);
}
