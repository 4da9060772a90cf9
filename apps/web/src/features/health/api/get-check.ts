import {
  type CheckComponentRelationshipRow,
  type CheckConfigRelationshipRow,
  type CheckGraph as CheckGraphAnswer,
  type CheckRelatedResource,
  type CheckRow,
  GRAPH_FETCH_COUNT,
  STALE_TIMES,
} from '@mc/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api/client';
import { fetchChecksSummary } from './get-checks-summary';
import { healthKeys } from './keys';

/** One status bucket of the graph answer. */
export type GraphPoint = CheckGraphAnswer['status'][number];

/** GET /api/canary/api/graph: buckets, uptime and latency of one check over a window. */
export type CheckGraph = Pick<CheckGraphAnswer, 'status' | 'latency' | 'uptime'>;

/** The check row of the summary over the chosen window (header, severity, runs); undefined when it is gone. */
export function useCheck(id: string, window: string) {
  return useQuery({
    queryKey: healthKeys.check(id, window),
    queryFn: async ({ signal }) => (await fetchChecksSummary({ start: window, checkID: id }, signal))[0] ?? null,
    placeholderData: keepPreviousData,
    enabled: id !== '',
  });
}

/** The graph of one check over the window: the chart and the Uptime and Latency cards. */
export function useCheckGraph(id: string, window: string) {
  return useQuery({
    queryKey: healthKeys.graph(id, window),
    queryFn: ({ signal }) =>
      apiGet<CheckGraph>('/api/canary/api/graph', {
        signal,
        query: { check: id, start: window, count: String(GRAPH_FETCH_COUNT) },
      }),
    placeholderData: keepPreviousData,
    enabled: id !== '',
  });
}

/** The check's spec, as stored (Spec tab). */
export function useCheckSpec(id: string) {
  return useQuery({
    queryKey: healthKeys.spec(id),
    queryFn: async ({ signal }) => {
      const rows = await apiGet<Array<Pick<CheckRow, 'spec'>>>('/api/db/checks', {
        signal,
        query: { id: `eq.${id}`, select: 'spec' },
      });
      return rows[0]?.spec ?? null;
    },
    staleTime: STALE_TIMES.default,
    enabled: id !== '',
  });
}

/** A component or config item the check is related to. */
export type RelatedResource = CheckRelatedResource;

/** Components and configs related to the check (Relationships tab, 000 §2). */
export type CheckRelationships = Record<'components' | 'configs', RelatedResource[]>;

/** Reads the check's live component and config relationships through the data API. */
export function useCheckRelationships(id: string) {
  return useQuery({
    queryKey: healthKeys.relationships(id),
    queryFn: async ({ signal }): Promise<CheckRelationships> => {
      const [components, configs] = await Promise.all([
        apiGet<Array<Pick<CheckComponentRelationshipRow, 'components'>>>('/api/db/check_component_relationships', {
          signal,
          query: {
            check_id: `eq.${id}`,
            deleted_at: 'is.null',
            select: 'components(id,name,type,icon,status)',
          },
        }),
        apiGet<Array<Pick<CheckConfigRelationshipRow, 'config_items'>>>('/api/db/check_config_relationships', {
          signal,
          query: { check_id: `eq.${id}`, deleted_at: 'is.null', select: 'config_items(id,name,type,health)' },
        }),
      ]);
      return {
        components: components.flatMap((row) => (row.components ? [row.components] : [])),
        configs: configs.flatMap((row) =>
          row.config_items ? [{ ...row.config_items, status: row.config_items.health }] : [],
        ),
      };
    },
    staleTime: STALE_TIMES.default,
    enabled: id !== '',
  });
}
