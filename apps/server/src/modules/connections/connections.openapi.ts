import {
  connectionInputSchema,
  connectionListSchema,
  connectionSchema,
  connectionTestResultSchema,
} from '@mc/contracts';
import { z } from 'zod';
import type { RouteDoc } from '../../platform/openapi/route-docs.js';

/** The connections API as `/api/openapi.json` describes it; secrets in answers are always masked. */
export const CONNECTIONS_API: readonly RouteDoc[] = [
  {
    method: 'get',
    path: '/api/connections',
    summary: 'Connections, secrets masked',
    query: z.object({ type: z.string().optional(), namespace: z.string().optional() }),
    response: connectionListSchema,
  },
  {
    method: 'get',
    path: '/api/connections/{id}',
    summary: 'One connection, secrets masked',
    response: connectionSchema,
  },
  {
    method: 'post',
    path: '/api/connections',
    summary: 'Create a connection; secrets are encrypted before they are stored',
    body: connectionInputSchema,
    response: connectionSchema,
    status: 201,
    errors: [409],
  },
  {
    method: 'put',
    path: '/api/connections/{id}',
    summary: 'Replace a connection; a masked secret keeps the stored one',
    body: connectionInputSchema,
    response: connectionSchema,
    errors: [409],
  },
  { method: 'delete', path: '/api/connections/{id}', summary: 'Delete a connection', status: 204 },
  {
    method: 'post',
    path: '/api/connection/test',
    summary: 'Test unsaved connection values (the form’s Test) against the remote system',
    body: connectionInputSchema,
    response: connectionTestResultSchema,
  },
  {
    method: 'post',
    path: '/api/connection/test/{id}',
    summary: 'Test a stored connection; with a body, the edited values (a masked secret is the stored one)',
    body: connectionInputSchema,
    bodyOptional: true,
    response: connectionTestResultSchema,
  },
];
