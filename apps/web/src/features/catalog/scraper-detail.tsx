import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { ErrorPanel } from '../../components/error-panel';
import { PageShell } from '../../components/page-shell/page-shell';
import { Skeleton } from '../../components/skeleton';
import { Tabs } from '../../components/tabs';
import { useUrlParams } from '../../lib/url-state';
import { isUuid } from '../../lib/uuid';
import {
  type EditableResource,
  isEditable,
  newResource,
  ReadOnlyResource,
  ResourceEditor,
  type ResourceType,
  resourceType,
  type SpecType,
  specTypeOf,
  TypePickerGrid,
  useResource,
} from '../settings-views';
import { useScraperRuns } from './api/scrapers';
import { readCatalogFilters } from './components/catalog-filter-params';
import { ConfigListTable } from './components/config-list-table';
import { RunScraperButton } from './components/run-scraper-button';
import { RunSummary } from './components/scraper-runs';

/** Where the scraper pages live: save, cancel and delete return here. */
export const SCRAPERS_PATH = '/catalog/scrapers';

/** The editor's type for scrapers (the generic editor knows config_scrapers). */
const SCRAPER_TYPE = resourceType('config_scrapers') as ResourceType; // resource-types.ts always lists config_scrapers

type Tab = 'Spec' | 'Last Runs' | 'Items';
const TABS: readonly Tab[] = ['Spec', 'Last Runs', 'Items'];
const NO_FILTERS = readCatalogFilters(new URLSearchParams());

function Breadcrumb({ last }: { last: string }) {
  return (
    <nav aria-label="Breadcrumb">
      <Link to={SCRAPERS_PATH} className="text-link hover:underline">
        Catalog Scrapers
      </Link>
      <span className="text-fg-subtle"> / </span>
      <span>{last}</span>
    </nav>
  );
}

function NewScraper() {
  const [specType, setSpecType] = useState<SpecType | undefined>();
  if (!specType) return <TypePickerGrid type={SCRAPER_TYPE} onPick={setSpecType} />;
  return (
    <ResourceEditor
      key={specType.id}
      type={SCRAPER_TYPE}
      specType={specType}
      initial={newResource(SCRAPER_TYPE, specType)}
      onBack={() => setSpecType(undefined)}
      listPath={SCRAPERS_PATH}
    />
  );
}

function LastRuns({ id }: { id: string }) {
  const runs = useScraperRuns(id);
  if (runs.isPending) return <Skeleton />;
  if (runs.isError) return <ErrorPanel error={runs.error} onRetry={() => void runs.refetch()} />;
  if (runs.data.length === 0) return <EmptyState title="This scraper has not run yet" />;
  return (
    <ol aria-label="Last runs" className="divide-y divide-border-muted rounded border border-border bg-surface">
      {runs.data.map((run) => (
        <li key={run.id} className="px-3 py-2">
          <RunSummary run={run} />
        </li>
      ))}
    </ol>
  );
}

function ExistingScraper({ scraper }: { scraper: EditableResource }) {
  const [params, update] = useUrlParams();
  const id = scraper.id ?? '';
  const active = TABS.find((tab) => tab === params.get('tab')) ?? 'Spec';
  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center gap-3">
        <Tabs
          label="Scraper"
          tabs={TABS}
          active={active}
          onChange={(tab) => update({ tab: tab === 'Spec' ? undefined : tab })}
        />
        <span className="ml-auto" />
        <RunScraperButton id={id} name={scraper.name} />
      </div>
      {active === 'Spec' ? (
        isEditable(scraper) ? (
          <ResourceEditor
            type={SCRAPER_TYPE}
            specType={specTypeOf(SCRAPER_TYPE, scraper.spec)}
            initial={scraper}
            listPath={SCRAPERS_PATH}
          />
        ) : (
          <ReadOnlyResource type={SCRAPER_TYPE} resource={scraper} />
        )
      ) : null}
      {active === 'Last Runs' ? <LastRuns id={id} /> : null}
      {active === 'Items' ? <ConfigListTable id="scraper-items" filters={NO_FILTERS} scraperId={id} /> : null}
    </div>
  );
}

/**
 * /catalog/scrapers/{id} (issue 13 §6, 001 §2): the scraper's spec in the resource editor (form or
 * code; read-only when it comes from elsewhere), its last runs from job history and the items it
 * produced; Run Now. `new` opens the type picker grid, then the editor. Loaded by
 * routes/scraper-detail-page.tsx as a chunk of its own, with the resource editor it is built on.
 */
export function ScraperDetail() {
  const { id = '' } = useParams();
  const isNew = id === 'new';
  const query = useResource(SCRAPER_TYPE, id, !isNew && isUuid(id));
  if (isNew) {
    return (
      <PageShell titleText="Catalog Scrapers / New" title={<Breadcrumb last="New" />}>
        <NewScraper />
      </PageShell>
    );
  }
  const scraper = query.data;
  let body: React.ReactNode;
  if (query.isPending && query.fetchStatus !== 'idle') body = <Skeleton />;
  else if (query.isError) body = <ErrorPanel error={query.error} onRetry={() => void query.refetch()} />;
  else if (!scraper) body = <EmptyState title="No scraper found" />;
  else body = <ExistingScraper key={scraper.updated_at ?? id} scraper={scraper} />;
  return scraper ? (
    <PageShell titleText={`Catalog Scrapers / ${scraper.name}`} title={<Breadcrumb last={scraper.name} />}>
      {body}
    </PageShell>
  ) : (
    <PageShell title="Catalog Scraper">{body}</PageShell>
  );
}
