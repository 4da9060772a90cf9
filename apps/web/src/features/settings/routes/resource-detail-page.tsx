import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { PageShell } from '../../../components/page-shell/page-shell';
import { resourceTitle } from './resource-titles';

/** The generic detail of a schema-driven resource (/settings/{table}/{id}) with its breadcrumb. */
export function ResourceDetailPage() {
  const { table = '', id = '' } = useParams();
  const title = resourceTitle(table);
  return (
    <PageShell
      titleText={title}
      title={
        <span>
          <Link to={`/settings/${encodeURIComponent(table)}`} className="text-blue-700 hover:underline">
            {title}
          </Link>
          <span className="text-gray-400"> / </span>
          <span>{id}</span>
        </span>
      }
    >
      <EmptyState title="No resources found" />
    </PageShell>
  );
}
