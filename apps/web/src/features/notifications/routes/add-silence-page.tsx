import { EmptyState } from '../../../components/empty-state';
import { PageShell } from '../../../components/page-shell/page-shell';

/** The page of the form that adds a notification silence; its area's issue fills it, until then it shows the honest empty state. */
export function AddSilencePage() {
  return (
    <PageShell title="Add Silence">
      <EmptyState />
    </PageShell>
  );
}
