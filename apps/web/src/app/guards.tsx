import type { ComponentType, ReactNode } from 'react';
import { useFeatureFlags, useSession } from '../lib/api/shell-queries';
import { isFeatureDisabled } from '../lib/feature-flags';
import { can, type Requirement } from '../lib/permissions';
import { NotFoundPage } from './pages/not-found-page';
import { PageSkeleton } from './pages/page-skeleton';
import { UnauthorizedPage } from './pages/unauthorized-page';

/** What a route needs before its page renders (000 §2, §6). */
export interface RouteRule {
  /** Resource and action the user needs; without it the Unauthorized page shows. */
  require?: Requirement;
  /** Feature whose `<feature>.disable` flag (or its parent's) hides the route. */
  feature?: string;
  /** Routes wait for the feature flags to load, except /view/topology (000 §2). */
  waitForFlags?: boolean;
}

/** Applies a route's rule: waits for flags and session, then the page, Unauthorized or not-found. */
export function RouteGuard({ rule, children }: { rule: RouteRule; children: ReactNode }) {
  const flags = useFeatureFlags();
  const session = useSession();
  if (rule.waitForFlags !== false && flags.loading) return <PageSkeleton />;
  if (rule.feature && !flags.loading && isFeatureDisabled(rule.feature, flags.disabled)) return <NotFoundPage />;
  if (rule.require) {
    if (!session.data) return <PageSkeleton />;
    if (!can(session.data, rule.require)) return <UnauthorizedPage />;
  }
  return <>{children}</>;
}

/**
 * A lazy route entry for a page of a product area: the area's chunk loads on first visit and the
 * page renders behind its guard.
 */
export function guardedPage(load: () => Promise<ComponentType>, rule: RouteRule) {
  return {
    lazy: async () => {
      const Page = await load();
      return {
        element: (
          <RouteGuard rule={rule}>
            <Page />
          </RouteGuard>
        ),
      };
    },
  };
}
