import { EmptyState } from '../../../components/empty-state';
import { PageShell } from '../../../components/page-shell/page-shell';

/** The page of the log search; its area's issue fills it, until then it shows the honest empty state. */
export function LogsPage() {
  return (
    <PageShell title="Logs">
      <EmptyState />
    </PageShell>
  );
}
