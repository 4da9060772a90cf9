import { NotBuiltYet } from '../../../components/not-built-yet';
import { PageShell } from '../../../components/page-shell/page-shell';

/** The page of the log search; until its area is built it says so on the page. */
export function LogsPage() {
  return (
    <PageShell title="Logs">
      <NotBuiltYet area="logs" />
    </PageShell>
  );
}
