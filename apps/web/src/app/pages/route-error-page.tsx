import { UI_MESSAGES } from '@mc/contracts';
import { useRouteError } from 'react-router';
import { ErrorPanel } from '../../components/error-panel';

/** What the router shows when a route's chunk fails to load or its page throws outside a page boundary. */
export function RouteErrorPage() {
  const error = useRouteError();
  return (
    <div className="p-4">
      <h2 className="text-lg font-semibold text-fg">{UI_MESSAGES.errorBoundary}</h2>
      <ErrorPanel error={error} />
    </div>
  );
}
