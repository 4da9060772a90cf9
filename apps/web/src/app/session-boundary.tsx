import { UI_MESSAGES } from '@mc/contracts';
import type { ReactNode } from 'react';
import { ErrorPanel } from '../components/error-panel';
import { ApiError } from '../lib/api/api-error';
import { useSession } from '../lib/api/shell-queries';
import { isHostedOrgMode } from '../lib/auth-mode';

/** Whether a failed who-am-I means the hosted instance is still being provisioned (000 §8). */
export function isProvisioningError(error: unknown): boolean {
  return isHostedOrgMode() && error instanceof ApiError && (error.status === 404 || error.status >= 500);
}

/**
 * Renders the page once who-am-I has answered or is loading. A 401 has already redirected to the
 * auth-state-checker route; in hosted mode a 404/5xx shows the provisioning screen; any other
 * failure shows the error view.
 */
export function SessionBoundary({ children }: { children: ReactNode }) {
  const { error } = useSession();
  if (error instanceof ApiError && error.status === 401) return <div className="flex-1" aria-busy="true" />;
  if (error && isProvisioningError(error)) {
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
