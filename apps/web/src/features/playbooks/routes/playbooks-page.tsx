import { EmptyState } from '../../../components/empty-state';
import { PageShell } from '../../../components/page-shell/page-shell';

/** The page of the playbook list; its area's issue fills it, until then it shows the honest empty state. */
export function PlaybooksPage() {
  return (
    <PageShell title="Playbooks">
      <EmptyState />
    </PageShell>
  );
}
