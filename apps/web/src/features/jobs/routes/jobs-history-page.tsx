import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { PageShell } from '../../../components/page-shell/page-shell';
import { jobHistoryKeys } from '../api/keys';
import { JobHistoryFilters } from '../components/job-history-filters';
import { JobHistoryTable } from '../components/job-history-table';

/** /settings/jobs: the job history with its filters, server-paged table and details modal (001 §2). */
export function JobsHistoryPage() {
  const client = useQueryClient();
  const fetching = useIsFetching({ queryKey: jobHistoryKeys.all }) > 0;
  return (
    <PageShell
      title="Jobs History"
      loading={fetching}
      onRefresh={() => void client.invalidateQueries({ queryKey: jobHistoryKeys.all })}
    >
      <div className="flex flex-col gap-4 p-4">
        <JobHistoryFilters />
        <JobHistoryTable id="job-history" />
      </div>
    </PageShell>
  );
}
