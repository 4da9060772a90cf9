import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { DataTable } from '../../../components/data-table/data-table';
import { dateTimeColumn } from '../../../components/data-table/date-time-column';
import { EmptyState } from '../../../components/empty-state';
import { ErrorPanel } from '../../../components/error-panel';
import { PageShell } from '../../../components/page-shell/page-shell';
import { PrimaryActionButton } from '../../../components/primary-action-button';
import { useCan } from '../../../lib/api/shell-queries';
import { useFormatDateTime } from '../../../lib/date-format';
import type { ScraperRow } from '../api/catalog-types';
import { type ScraperRun, useLastScraperRuns, useScrapers } from '../api/scrapers';
import { CatalogNav } from '../components/catalog-nav';
import { RunScraperButton } from '../components/run-scraper-button';
import { scraperKinds, scraperSchedule } from '../components/scraper-kind';
import { RunSummary } from '../components/scraper-runs';

function useColumns(lastRuns: Map<string, ScraperRun> | undefined): ColumnDef<ScraperRow, unknown>[] {
  const format = useFormatDateTime();
  return useMemo(
    () => [
      {
        id: 'name',
        header: 'Name',
        accessorKey: 'name',
        cell: ({ row }) => (
          <Link
            to={`/catalog/scrapers/${row.original.id}`}
            className="text-link hover:underline"
            onClick={(event) => event.stopPropagation()}
          >
            {row.original.name}
          </Link>
        ),
      },
      { id: 'namespace', header: 'Namespace', accessorKey: 'namespace' },
      { id: 'kind', header: 'Kind', enableSorting: false, cell: ({ row }) => scraperKinds(row.original.spec) },
      {
        id: 'schedule',
        header: 'Schedule',
        enableSorting: false,
        cell: ({ row }) => scraperSchedule(row.original.spec),
      },
      { id: 'source', header: 'Source', accessorKey: 'source' },
      {
        id: 'last_run',
        header: 'Last Run',
        enableSorting: false,
        cell: ({ row }) => {
          const run = lastRuns?.get(row.original.id);
          return run ? <RunSummary run={run} compact /> : <span className="text-fg-subtle">Never run</span>;
        },
      },
      dateTimeColumn('updated_at', 'Updated', format),
      {
        id: 'run',
        header: '',
        enableSorting: false,
        cell: ({ row }) => <RunScraperButton id={row.original.id} name={row.original.name} />,
      },
    ],
    [format, lastRuns],
  );
}

/**
 * /catalog/scrapers (issue 13 §6): the catalog scrapers with their kind, schedule, where they come
 * from and their last run; Add scraper opens the resource editor, Run Now scrapes at once.
 */
export function ScrapersPage() {
  const scrapers = useScrapers();
  const ids = useMemo(() => (scrapers.data ?? []).map((row) => row.id), [scrapers.data]);
  const lastRuns = useLastScraperRuns(ids);
  const columns = useColumns(lastRuns.data);
  const navigate = useNavigate();
  const canWrite = useCan({ resource: 'config_scrapers', action: 'write' });
  return (
    <PageShell
      title="Catalog Scrapers"
      extra={
        canWrite ? (
          <PrimaryActionButton onClick={() => navigate('/catalog/scrapers/new')}>Add scraper</PrimaryActionButton>
        ) : null
      }
    >
      <div className="flex flex-col gap-4">
        <CatalogNav />
        {scrapers.isError ? <ErrorPanel error={scrapers.error} onRetry={() => void scrapers.refetch()} /> : null}
        <DataTable
          id="catalog-scrapers"
          columns={columns}
          data={scrapers.data ?? []}
          loading={scrapers.isPending}
          pagination={false}
          onRowClick={(row) => navigate(`/catalog/scrapers/${row.id}`)}
          empty={
            <EmptyState
              title="No scrapers yet"
              action={canWrite ? { label: 'Add scraper', to: '/catalog/scrapers/new' } : undefined}
            />
          }
        />
      </div>
    </PageShell>
  );
}
