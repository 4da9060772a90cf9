import { NotBuiltYet } from '../../../components/not-built-yet';
import { PageShell } from '../../../components/page-shell/page-shell';

/** The page of the integrations; until its area is built it says so on the page. */
export function IntegrationsPage() {
  return (
    <PageShell title="Integrations">
      <NotBuiltYet area="integrations" />
    </PageShell>
  );
}
