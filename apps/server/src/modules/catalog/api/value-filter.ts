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

/** Whether a value-list filter filters nothing (all blank). */
export function filtersNothing(filter: ValueFilter): boolean {
  return filter.include.length === 0 && filter.exclude.length === 0;
}
