import { EmptyState } from '../../../components/empty-state';
import { PageShell } from '../../../components/page-shell/page-shell';

/** The page of the notification rules; its area's issue fills it, until then it shows the honest empty state. */
export function NotificationRulesPage() {
  return (
    <PageShell title="Notification Rules">
      <EmptyState />
    </PageShell>
  );
}
