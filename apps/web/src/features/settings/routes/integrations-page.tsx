import { EmptyState } from '../../../components/empty-state';
import { PageShell } from '../../../components/page-shell/page-shell';

/** The page of the integrations; its area's issue fills it, until then it shows the honest empty state. */
export function IntegrationsPage() {
  return (
    <PageShell title="Integrations">
      <EmptyState />
    </PageShell>
  );
}
