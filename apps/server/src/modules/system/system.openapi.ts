import { aboutSchema, liveSchema } from '@mc/contracts';
import { z } from 'zod';
import type { RouteDoc } from '../../platform/openapi/route-docs.js';

/** The liveness and version routes as `/api/openapi.json` describes them: public, for load balancers and the sign-in page. */
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
    path: '/api/about',
    summary: 'Server version, database engine and whether self-registration is open',
    permission: { public: true },
    response: aboutSchema,
  },
];
