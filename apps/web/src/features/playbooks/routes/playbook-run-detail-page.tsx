import { NotBuiltYet } from '../../../components/not-built-yet';
import { PageShell } from '../../../components/page-shell/page-shell';

/** The page of one playbook run; until its area is built it says so on the page. */
export function PlaybookRunDetailPage() {
  return (
    <PageShell title="Playbook Run">
      <NotBuiltYet area="playbooks" />
    </PageShell>
  );
}
