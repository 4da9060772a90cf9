import type { StatusPageSaved } from '@mc/contracts';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorPanel } from '../../../components/error-panel';
import { PageShell } from '../../../components/page-shell/page-shell';
import { useCan } from '../../../lib/api/shell-queries';
import { useStatusPage } from '../api/get-status-pages';
import { useDeleteStatusPage } from '../api/save-status-page';
import { StatusPageForm } from '../components/status-page-form';

/** The read token of a token page, shown this once, with the address that opens the page. */
function IssuedToken({ slug, token }: { slug: string; token: string }) {
  const address = `${window.location.origin}/status/${slug}?token=${token}`;
  return (
    <div role="status" className="rounded border border-status-warning p-3 text-sm">
      <p className="font-medium">Copy the read token now: it is not shown again.</p>
      <code className="break-all" data-testid="issued-token">
        {address}
      </code>
    </div>
  );
}

/** /status-pages/new and /status-pages/:id: create or edit a status page, preview it, delete it. */
export function StatusPageEditPage() {
  const { id: raw } = useParams();
  const id = raw === 'new' ? undefined : raw;
  const navigate = useNavigate();
  const location = useLocation();
  const canWrite = useCan({ resource: 'topologies', action: 'write' });
  const page = useStatusPage(id);
  const remove = useDeleteStatusPage();
  const [confirming, setConfirming] = useState(false);
  const [rotated, setIssued] = useState<StatusPageSaved | undefined>();
  // a new page's token comes with the navigation to its address (the same screen stays mounted)
  const issued = rotated ?? (location.state as { issued?: StatusPageSaved } | null)?.issued;
  const onSaved = (saved: StatusPageSaved) => {
    if (!id) navigate(`/status-pages/${saved.id}`, { replace: true, state: saved.token ? { issued: saved } : null });
    else setIssued(saved.token ? saved : undefined);
  };
  const title = id ? (page.data?.title ?? 'Status page') : 'New status page';
  return (
    <PageShell title={title}>
      <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-auto p-4">
        <div className="flex items-center gap-3 text-sm">
          <Link to="/status-pages" className="text-primary hover:underline">
            All status pages
          </Link>
          {page.data ? (
            <a href={`/status/${page.data.slug}`} target="_blank" rel="noreferrer" className="hover:underline">
              Open /status/{page.data.slug}
            </a>
          ) : null}
          <span className="flex-1" />
          {id && canWrite ? (
            <button type="button" className="text-status-unhealthy hover:underline" onClick={() => setConfirming(true)}>
              Delete
            </button>
          ) : null}
        </div>
        {issued?.token ? <IssuedToken slug={issued.slug} token={issued.token} /> : null}
        {page.error ? <ErrorPanel error={page.error} onRetry={() => void page.refetch()} /> : null}
        {!id || page.data ? (
          <StatusPageForm key={page.data?.updated_at ?? 'new'} page={page.data} canWrite={canWrite} onSaved={onSaved} />
        ) : null}
      </div>
      {id ? (
        <ConfirmDialog
          open={confirming}
          title="Delete status page"
          description="Its public address stops answering at once."
          busy={remove.isPending}
          onClose={() => setConfirming(false)}
          onConfirm={() => remove.mutate(id, { onSuccess: () => navigate('/status-pages') })}
        />
      ) : null}
    </PageShell>
  );
}
