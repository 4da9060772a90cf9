import { permissionInputSchema, permissionPageSchema, permissionSummarySchema } from '@mc/contracts';
import { z } from 'zod';
import type { RouteDoc } from '../../platform/openapi/route-docs.js';

/** The permissions API as `/api/openapi.json` describes it. */
export const PERMISSIONS_API: readonly RouteDoc[] = [
  {
    method: 'get',
    path: '/api/permissions',
    summary: 'Permission rows, paged, optionally of one person',
    query: z.object({
      pageIndex: z.coerce.number().int().min(0).optional(),
      pageSize: z.coerce.number().int().min(1).optional(),
      person_id: z.guid().optional(),
    }),
    response: permissionPageSchema,
  },
  {
    method: 'post',
    path: '/api/permissions',
    summary: 'Add a permission row (one subject, one resource)',
    body: permissionInputSchema,
    response: permissionSummarySchema,
    status: 201,
  },
  {
    method: 'patch',
    path: '/api/permissions/{id}',
    summary: 'Change a permission row',
    body: permissionInputSchema,
    response: permissionSummarySchema,
  },
  { method: 'delete', path: '/api/permissions/{id}', summary: 'Delete a permission row', status: 204 },
];
