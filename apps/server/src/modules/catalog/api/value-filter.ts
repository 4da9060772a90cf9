import { type RawBuilder, sql } from 'kysely';

/** A parsed value-list filter: values to keep and values to leave out. */
export interface ValueFilter {
  include: string[];
  exclude: string[];
}

/**
 * Parses upstream's value-list filter (`a,b,!c`): comma-separated values, each prefixed with `!` to
 * exclude it. Blank entries are ignored; an all-blank filter filters nothing.
 */
export function parseValueFilter(input: string): ValueFilter {
  const include: string[] = [];
  const exclude: string[] = [];
  for (const raw of input.split(',')) {
    const value = raw.trim();
    if (value.startsWith('!')) {
      const excluded = value.slice(1).trim();
      if (excluded) exclude.push(excluded);
    } else if (value) include.push(value);
  }
  return { include, exclude };
}

/** The SQL condition of a value-list filter on `column` (an `IN` and a `NOT IN`, each only when given). */
export function valueFilterSql(column: RawBuilder<unknown>, filter: ValueFilter): RawBuilder<unknown>[] {
  const out: RawBuilder<unknown>[] = [];
  // one value is an equality, so an index on (column, created_at) is read in order (= ANY is not)
  if (filter.include.length === 1) out.push(sql`${column} = ${filter.include[0]}`);
  else if (filter.include.length > 1) out.push(sql`${column} = ANY(${filter.include}::text[])`);
  if (filter.exclude.length > 0) out.push(sql`(${column} IS NULL OR NOT (${column} = ANY(${filter.exclude}::text[])))`);
  return out;
}
