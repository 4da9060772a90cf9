import { personUpdatedSchema, roleUpdatedSchema, updatePersonSchema, updateRoleSchema } from '@mc/contracts';
import type { RouteDoc } from '../../platform/openapi/route-docs.js';

/** The people administration API as `/api/openapi.json` describes it. */
export const PEOPLE_API: readonly RouteDoc[] = [
  {
    method: 'post',
    path: '/api/rbac/{id}/update_role',
    summary: 'Give a person one role (not oneself; the last admin keeps the role)',
    body: updateRoleSchema,
    response: roleUpdatedSchema,
    errors: [409],
  },
  {
    method: 'post',
    path: '/api/people/update',
    summary:
      "Update a person as upstream's user form does: name (or firstName/lastName), avatar, role, active (not one's own role or state; the last admin keeps both; email only unchanged)",
    body: updatePersonSchema,
    response: personUpdatedSchema,
    errors: [404, 409],
  },
  {
    method: 'delete',
    path: '/api/people/{id}',
    summary: 'Delete a person (not oneself, not the last admin)',
    status: 204,
    errors: [409],
  },
];
