/**
 * SQL bounds for readers of check_statuses (issue 32 item 1). Since migration 0200 every past UTC hour
 * of a check's runs is one packed row of check_result_blocks, and the view decodes a block whenever a
 * query may need it: PostgreSQL cannot tell from a filter on `time` which blocks hold matching runs, so
 * a reader that filters on `time` alone decodes every block of the check. The view's hidden `time_block`
 * (the run's UTC hour, the block's key) is what bounds them. Each function here gives a fragment of SQL
 * text built from SQL expressions (parameters, columns, `now()`), never from values.
 */

/** The UTC hour a block holds, of a timestamptz SQL expression (migration 0200's check_result_hour). */
function hourOf(expression: string): string {
  return `check_result_hour((${expression})::timestamptz)`;
}

/** A time range as SQL expressions; either end may be open. */
export interface TimeRangeSql {
  /** The view's alias in the query (the column is unqualified without one). */
  alias?: string;
  /** The earliest time the reader asks for (any comparison: `>` and `>=` both fit). */
  from?: string;
  /** The latest time the reader asks for (any comparison: `<` and `<=` both fit). */
  to?: string;
}

/**
 * Conjuncts bounding `time_block` to the blocks that may hold runs between `from` and `to`, to AND with
 * the reader's own comparisons on `time` (which keep deciding the rows: these only spare the blocks
 * outside the range). Both ends are inclusive, so the hours of the range's ends are read whatever the
 * reader's comparison is. Several ranges (a reader's time ranges joined by OR) give one OR of their
 * bounds, to AND with that OR: an OR whose arms mix `time` and `time_block` reaches no block's key, so
 * PostgreSQL would decode every block (3.4 s instead of 0.1 s for three raw edges of 50 checks' week).
 */
export function timeBlockRangeSql(range: TimeRangeSql | readonly TimeRangeSql[]): string {
  const arms = ('length' in range ? range : [range]).map(oneRange);
  const [first, ...more] = arms;
  if (first === undefined) throw new Error('timeBlockRangeSql needs a range');
  return more.length === 0 ? first : `(${arms.map((arm) => `(${arm})`).join(' OR ')})`;
}

function oneRange(range: TimeRangeSql): string {
  const column = range.alias ? `${range.alias}.time_block` : 'time_block';
  const bounds: string[] = [];
  if (range.from !== undefined) bounds.push(`${column} >= ${hourOf(range.from)}`);
  if (range.to !== undefined) bounds.push(`${column} <= ${hourOf(range.to)}`);
  if (bounds.length === 0) throw new Error('timeBlockRangeSql needs a from or a to');
  return bounds.join(' AND ');
}

/**
 * A timestamptz SQL expression: the oldest block that may hold one of the newest `count` runs of the
 * check `checkId` (both SQL expressions), among its runs before `before` when given. Counted from the
 * blocks' run counts (no block is decoded): the newest blocks, newest first, until they hold `count`
 * runs — `-infinity` when all of them hold fewer. The current hour's rows are not counted, so the bound
 * errs towards one block too many, never too few. Use as `time_block >= <this>` with the reader's
 * `ORDER BY time DESC LIMIT count`.
 */
export function newestRunsBlockSql(checkId: string, count: string, before?: string): string {
  // Blocks older than before's hour hold only runs before it; before's own hour may hold later ones, so
  // it is read (the caller's range bound includes it) but not counted.
  const older = before === undefined ? '' : ` AND b.hour < ${hourOf(before)}`;
  return `coalesce((SELECT n.hour FROM (SELECT b.hour, sum(b.runs) OVER (ORDER BY b.hour DESC) AS runs
      FROM check_result_blocks b WHERE b.check_id = ${checkId}${older}) n
    WHERE n.runs >= ${count} ORDER BY n.hour DESC LIMIT 1), '-infinity'::timestamptz)`;
}
