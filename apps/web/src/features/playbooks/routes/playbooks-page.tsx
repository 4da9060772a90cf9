import { NotBuiltYet } from '../../../components/not-built-yet';
import { PageShell } from '../../../components/page-shell/page-shell';

/** The page of the playbook list; until its area is built it says so on the page. */
export function PlaybooksPage() {
  return (
    <PageShell title="Playbooks">
      <NotBuiltYet area="playbooks" />
    </PageShell>
  );
}
