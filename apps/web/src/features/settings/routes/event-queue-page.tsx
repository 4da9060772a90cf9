import { EmptyState } from '../../../components/empty-state';
import { PageShell } from '../../../components/page-shell/page-shell';

/** The page of the event queue status; its area's issue fills it, until then it shows the honest empty state. */
export function EventQueuePage() {
  return (
    <PageShell title="Event Queue">
      <EmptyState />
    </PageShell>
  );
}
