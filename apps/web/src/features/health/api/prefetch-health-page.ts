import type { QueryClient } from '@tanstack/react-query';
import { checksSummaryQuery } from './get-checks-summary';

/**
 * Asks for the summary /health draws (the dashboard's window; the page reads no other) when the console
 * boots on /health, in parallel with who-am-I, instead of after the session, the guards and the page
 * have rendered (app/shell-prefetch.ts): on 10,000 checks the answer is megabytes and its wait is most of
 * the page's largest paint.
 */
export function prefetchPageData(client: QueryClient): void {
  void client.prefetchQuery(checksSummaryQuery());
}
