import { EmptyState } from '../../../components/empty-state';
import { PageShell } from '../../../components/page-shell/page-shell';

/** The page of the notifications and their send history; its area's issue fills it, until then it shows the honest empty state. */
export function NotificationsPage() {
  return (
    <PageShell title="Notifications">
      <EmptyState />
    </PageShell>
  );
}
