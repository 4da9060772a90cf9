import { EmptyState } from '../../../components/empty-state';
import { PageShell } from '../../../components/page-shell/page-shell';

/** The page of one playbook; its area's issue fills it, until then it shows the honest empty state. */
export function PlaybookDetailPage() {
  return (
    <PageShell title="Playbook">
      <EmptyState />
    </PageShell>
  );
}
