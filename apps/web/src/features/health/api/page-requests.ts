import { HEALTH_DASHBOARD } from '@mc/contracts';
import type { EarlyRequest } from '../../../lib/api/request-parts';
import { type TimeRange, timeRangeFromParams } from '../../../lib/time-range';
import { summaryWindow } from './summary-window';

/**
 * The call of the health dashboard, without React: checksSummaryQuery makes it, and the boot script
 * (src/boot.ts) asks for it before the console has loaded.
 */

/**
 * How the dashboard reads its summary: as columns when it groups its checks (a group row sums every member,
 * so nothing is drawn before the whole answer is read, and columns are a quarter of the text to decode and
 * parse: docs/web.md), as rows when it lists them flat (the first screenful is drawn from the first rows,
 * before the rest is parsed).
 */
export type SummaryLayout = 'rows' | 'columns';

/** The layout of the dashboard grouped by `groupBy` ('none': a flat list). */
export function summaryLayout(groupBy: string): SummaryLayout {
  return groupBy && groupBy !== 'none' ? 'columns' : 'rows';
}

/** The layout of the dashboard at an address: its Group By, or the default one (001 §9). */
export function summaryLayoutAt(params: URLSearchParams): SummaryLayout {
  return summaryLayout(params.get('groupBy') ?? HEALTH_DASHBOARD.groupBy);
}

/** The dashboard's summary over a range (the trailing hour without one), its window resolved now. */
export function summaryRequest(range: TimeRange | undefined, layout: SummaryLayout): EarlyRequest {
  const body = layout === 'columns' ? { ...summaryWindow(range), format: 'columns' } : summaryWindow(range);
  return { path: '/api/canary/api/summary', options: { method: 'POST', body } };
}

/**
 * What the dashboard asks for first at this address: its summary, unless the range is a quick one ("Today so
 * far"), whose bounds move with the clock between this call and the page's own.
 */
export function healthPageRequests(search: string): EarlyRequest[] {
  const params = new URLSearchParams(search);
  const range = timeRangeFromParams(params);
  return range?.type === 'mapped' ? [] : [summaryRequest(range, summaryLayoutAt(params))];
}
