import { EmptyState } from '../../../components/empty-state';
import { PageShell } from '../../../components/page-shell/page-shell';

/** The page of one playbook run; its area's issue fills it, until then it shows the honest empty state. */
export function PlaybookRunDetailPage() {
  return (
    <PageShell title="Playbook Run">
      <EmptyState />
    </PageShell>
  );
}
