import { createTokenSchema } from '@mc/contracts';
import { z } from 'zod';
import type { RouteDoc } from '../../platform/openapi/route-docs.js';

/** An API token as the routes answer it (never its secret, except once on creation). */
export const tokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  created_at: z.string(),
});

/** The API token routes as `/api/openapi.json` describes them. */
export const TOKENS_API: readonly RouteDoc[] = [
  {
    method: 'post',
    path: '/api/auth/tokens',
    summary: 'Create an API token acting with the creator’s permissions; the secret is shown once',
    body: createTokenSchema,
    response: tokenSchema.extend({ token: z.string() }),
    status: 201,
  },
  {
    method: 'get',
    path: '/api/auth/tokens',
    summary: 'The caller’s live API tokens (never their secrets)',
    response: z.array(tokenSchema),
  },
  {
    method: 'delete',
    path: '/api/auth/tokens/{id}',
    summary: 'Revoke one of the caller’s API tokens',
    params: z.object({ id: z.guid() }),
    status: 204,
  },
];
