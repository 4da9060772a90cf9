/**
 * The SQL of component visibility (component-visibility.ts): conditions the topology repositories put
 * in their WHERE clauses, so every read hides the same subtrees.
 */
import { type RawBuilder, sql } from 'kysely';
import type { ComponentVisibility } from './component-visibility.js';

/** A component row (`alias` with `id` and `path`) is in one of the subtrees rooted at `ids`. */
function inSubtrees(alias: string, ids: readonly string[]): RawBuilder<boolean> {
  const row = sql.ref(alias);
  return sql<boolean>`(${row}.id = ANY(${[...ids]}::uuid[]) OR string_to_array(coalesce(${row}.path, ''), '.') && ${[...ids]}::text[])`;
}

/** SQL true when the component row `alias` may be read. */
export function visibleSql(visibility: ComponentVisibility, alias = 'c'): RawBuilder<boolean> {
  const parts: RawBuilder<boolean>[] = [sql<boolean>`true`];
  if (visibility.granted !== undefined) parts.push(inSubtrees(alias, visibility.granted));
  if (visibility.denied.length > 0) parts.push(sql<boolean>`NOT ${inSubtrees(alias, visibility.denied)}`);
  return sql<boolean>`(${sql.join(parts, sql` AND `)})`;
}

/**
 * SQL true when the component row `alias` is where a restricted caller's tree starts: visible, and
 * either a root or the top of a granted subtree (its ancestors are not granted).
 */
export function cardRootSql(visibility: ComponentVisibility, alias = 'c'): RawBuilder<boolean> {
  const row = sql.ref(alias);
  if (visibility.granted === undefined)
    return sql<boolean>`(${row}.parent_id IS NULL AND ${visibleSql(visibility, alias)})`;
  const granted = [...visibility.granted];
  return sql<boolean>`(${row}.id = ANY(${granted}::uuid[])
    AND NOT (string_to_array(coalesce(${row}.path, ''), '.') && ${granted}::text[]) AND ${visibleSql(visibility, alias)})`;
}
