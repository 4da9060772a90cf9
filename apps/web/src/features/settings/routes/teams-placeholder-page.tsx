import { EmptyState } from '../../../components/empty-state';
import { PageShell } from '../../../components/page-shell/page-shell';

/** The page of the teams (features/settings/teams replaces this page); its area's issue fills it, until then it shows the honest empty state. */
export function TeamsPlaceholderPage() {
  return (
    <PageShell title="Teams">
      <EmptyState />
    </PageShell>
  );
}
