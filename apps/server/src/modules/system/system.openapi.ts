import { aboutSchema, livenessSchema, liveSchema, notReadySchema, readySchema } from '@mc/contracts';
import { z } from 'zod';
import type { RouteDoc } from '../../platform/openapi/route-docs.js';

/** The health, probe and version routes as `/api/openapi.json` describes them: public, for load balancers and the sign-in page. */
export const SYSTEM_API: readonly RouteDoc[] = [
  {
    method: 'get',
    path: '/health',
    summary: 'Liveness with a database round trip',
    permission: { public: true },
    response: liveSchema,
    answers: {
      503: {
        description: 'The database did not answer',
        body: z.object({ status: z.literal('error'), database: z.string(), message: z.string() }),
      },
    },
  },
  {
    method: 'get',
    path: '/livez',
    summary: 'Liveness probe: the process answers (no dependency is checked); also on MC_METRICS_ADDRESS',
    permission: { public: true },
    response: livenessSchema,
  },
  {
    method: 'get',
    path: '/readyz',
    summary: 'Readiness probe: migrations applied, database answering, not shutting down; also on MC_METRICS_ADDRESS',
    permission: { public: true },
    response: readySchema,
    answers: { 503: { description: 'Not ready; `failed` names each failing condition', body: notReadySchema } },
  },
  {
    method: 'get',
    path: '/api/about',
    summary: 'Server version, database engine and whether self-registration is open',
    permission: { public: true },
    response: aboutSchema,
  },
  {
    method: 'get',
    path: '/api/system/backup',
    summary:
      'Admins: a consistent gzip tarball of the running embedded database, as an attachment (restore it with npm run restore); 409 on PostgreSQL, which pg_dump backs up',
    errors: [409],
  },
];
