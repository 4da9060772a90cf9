import { NotBuiltYet } from '../../../components/not-built-yet';
import { PageShell } from '../../../components/page-shell/page-shell';

/** The page of the form that adds a notification silence; until its area is built it says so on the page. */
export function AddSilencePage() {
  return (
    <PageShell title="Add Silence">
      <NotBuiltYet area="notifications" />
    </PageShell>
  );
}
