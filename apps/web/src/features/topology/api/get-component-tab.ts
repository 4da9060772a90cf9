import type { DataApiRow, NamedRow } from '@mc/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api/client';
import { topologyKeys } from './keys';

/** The detail tabs and the data API view each reads (000 §7 *_by_component). */
export const COMPONENT_TABS = {
  checks: { view: 'checks_by_component', order: 'name.asc' },
  configs: { view: 'component_config_items', order: 'name.asc' },
  incidents: { view: 'incidents_by_component', order: 'created_at.desc' },
  insights: { view: 'analysis_by_component', order: 'last_observed.desc' },
  changes: { view: 'changes_by_component', order: 'created_at.desc' },
} as const;

/** One of the detail tabs. */
export type ComponentTab = keyof typeof COMPONENT_TABS;

/** Most rows a tab shows; the newest first where rows have a time. */
export const TAB_ROW_LIMIT = 100;

/** A row of a tab: each view has its own columns; the tab picks the ones it shows. */
export type TabRow = DataApiRow & Pick<NamedRow, 'id'>;

/** The rows of one detail tab of a component. */
export function useComponentTab(tab: ComponentTab, componentId: string) {
  const { view, order } = COMPONENT_TABS[tab];
  return useQuery({
    queryKey: topologyKeys.tab(tab, componentId),
    queryFn: ({ signal }) =>
      apiGet<TabRow[]>(`/api/db/${view}`, {
        signal,
        query: { component_id: `eq.${componentId}`, order, limit: TAB_ROW_LIMIT },
      }),
  });
}
