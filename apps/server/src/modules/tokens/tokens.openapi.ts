import { apiTokenCreatedSchema, apiTokenListSchema, createTokenSchema } from '@mc/contracts';
import { z } from 'zod';
import type { RouteDoc } from '../../platform/openapi/route-docs.js';

/** The API token routes as `/api/openapi.json` describes them. */
export const TOKENS_API: readonly RouteDoc[] = [
  {
    method: 'post',
    path: '/api/auth/tokens',
    summary: 'Create an API token acting with the creator’s permissions; the secret is shown once',
    body: createTokenSchema,
    response: apiTokenCreatedSchema,
    status: 201,
  },
  {
    method: 'get',
    path: '/api/auth/tokens',
    summary: 'The caller’s live API tokens (never their secrets)',
    response: apiTokenListSchema,
  },
  {
    method: 'delete',
    path: '/api/auth/tokens/{id}',
    summary: 'Revoke one of the caller’s API tokens',
    params: z.object({ id: z.guid() }),
    status: 204,
  },
];
