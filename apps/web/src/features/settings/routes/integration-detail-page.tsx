import { NotBuiltYet } from '../../../components/not-built-yet';
import { PageShell } from '../../../components/page-shell/page-shell';

/** The page of one integration; until its area is built it says so on the page. */
export function IntegrationDetailPage() {
  return (
    <PageShell title="Integration">
      <NotBuiltYet area="integrations" />
    </PageShell>
  );
}
