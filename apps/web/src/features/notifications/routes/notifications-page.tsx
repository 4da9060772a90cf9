import { NotBuiltYet } from '../../../components/not-built-yet';
import { PageShell } from '../../../components/page-shell/page-shell';

/** The page of the notifications and their send history; until its area is built it says so on the page. */
export function NotificationsPage() {
  return (
    <PageShell title="Notifications">
      <NotBuiltYet area="notifications" />
    </PageShell>
  );
}
