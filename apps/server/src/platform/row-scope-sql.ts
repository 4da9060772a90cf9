/**
 * The one rule of "which rows may this caller read" as SQL, from the access policy's row scopes: a row
 * passes when it matches one of the keeping scopes (every row when there are only `exclude` scopes) and
 * none of the `exclude` ones. A keeping scope on a column the table lacks matches nothing; an `exclude`
 * scope on one refuses every row (fail closed), as no scope does. Each match is true or false, never
 * NULL, so the condition may also be negated (an incident's hidden evidence).
 *
 * The data API builds SQL text with numbered parameters (rest/read-builder.ts) and the reads that show a
 * linked resource build Kysely SQL (resource-visibility.ts); each supplies a {@link RowScopeWriter} for
 * its style, and the rule itself is written once, here.
 */
import type { RowScope } from './access.js';

/** How one style of SQL writes the pieces of the rule. */
export interface RowScopeWriter<T> {
  /** `TRUE` or `FALSE`. */
  constant(value: boolean): T;
  /** True when the scoped table has the column (a scope on another column is the policy's mistake). */
  hasColumn(column: string): boolean;
  /** The row's column matches the scope (its value, or for `component_subtree` its subtree): never NULL. */
  matches(scope: RowScope): T;
  /** `(a OR b …)`; FALSE when there are none. */
  any(parts: T[]): T;
  /** `(a AND b …)`, of one part or more. */
  all(parts: T[]): T;
  not(part: T): T;
}

/** The condition true for the rows `scopes` let the caller read. */
export function rowScopeCondition<T>(scopes: readonly RowScope[], writer: RowScopeWriter<T>): T {
  const keep = scopes.filter((s) => !s.exclude);
  const drop = scopes.filter((s) => s.exclude);
  if (drop.some((s) => !writer.hasColumn(s.column))) return writer.constant(false);
  const parts: T[] = [];
  if (keep.length > 0 || drop.length === 0) {
    parts.push(writer.any(keep.map((s) => (writer.hasColumn(s.column) ? writer.matches(s) : writer.constant(false)))));
  }
  for (const s of drop) parts.push(writer.not(writer.matches(s)));
  return writer.all(parts);
}
