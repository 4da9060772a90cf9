import { type CheckSummary, fromRowColumns, type HealthSummary } from '@mc/contracts';
import { type ProgressiveList, progressiveList } from '../../../lib/api/progressive-list';

/**
 * The checks of a summary answer, read two ways: progressively (the first screenful, then the rest in
 * slices between frames: what a flat list draws from) or whole at once, for a view that shows nothing
 * before it has every check (the grouped default: a group row sums every member). On 10,001 checks
 * (6.6 MB) one `JSON.parse` is about half the main-thread time of the scanner and its 40 slices, and it
 * needs no frame, no yields and no second render before the rows are drawn.
 */
export interface SummaryChecks extends ProgressiveList<CheckSummary> {
  /** Every check, parsed now in one task (once; `all()` then answers the same list). Throws on a malformed answer. */
  whole(): CheckSummary[];
}

function pick(whole: unknown): CheckSummary[] {
  const checks = (whole as Partial<Pick<HealthSummary, 'checks_summary'>> | null | undefined)?.checks_summary;
  return Array.isArray(checks) ? checks : [];
}

/** How a columns answer begins (the server writes `checks_columns` first): told apart without a parse. */
const COLUMNS_ANSWER = '{"checks_columns":';

/**
 * The checks of a columns answer (`format: 'columns'`, what the console asks for): a quarter of the rows'
 * text, read whole in one parse and one pass over the columns. A malformed answer throws from `whole()`
 * and rejects `all()`, as a malformed rows answer does.
 */
function columnsChecks(text: string): SummaryChecks {
  let every: CheckSummary[] | undefined;
  let error: unknown;
  try {
    every = fromRowColumns<CheckSummary>((JSON.parse(text) as { checks_columns?: unknown }).checks_columns);
  } catch (thrown) {
    error = thrown;
  }
  const whole = () => {
    if (!every) throw error;
    return every;
  };
  return {
    first: every ?? [],
    complete: every !== undefined,
    all: () => (every ? Promise.resolve(every) : Promise.reject(error)),
    whole,
  };
}

/**
 * The checks of a summary answer's text (see {@link SummaryChecks}): as columns when the server sent them,
 * else as rows (a server that does not know `format`, or a test's fake one).
 */
export function summaryChecks(text: string): SummaryChecks {
  if (text.startsWith(COLUMNS_ANSWER)) return columnsChecks(text);
  const list = progressiveList<CheckSummary>(text, 'checks_summary', pick);
  if (list.complete) return { ...list, whole: () => list.first };
  // the text is dropped once read whole; the progressive reader keeps its own reference while it reads
  let source: string | undefined = text;
  let every: CheckSummary[] | undefined;
  return {
    first: list.first,
    complete: false,
    all: () => (every ? Promise.resolve(every) : list.all()),
    whole: () => {
      if (!every) {
        every = pick(JSON.parse(source ?? ''));
        source = undefined;
      }
      return every;
    },
  };
}
