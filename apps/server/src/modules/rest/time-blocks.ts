/**
 * Time-blocked views (check_statuses since migration 0200): older rows are packed into one row per
 * block (a UTC hour), and PostgreSQL cannot bound or order blocks by a filter or order on the times
 * inside them. For a view declaring `timeBlocks` (exposed-resources.ts), a top-level comparison on its
 * time column also bounds the hidden block column, and an order on the time column orders by the block
 * first — the same rows in the same order, but the database reads only the blocks a page shows.
 */
import type { Condition, OrderTerm } from './query-types.js';
import type { TableInfo } from './schema-cache.js';
import { ident, type SqlParams } from './sql-text.js';

const BOUND: Readonly<Record<string, string>> = { eq: '=', gt: '>=', gte: '>=', lt: '<=', lte: '<=' };

/** Conjuncts bounding the block column by the top-level comparisons on the time column (none otherwise). */
export function timeBlockBounds(
  table: TableInfo,
  alias: string,
  conditions: readonly Condition[],
  params: SqlParams,
): string[] {
  const blocks = table.timeBlocks;
  if (!blocks) return [];
  const bounds: string[] = [];
  for (const c of conditions) {
    if (c.kind !== 'filter') continue;
    const { field, op, negate, quantifier, value } = c.filter;
    const bound = BOUND[op];
    if (!bound || negate || quantifier || field.name !== blocks.column || field.path.length > 0) continue;
    if (typeof value !== 'string') continue;
    bounds.push(
      `${ident(alias)}.${ident(blocks.block)} ${bound} ${blocks.of}(CAST(${params.add(value)} AS timestamptz))`,
    );
  }
  return bounds;
}

/** The block column to order by before an order term on the time column; undefined for any other term. */
export function blockOrderColumn(table: TableInfo, alias: string, term: OrderTerm): string | undefined {
  const blocks = table.timeBlocks;
  if (!blocks || term.field.name !== blocks.column || term.field.path.length > 0) return undefined;
  return `${ident(alias)}.${ident(blocks.block)}`;
}
