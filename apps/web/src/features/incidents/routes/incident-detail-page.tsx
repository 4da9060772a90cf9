import { useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorPanel } from '../../../components/error-panel';
import { PageShell } from '../../../components/page-shell/page-shell';
import { Skeleton } from '../../../components/skeleton';
import { ApiError } from '../../../lib/api/api-error';
import { useCan } from '../../../lib/api/shell-queries';
import { useIncident } from '../api/get-incident';
import { useIncidentWrite } from '../api/incident-mutations';
import { HypothesisTree } from '../components/hypothesis-tree';
import { IncidentHeader } from '../components/incident-header';
import { CommentsPanel, RespondersPanel, Timeline } from '../components/incident-side-panels';

/**
 * /incidents/{id}: the incident's fields, the hypotheses tree with evidence (live resources, done
 * toggles), comments, responders and the timeline. Write controls show only with write on incidents.
 */
export function IncidentDetailPage() {
  const id = useParams().id ?? '';
  const query = useIncident(id);
  const canWrite = useCan({ resource: 'incident', action: 'write' });
  const write = useIncidentWrite(id);
  const detail = query.data;
  return (
    <PageShell
      title={detail ? `${detail.incident.incident_id} ${detail.incident.title}` : 'Incident'}
      onRefresh={() => void query.refetch()}
      loading={query.isFetching}
    >
      {query.isError && query.error instanceof ApiError && query.error.status === 404 ? (
        <EmptyState
          title="This incident does not exist or was deleted."
          action={{ label: 'All incidents', to: '/incidents' }}
        />
      ) : null}
      {query.isError && !(query.error instanceof ApiError && query.error.status === 404) ? (
        <ErrorPanel error={query.error} onRetry={() => void query.refetch()} />
      ) : null}
      {query.isPending ? <Skeleton label="Loading incident" /> : null}
      {detail ? (
        <div className="grid gap-6 p-4 lg:grid-cols-[2fr_1fr]">
          <div className="flex flex-col gap-6">
            <IncidentHeader
              key={detail.incident.updated_at}
              incident={detail.incident}
              canWrite={canWrite}
              write={write}
            />
            <HypothesisTree
              hypotheses={detail.hypotheses}
              evidences={detail.evidences}
              comments={detail.comments}
              canWrite={canWrite}
              write={write}
            />
            <CommentsPanel
              comments={detail.comments.filter((c) => c.hypothesis_id === null)}
              canWrite={canWrite}
              write={write}
            />
          </div>
          <div className="flex flex-col gap-6">
            <RespondersPanel incident={detail.incident} canWrite={canWrite} write={write} />
            <Timeline history={detail.history} />
          </div>
        </div>
      ) : null}
    </PageShell>
  );
}
