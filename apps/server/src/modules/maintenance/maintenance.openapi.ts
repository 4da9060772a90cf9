import {
  maintenanceBodySchema,
  maintenanceIntervalsSchema,
  maintenanceListSchema,
  maintenanceWindowSchema,
} from '@mc/contracts';
import { z } from 'zod';
import type { RouteDoc } from '../../platform/openapi/route-docs.js';

/** The maintenance API as `/api/openapi.json` describes it. */
export const MAINTENANCE_API: readonly RouteDoc[] = [
  {
    method: 'get',
    path: '/api/maintenance/intervals',
    summary: 'The spans a check or component is in maintenance over [from, to) (at most 366 days)',
    query: z.object({
      check_id: z.string().optional(),
      component_id: z.string().optional(),
      from: z.string(),
      to: z.string(),
    }),
    response: maintenanceIntervalsSchema,
  },
  {
    method: 'get',
    path: '/api/maintenance',
    summary: 'Maintenance windows, newest first, each with its current and next occurrences',
    query: z.object({ page: z.string().optional() }),
    response: maintenanceListSchema,
  },
  {
    method: 'post',
    path: '/api/maintenance',
    summary: 'Create a one-off or recurring (RRULE) maintenance window',
    body: maintenanceBodySchema,
    response: maintenanceWindowSchema,
    status: 201,
  },
  {
    method: 'get',
    path: '/api/maintenance/{id}',
    summary: 'One maintenance window',
    response: maintenanceWindowSchema,
  },
  {
    method: 'patch',
    path: '/api/maintenance/{id}',
    summary: 'Change some fields of a maintenance window',
    body: z.record(z.string(), z.unknown()),
    response: maintenanceWindowSchema,
  },
  { method: 'delete', path: '/api/maintenance/{id}', summary: 'Soft-delete a maintenance window', status: 204 },
];
