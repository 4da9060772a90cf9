import { EmptyState } from '../../../components/empty-state';
import { PageShell } from '../../../components/page-shell/page-shell';

/** The page of the notification silences; its area's issue fills it, until then it shows the honest empty state. */
export function SilencesPage() {
  return (
    <PageShell title="Notification Silences">
      <EmptyState />
    </PageShell>
  );
}
