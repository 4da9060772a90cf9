import { UI_MESSAGES } from '@mc/contracts';
import { type ReactNode, useEffect } from 'react';
import { ErrorPanel } from '../components/error-panel';
import { ApiError } from '../lib/api/api-error';
import { useSession } from '../lib/api/shell-queries';

/** How often who-am-I is asked again while the provisioning screen shows. */
export const PROVISIONING_RETRY_MS = 3_000;

/**
 * Whether a failed who-am-I means the instance is not ready yet (000 §8: 5xx or 404 show the
 * provisioning screen). The rule is the error catalogue's, for both identity providers: a hosted
 * organisation's backend still being created, and a self-hosted server starting up or restarting behind
 * its proxy, answer alike (docs/web.md, "Who-am-I failures").
 */
export function isProvisioningError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status >= 500);
}

/**
 * Renders the page once who-am-I has answered or is loading. A 401 has already redirected to the
 * auth-state-checker route; a 404/5xx shows the provisioning screen, which asks who-am-I again every
 * few seconds and gives way to the page once it answers; any other failure shows the error view.
 */
export function SessionBoundary({ children }: { children: ReactNode }) {
  const { error, refetch } = useSession();
  const provisioning = isProvisioningError(error);
  useEffect(() => {
    if (!provisioning) return;
    const timer = setInterval(() => void refetch(), PROVISIONING_RETRY_MS);
    return () => clearInterval(timer);
  }, [provisioning, refetch]);
  if (error instanceof ApiError && error.status === 401) return <div className="flex-1" aria-busy="true" />;
  if (provisioning) {
    return (
      <div className="flex flex-1 items-center justify-center text-fg-muted" role="status">
        {UI_MESSAGES.provisioning}
      </div>
    );
  }
  if (error) {
    return (
      <div className="flex-1">
        <ErrorPanel error={error} />
      </div>
    );
  }
  return <>{children}</>;
}
