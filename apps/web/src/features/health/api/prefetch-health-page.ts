import type { QueryClient } from '@tanstack/react-query';
import { timeRangeFromParams } from '../../../lib/time-range';
import { checksSummaryQuery } from './get-checks-summary';
import { summaryLayoutAt } from './page-requests';

/**
 * Asks for the summary /health draws (over the range its URL names, the trailing hour without one) when
 * the console boots on /health, in parallel with who-am-I, instead of after the session, the guards and
 * the page have rendered (app/shell-prefetch.ts): on 10,000 checks the answer is megabytes and its wait
 * is most of the page's largest paint.
 */
export function prefetchPageData(client: QueryClient, search = ''): void {
  const params = new URLSearchParams(search);
  void client.prefetchQuery(checksSummaryQuery(timeRangeFromParams(params), summaryLayoutAt(params)));
}
