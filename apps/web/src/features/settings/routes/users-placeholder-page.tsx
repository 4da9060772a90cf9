import { EmptyState } from '../../../components/empty-state';
import { PageShell } from '../../../components/page-shell/page-shell';

/** The page of the users (features/settings/users replaces this page); its area's issue fills it, until then it shows the honest empty state. */
export function UsersPlaceholderPage() {
  return (
    <PageShell title="Users">
      <EmptyState />
    </PageShell>
  );
}
