import { useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { PageShell } from '../../../components/page-shell/page-shell';
import { resourceTitle } from './resource-titles';

/** The generic list of a schema-driven resource table (/settings/{table}); 'No resources found' when empty. */
export function ResourceListPage() {
  const { table = '' } = useParams();
  return (
    <PageShell title={resourceTitle(table)}>
      <EmptyState title="No resources found" />
    </PageShell>
  );
}
