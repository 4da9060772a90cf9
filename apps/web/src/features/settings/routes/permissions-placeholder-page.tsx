import { EmptyState } from '../../../components/empty-state';
import { PageShell } from '../../../components/page-shell/page-shell';

/** The page of the permissions (features/settings/permissions replaces this page); its area's issue fills it, until then it shows the honest empty state. */
export function PermissionsPlaceholderPage() {
  return (
    <PageShell title="Permissions">
      <EmptyState />
    </PageShell>
  );
}
