import { EmptyState } from '../../../components/empty-state';
import { PageShell } from '../../../components/page-shell/page-shell';

/** The page of one incident with its hypotheses and evidence; its area's issue fills it, until then it shows the honest empty state. */
export function IncidentDetailPage() {
  return (
    <PageShell title="Incident">
      <EmptyState />
    </PageShell>
  );
}
