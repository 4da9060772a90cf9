import { STALE_TIMES } from '@mc/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api/client';
import { isUuid } from '../../../lib/uuid';
import type { RelatedConfig } from './catalog-types';
import { catalogKeys } from './keys';

/** Related configs max depth (000 §9). */
export const RELATED_MAX_DEPTH = 10;

/** The depths the Relationships tab offers. */
export const RELATED_DEPTHS = Array.from({ length: RELATED_MAX_DEPTH }, (_, index) => index + 1);

/**
 * Which relationships the walk follows: all, hard ones only (from the source: scrapers, owner
 * references, and the parent tree) or soft ones only (manual links) — upstream's `incoming_relation`
 * and `outgoing_relation`.
 */
export type RelationKind = 'both' | 'hard' | 'soft';

/** Options of the Relationships tab. */
export interface RelatedParams {
  depth: number;
  includeDeleted: boolean;
  relation: RelationKind;
}

/**
 * The columns the Relationships tab reads (graph cards, list, layout). The function answers 24 per item
 * (upstream's tags, labels, costs, change and insight counts, timestamps, path…); asking only for these
 * keeps a namespace's graph at depth 10 at 108 KiB instead of 242 KiB (docs/catalog.md, benchmark).
 */
export const RELATED_SELECT = 'id,name,type,health,status,depth,direction,related_ids,deleted_at';

/**
 * `GET /api/db/rpc/related_configs_recursive` (000 §7) in both directions up to the chosen depth (at
 * most 10). The first row is the item itself (direction 'self'); every row lists in `related_ids`
 * the reached items it points to, which are the graph's edges.
 */
export function useRelatedConfigs(id: string, params: RelatedParams) {
  return useQuery({
    queryKey: catalogKeys.related(id, params),
    queryFn: ({ signal }) =>
      apiGet<RelatedConfig[]>('/api/db/rpc/related_configs_recursive', {
        signal,
        query: {
          select: RELATED_SELECT,
          config_id: id,
          type_filter: 'all',
          max_depth: params.depth,
          include_deleted_configs: params.includeDeleted,
          incoming_relation: params.relation,
          outgoing_relation: params.relation,
        },
      }),
    staleTime: STALE_TIMES.checkHistory,
    placeholderData: keepPreviousData,
    enabled: isUuid(id),
  });
}
