import { NotBuiltYet } from '../../../components/not-built-yet';
import { PageShell } from '../../../components/page-shell/page-shell';

/** The page of one playbook; until its area is built it says so on the page. */
export function PlaybookDetailPage() {
  return (
    <PageShell title="Playbook">
      <NotBuiltYet area="playbooks" />
    </PageShell>
  );
}
