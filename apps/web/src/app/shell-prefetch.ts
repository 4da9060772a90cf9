import type { QueryClient } from '@tanstack/react-query';
import { propertiesQuery, sessionQuery } from '../lib/api/shell-queries';
import { authRoutes } from './routes';

/**
 * Pages whose data is asked for with who-am-I, not after it: the long lists, whose answers are most of
 * their first paint; /incidents, /notifications and /playbooks, whose LCP came closest to the budget in the
 * bench; and /topology, the landing page. Each module and what it imports is a small chunk of its own (vite.config.ts),
 * which the route-preload script asks for first with the HTML on these routes (scripts/route-preload.ts), so the
 * request waits for those chunks only; a 401 or 403 ends as the page's own request would (the sign-in
 * redirect; the guard's Unauthorized page).
 */
const PAGE_DATA: Readonly<
  Record<string, () => Promise<{ prefetchPageData(client: QueryClient, search: string): void }>>
> = {
  '/health': () => import('../features/health/api/prefetch-health-page'),
  '/catalog': () => import('../features/catalog/api/prefetch-catalog-page'),
  '/incidents': () => import('../features/incidents/api/prefetch-incidents-page'),
  '/topology': () => import('../features/topology/api/prefetch-topology-page'),
  '/notifications': () => import('../features/notifications/api/prefetch-notifications-page'),
  '/playbooks': () => import('../features/playbooks/api/prefetch-playbooks-page'),
};

/**
 * Starts who-am-I and the feature flags the moment the console boots, in parallel with the page's
 * chunk: the route guards wait for both, and asked from the guard they only left once the page's
 * chunk had loaded and run (a waterfall of about a second on a small machine). The data of the pages in
 * PAGE_DATA starts too. Pages without a session (sign-in, recovery, …) are skipped: a 401 there must not
 * send the browser anywhere.
 */
export function prefetchShell(client: QueryClient, pathname: string, search = ''): void {
  const isAuthPage = authRoutes.some((route) => route.path && pathname.startsWith(route.path));
  if (isAuthPage) return;
  void client.prefetchQuery(sessionQuery);
  void client.prefetchQuery(propertiesQuery);
  PAGE_DATA[pathname]?.().then(
    (page) => page.prefetchPageData(client, search),
    () => undefined, // the page loads its module (and reports a failure) itself
  );
}
