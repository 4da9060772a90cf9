import { NotBuiltYet } from '../../../components/not-built-yet';
import { PageShell } from '../../../components/page-shell/page-shell';

/** The page of the notification rules; until its area is built it says so on the page. */
export function NotificationRulesPage() {
  return (
    <PageShell title="Notification Rules">
      <NotBuiltYet area="notifications" />
    </PageShell>
  );
}
