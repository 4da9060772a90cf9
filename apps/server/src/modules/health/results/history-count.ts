/**
 * The exact total of one check's history in a time range for `/api/db/check_statuses` with `Prefer:
 * count=exact` (issue 32 item 1; rest/count-sources.ts). The console's check modal asks it with every
 * history page: at Time Range "1w" the total of a week of one-minute runs, which counted through the view
 * decodes every run's time in every packed hour of the week (migration 0200) to keep the ~10,000 inside the
 * range. A packed hour wholly inside the range holds `runs` runs; only the blocks of the range's two ends
 * are decoded, and the current hour's rows (and any late rows of a packed hour) are counted as rows. The sum
 * is read in the page's own statement, so it is the count(*) of the same snapshot. Any other filter (status,
 * duration, a second bound on one side, `eq`, a negation, an `or`) is answered by counting the rows.
 */
import type { Condition, CountRequest, CountSource } from '../../rest/index.js';

/** The range a count is asked for: the check, and each end's comparison with its bound's parameter. */
interface HistoryRange {
  check: string;
  lower?: { op: '>' | '>='; at: string };
  upper?: { op: '<' | '<='; at: string };
}

const LOWER: Readonly<Record<string, '>' | '>='>> = { gt: '>', gte: '>=' };
const UPPER: Readonly<Record<string, '<' | '<='>> = { lt: '<', lte: '<=' };

/**
 * The range of `conditions` (its values bound only once every condition is one this count covers: a value
 * bound and then left unused is a parameter the statement does not have), or undefined.
 */
function historyRange(conditions: readonly Condition[], param: CountRequest['param']): HistoryRange | undefined {
  let check: string | undefined;
  let lower: { op: '>' | '>='; value: string } | undefined;
  let upper: { op: '<' | '<='; value: string } | undefined;
  for (const condition of conditions) {
    if (condition.kind !== 'filter') return undefined;
    const { field, negate, quantifier, op, value } = condition.filter;
    if (negate || quantifier || field.path.length > 0 || typeof value !== 'string') return undefined;
    const low = LOWER[op];
    const up = UPPER[op];
    if (field.name === 'check_id' && op === 'eq' && check === undefined) check = value;
    else if (field.name === 'time' && low && !lower) lower = { op: low, value };
    else if (field.name === 'time' && up && !upper) upper = { op: up, value };
    else return undefined;
  }
  if (check === undefined) return undefined;
  const at = (value: string) => `CAST(${param(value)} AS timestamptz)`;
  return {
    check: `CAST(${param(check)} AS uuid)`,
    lower: lower && { op: lower.op, at: at(lower.value) },
    upper: upper && { op: upper.op, at: at(upper.value) },
  };
}

/** `check_statuses`: one check's runs within a time range, from the packed hours' run counts. */
export const checkHistoryCount: CountSource = ({ conditions, param }: CountRequest) => {
  const range = historyRange(conditions, param);
  if (!range) return undefined;
  const { check, lower, upper } = range;
  const inRange = (time: string) =>
    [lower && `${time} ${lower.op} ${lower.at}`, upper && `${time} ${upper.op} ${upper.at}`].filter(Boolean);
  const rowTimes = inRange('r.time');
  const runTimes = inRange('d.time');
  // a block holds runs from its hour up to (not including) the next hour
  const whole = [
    lower && `b.hour ${lower.op} ${lower.at}`,
    upper && `b.hour + interval '1 hour' <= ${upper.at}`,
  ].filter(Boolean);
  const blockKeys = [
    `b.check_id = ${check}`,
    lower && `b.hour >= check_result_hour(${lower.at})`,
    upper && `b.hour <= check_result_hour(${upper.at})`,
  ].filter(Boolean);
  const edge =
    whole.length === 0
      ? 'b.runs'
      : `CASE WHEN ${whole.join(' AND ')} THEN b.runs ELSE (SELECT count(*) FROM check_result_block_runs(b) AS d
          WHERE ${runTimes.join(' AND ')}) END`;
  return `((SELECT count(*) FROM check_results r JOIN checks k ON k.result_key = r.check_key
      WHERE ${[`k.id = ${check}`, ...rowTimes].join(' AND ')})
    + (SELECT coalesce(sum(${edge}), 0)::bigint FROM check_result_blocks b WHERE ${blockKeys.join(' AND ')}))`;
};
