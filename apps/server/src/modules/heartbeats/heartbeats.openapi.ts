import { heartbeatCallAnswerSchema, heartbeatStateSchema, heartbeatTokenSchema } from '@mc/contracts';
import { z } from 'zod';
import type { RouteDoc } from '../../platform/openapi/route-docs.js';

const callQuery = z.object({
  status: z.string().optional(),
  message: z.string().optional(),
  token: z.string().optional(),
});

/** The heartbeats API as `/api/openapi.json` describes it. */
export const HEARTBEATS_API: readonly RouteDoc[] = [
  {
    method: 'post',
    path: '/webhook/{token}',
    summary:
      "A heartbeat call: records a run of the token's webhook check (?status=fail reports a failure; a JSON body reaches test.expr as json). 404 for an unknown or revoked token, 429 past 60 calls a minute",
    query: callQuery,
    body: z.unknown(),
    bodyOptional: true,
    response: heartbeatCallAnswerSchema,
    errors: [404, 429],
  },
  {
    method: 'post',
    path: '/webhook',
    summary: 'A heartbeat call with the token in the Webhook-Token header (or ?token=)',
    query: callQuery,
    body: z.unknown(),
    bodyOptional: true,
    response: heartbeatCallAnswerSchema,
    errors: [404, 429],
  },
  {
    method: 'get',
    path: '/api/heartbeats/{checkId}',
    summary: 'Whether a webhook check has a live token, and when its last call came',
    response: heartbeatStateSchema,
  },
  {
    method: 'post',
    path: '/api/heartbeats/{checkId}/token',
    summary: 'Issue a new token for a webhook check (shown once; any earlier token stops working)',
    response: heartbeatTokenSchema,
    status: 201,
  },
  { method: 'delete', path: '/api/heartbeats/{checkId}/token', summary: "Revoke a webhook check's token", status: 204 },
];
