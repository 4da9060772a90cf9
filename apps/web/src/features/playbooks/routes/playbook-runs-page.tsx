import { EmptyState } from '../../../components/empty-state';
import { PageShell } from '../../../components/page-shell/page-shell';

/** The page of the playbook runs; its area's issue fills it, until then it shows the honest empty state. */
export function PlaybookRunsPage() {
  return (
    <PageShell title="Playbook Runs">
      <EmptyState />
    </PageShell>
  );
}
