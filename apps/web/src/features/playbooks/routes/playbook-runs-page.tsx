import { NotBuiltYet } from '../../../components/not-built-yet';
import { PageShell } from '../../../components/page-shell/page-shell';

/** The page of the playbook runs; until its area is built it says so on the page. */
export function PlaybookRunsPage() {
  return (
    <PageShell title="Playbook Runs">
      <NotBuiltYet area="playbooks" />
    </PageShell>
  );
}
