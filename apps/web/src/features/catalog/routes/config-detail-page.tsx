import { lazy, Suspense } from 'react';
import { NavLink, useLocation, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorPanel } from '../../../components/error-panel';
import { PageShell } from '../../../components/page-shell/page-shell';
import { Skeleton } from '../../../components/skeleton';
import type { ConfigItem } from '../api/catalog-types';
import { useConfigItem } from '../api/get-config';
import { readCatalogFilters } from '../components/catalog-filter-params';
import { ChangesFilterBar } from '../components/changes-filter-bar';
import { ChangesTable } from '../components/changes-table';
import { ConfigChecksTab } from '../components/config-checks-tab';
import { ConfigDetailsTab } from '../components/config-details-tab';
import { ConfigHeader } from '../components/config-header';
import { InsightsTable } from '../components/insights-table';
import { RelationshipsPanel } from '../components/relationships-panel';

// The playbooks area (its Run Playbook dialog, zod and the pickers) loads with the Playbooks tab: imported
// statically it was a static import of the catalog's chunk, loaded with /catalog's list.
const ResourcePlaybooks = lazy(() =>
  import('../../playbooks').then((module) => ({ default: module.ResourcePlaybooks })),
);

/** The tabs of a configuration item (000 §2: /catalog/{id} and its sub-routes). */
export const CONFIG_TABS = [
  { path: '', label: 'Details' },
  { path: 'changes', label: 'Changes' },
  { path: 'insights', label: 'Insights' },
  { path: 'relationships', label: 'Relationships' },
  { path: 'playbooks', label: 'Playbooks' },
  { path: 'checks', label: 'Checks' },
] as const;

type TabPath = (typeof CONFIG_TABS)[number]['path'];

function tabOf(pathname: string, id: string): TabPath {
  const rest = pathname.split(`/catalog/${id}`)[1]?.replace(/^\//, '') ?? '';
  return CONFIG_TABS.find((tab) => tab.path === rest)?.path ?? '';
}

const NO_FILTERS = readCatalogFilters(new URLSearchParams());

function TabPanel({ tab, item }: { tab: TabPath; item: ConfigItem }) {
  switch (tab) {
    case 'changes':
      return (
        <div className="flex flex-col gap-3">
          <ChangesFilterBar defaultWindow="Since the item was first seen" />
          <ChangesTable filters={NO_FILTERS} configId={item.id} since={item.created_at} height="calc(100vh - 24rem)" />
        </div>
      );
    case 'insights':
      return <InsightsTable filters={NO_FILTERS} configId={item.id} height="calc(100vh - 24rem)" />;
    case 'relationships':
      return <RelationshipsPanel item={item} />;
    case 'playbooks':
      return (
        <Suspense fallback={<Skeleton />}>
          <ResourcePlaybooks resource={{ kind: 'config', id: item.id }} />
        </Suspense>
      );
    case 'checks':
      return <ConfigChecksTab id={item.id} />;
    default:
      return <ConfigDetailsTab item={item} />;
  }
}

function Breadcrumb({ name }: { name?: string }) {
  if (!name) return <>Catalog</>;
  return (
    <nav aria-label="Breadcrumb">
      <NavLink to="/catalog" className="text-link hover:underline">
        Catalog
      </NavLink>
      <span className="text-fg-subtle"> / </span>
      <span>{name}</span>
    </nav>
  );
}

/**
 * /catalog/{id} and its tabs (issue 13 §6): the item's header (health, tags, costs, Attach as
 * Evidence) and the tabs Details, Changes, Insights, Relationships, Playbooks and Checks, each its
 * own route so it can be shared.
 */
export function ConfigDetailPage() {
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  const tab = tabOf(pathname, id);
  const query = useConfigItem(id);
  const item = query.data ?? undefined;
  let body: React.ReactNode;
  if (query.isPending && query.fetchStatus !== 'idle') body = <Skeleton />;
  else if (query.isError) body = <ErrorPanel error={query.error} onRetry={() => void query.refetch()} />;
  else if (!item) body = <EmptyState title="No configuration item found" />;
  else {
    body = (
      <div className="flex flex-col gap-4">
        <ConfigHeader item={item} />
        <nav aria-label="Configuration item tabs" className="flex gap-1 border-b border-border">
          {CONFIG_TABS.map((entry) => {
            const count =
              entry.path === 'changes'
                ? item.summary?.changes
                : entry.path === 'insights'
                  ? item.summary?.analysis
                  : entry.path === 'relationships'
                    ? item.summary?.relationships
                    : entry.path === 'checks'
                      ? item.summary?.checks
                      : undefined;
            return (
              <NavLink
                key={entry.path}
                end
                to={`/catalog/${encodeURIComponent(id)}${entry.path ? `/${entry.path}` : ''}`}
                className={({ isActive }) =>
                  isActive
                    ? '-mb-px border-b-2 border-primary px-3 py-1.5 text-sm font-medium text-link'
                    : '-mb-px border-b-2 border-transparent px-3 py-1.5 text-sm text-fg-muted'
                }
              >
                {entry.label}
                {count ? (
                  <span className="ml-1 rounded bg-surface-hover px-1 text-xs text-fg-muted">{count}</span>
                ) : null}
              </NavLink>
            );
          })}
        </nav>
        <TabPanel key={`${item.id}/${tab}`} tab={tab} item={item} />
      </div>
    );
  }
  return (
    <PageShell
      title={<Breadcrumb name={item?.name ?? undefined} />}
      titleText={item?.name ? `${item.name} | Catalog` : 'Catalog'}
    >
      {body}
    </PageShell>
  );
}
