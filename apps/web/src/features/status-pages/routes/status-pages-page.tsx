import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorPanel } from '../../../components/error-panel';
import { PageShell } from '../../../components/page-shell/page-shell';
import { useCan } from '../../../lib/api/shell-queries';
import { useStatusPages } from '../api/get-status-pages';

/**
 * /status-pages: the status pages built from the topology, each with its public address. Viewers
 * read the list; editors (write on topologies) add and edit pages.
 */
export function StatusPagesPage() {
  const canWrite = useCan({ resource: 'topologies', action: 'write' });
  const pages = useStatusPages();
  const rows = pages.data?.data ?? [];
  return (
    <PageShell
      title="Status Pages"
      onRefresh={() => void pages.refetch()}
      loading={pages.isFetching}
      extra={
        canWrite ? (
          <Link
            to="/status-pages/new"
            className="rounded bg-primary px-3 py-1.5 text-sm text-on-primary hover:bg-primary-hover"
          >
            New status page
          </Link>
        ) : null
      }
    >
      <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-auto p-4">
        {pages.error ? <ErrorPanel error={pages.error} onRetry={() => void pages.refetch()} /> : null}
        {!pages.isPending && !pages.error && rows.length === 0 ? (
          <EmptyState title="No status pages yet">
            A status page shows chosen components and checks to its readers, from the live topology.
          </EmptyState>
        ) : null}
        {rows.length > 0 ? (
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left text-fg-muted">
                <th className="py-1 font-medium">Title</th>
                <th className="py-1 font-medium">Address</th>
                <th className="py-1 font-medium">Readers</th>
                <th className="py-1 font-medium">Updated</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((page) => (
                <tr key={page.id} className="border-t border-border">
                  <td className="py-1.5">
                    <Link to={`/status-pages/${page.id}`} className="text-primary hover:underline">
                      {page.title}
                    </Link>
                  </td>
                  <td className="py-1.5">
                    <a href={`/status/${page.slug}`} target="_blank" rel="noreferrer" className="hover:underline">
                      /status/{page.slug}
                    </a>
                  </td>
                  <td className="py-1.5">{page.visibility === 'public' ? 'Anyone' : 'With its token'}</td>
                  <td className="py-1.5">{new Date(page.updated_at).toLocaleString()}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </div>
    </PageShell>
  );
}
