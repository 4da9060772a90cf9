import {
  catalogChangesRequestSchema,
  catalogChangesResponseSchema,
  catalogLinkSchema,
  catalogSummaryRequestSchema,
  catalogSummaryResponseSchema,
  configRelationshipSchema,
} from '@mc/contracts';
import type { RouteDoc } from '../../../platform/openapi/route-docs.js';

/** The catalog query API as `/api/openapi.json` describes it, with the schemas its services parse with. */
export const CATALOG_QUERY_API: readonly RouteDoc[] = [
  {
    method: 'post',
    path: '/api/catalog/summary',
    summary: 'Items per type (or tag): counts, health, changes over a window and open insights, under filters',
    body: catalogSummaryRequestSchema,
    bodyOptional: true,
    response: catalogSummaryResponseSchema,
  },
  {
    method: 'get',
    path: '/api/config/query',
    summary: 'Refused by design (always 400): upstream ran caller-written SQL here; read /api/db/config_items instead',
    errors: [400],
  },
  {
    method: 'post',
    path: '/api/catalog/changes',
    summary: 'Search changes by item (recursively up to depth 5), type, severity, window and tags; paged',
    body: catalogChangesRequestSchema,
    bodyOptional: true,
    response: catalogChangesResponseSchema,
  },
  {
    method: 'post',
    path: '/api/catalog/{id}/relationships',
    summary: 'Link the item to another by hand (a soft relationship)',
    body: catalogLinkSchema,
    response: configRelationshipSchema,
    status: 201,
  },
  {
    method: 'delete',
    path: '/api/catalog/{id}/relationships/{related_id}',
    summary: 'Remove a relationship linked by hand',
    status: 204,
    errors: [409],
  },
];
