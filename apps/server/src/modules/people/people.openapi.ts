import { updateRoleSchema } from '@mc/contracts';
import { z } from 'zod';
import type { RouteDoc } from '../../platform/openapi/route-docs.js';

/** The people administration API as `/api/openapi.json` describes it. */
export const PEOPLE_API: readonly RouteDoc[] = [
  {
    method: 'post',
    path: '/api/rbac/{id}/update_role',
    summary: 'Give a person one role (not oneself; the last admin keeps the role)',
    body: updateRoleSchema,
    response: z.object({ id: z.string(), name: z.string(), roles: z.array(z.string()) }),
    errors: [409],
  },
  {
    method: 'delete',
    path: '/api/people/{id}',
    summary: 'Delete a person (not oneself, not the last admin)',
    status: 204,
    errors: [409],
  },
];
