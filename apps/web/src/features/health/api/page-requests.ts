import type { EarlyRequest } from '../../../lib/api/request-parts';
import { type TimeRange, timeRangeFromParams } from '../../../lib/time-range';
import { summaryWindow } from './summary-window';

/**
 * The call of the health dashboard, without React: checksSummaryQuery makes it, and the boot script
 * (src/boot.ts) asks for it before the console has loaded.
 */

/**
 * The dashboard's summary over a range (the trailing hour without one), its window resolved now; its
 * checks as columns, a quarter of the text of rows to decode and parse (docs/health-runtime.md).
 */
export function summaryRequest(range?: TimeRange): EarlyRequest {
  return {
    path: '/api/canary/api/summary',
    options: { method: 'POST', body: { ...summaryWindow(range), format: 'columns' } },
  };
}

/**
 * What the dashboard asks for first at this address: its summary, unless the range is a quick one ("Today so
 * far"), whose bounds move with the clock between this call and the page's own.
 */
export function healthPageRequests(search: string): EarlyRequest[] {
  const range = timeRangeFromParams(new URLSearchParams(search));
  return range?.type === 'mapped' ? [] : [summaryRequest(range)];
}
