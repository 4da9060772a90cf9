import { ErrorPanel } from '../../../components/error-panel';
import { PageShell } from '../../../components/page-shell/page-shell';
import { useEventQueueSummary } from '../api/get-event-queue-summary';
import { EventQueueTable } from '../components/event-queue-table';

/**
 * /settings/event-queue-status (000 §2, §3): per event name, the events waiting, those whose last
 * attempt failed, the average attempts, the first and last failure and the most common error.
 */
export function EventQueuePage() {
  const summary = useEventQueueSummary();
  return (
    <PageShell title="Event Queue" onRefresh={() => void summary.refetch()} loading={summary.isFetching}>
      <div className="flex min-h-0 flex-1 flex-col p-4">
        {summary.error ? (
          <ErrorPanel error={summary.error} onRetry={() => void summary.refetch()} />
        ) : (
          <EventQueueTable rows={summary.data ?? []} loading={summary.isPending} />
        )}
      </div>
    </PageShell>
  );
}
