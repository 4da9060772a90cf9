import { Link } from 'react-router';
import { PageShell } from '../../components/page-shell/page-shell';

/** Any path the routing table does not know, or a page whose feature is disabled. */
export function NotFoundPage() {
  return (
    <PageShell title="Page not found">
      <div className="flex flex-col items-center gap-2 py-16 text-center" data-testid="not-found">
        <p className="text-base font-medium text-fg">The page you are looking for does not exist.</p>
        <Link to="/" className="text-sm text-link hover:underline">
          Go to the dashboard
        </Link>
      </div>
    </PageShell>
  );
}
