import { EmptyState } from '../../../components/empty-state';
import { PageShell } from '../../../components/page-shell/page-shell';

/** The page of the job history; its area's issue fills it, until then it shows the honest empty state. */
export function JobsHistoryPage() {
  return (
    <PageShell title="Jobs History">
      <EmptyState />
    </PageShell>
  );
}
