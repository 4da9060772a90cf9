import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorPanel } from '../../../components/error-panel';
import { Skeleton } from '../../../components/skeleton';
import { StatusDot } from '../../../components/status-dot';
import { Tabs } from '../../../components/tabs';
import { useUrlParams } from '../../../lib/url-state';
import { COMPONENT_TABS, type ComponentTab, type TabRow, useComponentTab } from '../api/get-component-tab';

const TAB_IDS = Object.keys(COMPONENT_TABS) as ComponentTab[]; // the keys of COMPONENT_TABS are exactly ComponentTab
const TAB_LABELS: Record<ComponentTab, string> = {
  checks: 'Checks',
  configs: 'Configs',
  incidents: 'Incidents',
  insights: 'Insights',
  changes: 'Changes',
};

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const when = (value: unknown) => (value ? new Date(String(value)).toLocaleString() : '');

function Row({ children, className }: { children: ReactNode; className?: string }) {
  return <li className={clsx('flex items-center gap-2 px-3 py-2 text-sm', className)}>{children}</li>;
}

/** One row of a tab: a check opens the check modal, a config its catalog page, an incident its page. */
function TabRowView({ tab, row }: { tab: ComponentTab; row: TabRow }) {
  const [, update] = useUrlParams();
  switch (tab) {
    case 'checks':
      return (
        <Row>
          <StatusDot status={text(row.status) || 'unknown'} />
          <button
            type="button"
            className="min-w-0 flex-1 truncate text-left text-link hover:underline"
            onClick={() => update({ checkId: row.id, timeRange: '1h' })}
          >
            {text(row.name)}
          </button>
          <span className="text-xs text-fg-muted">{text(row.type)}</span>
        </Row>
      );
    case 'configs':
      return (
        <Row>
          <StatusDot status={text(row.health) || 'unknown'} />
          <Link to={`/catalog/${row.id}`} className="min-w-0 flex-1 truncate text-link hover:underline">
            {text(row.name)}
          </Link>
          <span className="text-xs text-fg-muted">{text(row.type)}</span>
        </Row>
      );
    case 'incidents':
      return (
        <Row>
          <Link to={`/incidents/${row.id}`} className="min-w-0 flex-1 truncate text-link hover:underline">
            {text(row.incident_id)} {text(row.title)}
          </Link>
          <span className="text-xs text-fg-muted">
            {text(row.severity)} · {text(row.status)}
          </span>
        </Row>
      );
    case 'insights':
      return (
        <Row>
          <span className="min-w-0 flex-1 truncate">
            {text(row.summary) || text(row.message) || text(row.analyzer)}
          </span>
          <span className="text-xs text-fg-muted">
            {text(row.severity)} · {text(row.config_name)}
          </span>
        </Row>
      );
    case 'changes':
      return (
        <Row>
          <span className="w-28 shrink-0 text-xs text-fg-muted">{text(row.change_type)}</span>
          <span className="min-w-0 flex-1 truncate">{text(row.summary)}</span>
          <span className="text-xs text-fg-muted">{when(row.created_at)}</span>
        </Row>
      );
  }
}

function TabPanel({ tab, componentId }: { tab: ComponentTab; componentId: string }) {
  const rows = useComponentTab(tab, componentId);
  if (rows.isPending) return <Skeleton shape="rows" label={`Loading ${TAB_LABELS[tab].toLowerCase()}`} />;
  if (rows.isError) return <ErrorPanel error={rows.error} onRetry={() => rows.refetch()} />;
  if (rows.data.length === 0) return <EmptyState title={`No ${TAB_LABELS[tab].toLowerCase()}`} />;
  return (
    <ul className="divide-y divide-border rounded-md border border-border bg-surface" aria-label={TAB_LABELS[tab]}>
      {rows.data.map((row) => (
        <TabRowView key={`${row.id}`} tab={tab} row={row} />
      ))}
    </ul>
  );
}

/** The detail tabs of a component (checks, configs, incidents, insights, changes), the active one in the URL. */
export function ComponentTabs({ componentId }: { componentId: string }) {
  const [params, update] = useUrlParams();
  const asked = params.get('tab');
  const active: ComponentTab = TAB_IDS.find((tab) => tab === asked) ?? 'checks';
  return (
    <section className="flex flex-col gap-2">
      <Tabs
        label="Component details"
        tabs={TAB_IDS}
        active={active}
        onChange={(tab) => update({ tab })}
        labelOf={(tab) => TAB_LABELS[tab]}
      />
      <TabPanel tab={active} componentId={componentId} />
    </section>
  );
}
