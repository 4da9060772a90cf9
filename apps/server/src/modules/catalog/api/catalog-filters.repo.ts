/**
 * The SQL conditions of the catalog searches' filters (value lists, label selectors, change severity),
 * shared by the changes and summary repositories; the services parse and check the filters.
 */
import { type RawBuilder, sql } from 'kysely';
import type { Requirement } from './selector.js';
import type { ValueFilter } from './value-filter.js';

/** A severity filter: anything but one severity, or one of a list (the named one and those more severe). */
export type SeverityFilter = { negated: true; name: string } | { negated: false; names: readonly string[] };

/** The SQL condition of a value-list filter on `column` (an `IN` and a `NOT IN`, each only when given). */
export function valueFilterSql(column: RawBuilder<unknown>, filter: ValueFilter): RawBuilder<unknown>[] {
  const out: RawBuilder<unknown>[] = [];
  // one value is an equality, so an index on (column, created_at) is read in order (= ANY is not)
  if (filter.include.length === 1) out.push(sql`${column} = ${filter.include[0]}`);
  else if (filter.include.length > 1) out.push(sql`${column} = ANY(${filter.include}::text[])`);
  if (filter.exclude.length > 0) out.push(sql`(${column} IS NULL OR NOT (${column} = ANY(${filter.exclude}::text[])))`);
  return out;
}

/**
 * SQL conditions of a selector over one or more jsonb columns (the changes search matches tags and labels
 * alike): a key that any column has with the value matches `key=value`, which is a containment (`@>`) so
 * the columns' GIN indexes serve it; `key!=value` and `!key` hold only when no column has it.
 */
export function selectorSql(
  columns: readonly RawBuilder<unknown>[],
  requirements: readonly Requirement[],
): RawBuilder<unknown>[] {
  const inAnyColumn = (each: (column: RawBuilder<unknown>) => RawBuilder<unknown>) =>
    sql`(${sql.join(columns.map(each), sql` OR `)})`;
  // A positive condition stays bare (a NULL column is as good as false in WHERE), so the GIN indexes can
  // serve it; a negated one needs coalesce, else NOT NULL would drop items that lack the column.
  return requirements.map((r) => {
    let test: (column: RawBuilder<unknown>) => RawBuilder<unknown>;
    if (r.op === 'exists' || r.op === 'absent') test = (column) => sql`${column} ? ${r.key}`;
    else if (r.values.length === 1) {
      const contained = JSON.stringify({ [r.key]: r.values[0] });
      test = (column) => sql`${column} @> ${contained}::jsonb`;
    } else test = (column) => sql`(${column} ->> ${r.key}) = ANY(${r.values}::text[])`;
    if (r.op === 'exists' || r.op === 'in') return inAnyColumn(test);
    return sql`NOT ${inAnyColumn((column) => sql`coalesce(${test(column)}, false)`)}`;
  });
}

/** The SQL condition of a severity filter on the change (`cc.severity`). */
export function severitySql(filter: SeverityFilter): RawBuilder<unknown> {
  if (filter.negated) return sql`(cc.severity IS NULL OR cc.severity <> ${filter.name})`;
  return filter.names.length === 1
    ? sql`cc.severity = ${filter.names[0]}`
    : sql`cc.severity = ANY(${filter.names}::text[])`;
}
