import { PageShell } from '../../../components/page-shell/page-shell';
import { JobHistoryFilters } from '../job-history/components/job-history-filters';
import { JobHistoryTable } from '../job-history/components/job-history-table';

/** /settings/jobs: the job history with its filters, server-paged table and details modal (001 §2). */
export function JobsHistoryPage() {
  return (
    <PageShell title="Jobs History">
      <div className="flex flex-col gap-4 p-4">
        <JobHistoryFilters />
        <JobHistoryTable id="job-history" />
      </div>
    </PageShell>
  );
}
