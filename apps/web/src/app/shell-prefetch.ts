import type { QueryClient } from '@tanstack/react-query';
import { propertiesQuery, sessionQuery } from '../lib/api/shell-queries';
import { authRoutes } from './routes';

/**
 * Starts who-am-I and the feature flags the moment the console boots, in parallel with the page's
 * chunk: the route guards wait for both, and asked from the guard they only left once the page's
 * chunk had loaded and run (a waterfall of about a second on a small machine). Pages without a
 * session (sign-in, recovery, …) are skipped: a 401 there must not send the browser anywhere.
 */
export function prefetchShell(client: QueryClient, pathname: string): void {
  const isAuthPage = authRoutes.some((route) => route.path && pathname.startsWith(route.path));
  if (isAuthPage) return;
  void client.prefetchQuery(sessionQuery);
  void client.prefetchQuery(propertiesQuery);
}
