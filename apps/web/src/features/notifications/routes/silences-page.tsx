import { NotBuiltYet } from '../../../components/not-built-yet';
import { PageShell } from '../../../components/page-shell/page-shell';

/** The page of the notification silences; until its area is built it says so on the page. */
export function SilencesPage() {
  return (
    <PageShell title="Notification Silences">
      <NotBuiltYet area="notifications" />
    </PageShell>
  );
}
