import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { createTokenSchema } from '@mc/contracts';
import type { Database } from '@mc/db';
import { AppError } from '../../platform/errors.js';
import type { AppEnv } from '../../platform/request-context.js';
import { requireSignIn } from '../../platform/require-permission.js';
import { listTokens } from './tokens.repo.js';
import { tokensService } from './tokens.service.js';

/** Prefix of API tokens (the authentication middleware tells them from session tokens by it). */
const errorSchema = z.object({ code: z.string(), message: z.string() });
const tokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  created_at: z.string(),
});
type TokenOut = z.infer<typeof tokenSchema>;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

const personOf = (actor: AppEnv['Variables']['actor']): string => {
  if (actor.kind !== 'person') throw new AppError('forbidden', 'Only a person can hold API tokens');
  if (actor.via === 'token') throw new AppError('forbidden', 'API tokens cannot manage API tokens; sign in instead');
  return actor.id;
};

const createTokenRoute = createRoute({
  method: 'post',
  path: '/api/auth/tokens',
  summary: 'Create an API token acting with the creator’s permissions; the secret is shown once',
  middleware: [requireSignIn()] as const,
  request: { body: { content: { 'application/json': { schema: createTokenSchema } }, required: true } },
  responses: {
    201: {
      description: 'Created',
      content: { 'application/json': { schema: tokenSchema.extend({ token: z.string() }) } },
    },
    400: { description: 'Bad input', content: { 'application/json': { schema: errorSchema } } },
    401: { description: 'Not signed in', content: { 'application/json': { schema: errorSchema } } },
  },
});
const listTokensRoute = createRoute({
  method: 'get',
  path: '/api/auth/tokens',
  summary: 'The caller’s live API tokens (never their secrets)',
  middleware: [requireSignIn()] as const,
  responses: {
    200: { description: 'Tokens', content: { 'application/json': { schema: z.array(tokenSchema) } } },
    401: { description: 'Not signed in', content: { 'application/json': { schema: errorSchema } } },
  },
});
const revokeTokenRoute = createRoute({
  method: 'delete',
  path: '/api/auth/tokens/{id}',
  summary: 'Revoke one of the caller’s API tokens',
  middleware: [requireSignIn()] as const,
  request: { params: z.object({ id: z.guid() }) },
  responses: {
    204: { description: 'Revoked' },
    401: { description: 'Not signed in', content: { 'application/json': { schema: errorSchema } } },
    404: { description: 'No such token', content: { 'application/json': { schema: errorSchema } } },
  },
});

/** API tokens for scripts and agents: create, list, revoke; each acts as its creator (issue 3 §8). */
export function registerTokenRoutes(app: OpenAPIHono<AppEnv>, deps: { database: Database }): void {
  const tokens = tokensService(deps.database);
  app.openapi(
    createTokenRoute,
    async (c) => {
      const { row, secret } = await tokens.create(personOf(c.var.actor), c.req.valid('json'), {
        actor: c.var.actor,
        requestId: c.var.requestId,
      });
      const out: TokenOut = {
        id: row.id,
        name: row.name,
        expires_at: iso(row.expires_at),
        last_used_at: null,
        created_at: iso(row.created_at) as string,
      };
      return c.json({ ...out, token: secret }, 201);
    },
    (result, c) =>
      result.success
        ? undefined
        : c.json({ code: 'bad_request', message: result.error.issues[0]?.message ?? 'Bad request' }, 400),
  );
  app.openapi(listTokensRoute, async (c) => {
    const rows = await listTokens(deps.database.db, personOf(c.var.actor));
    return c.json(
      rows.map((r) => ({
        id: r.id,
        name: r.name,
        expires_at: iso(r.expires_at),
        last_used_at: iso(r.last_used_at),
        created_at: iso(r.created_at) as string,
      })),
      200,
    );
  });
  app.openapi(
    revokeTokenRoute,
    async (c) => {
      await tokens.revoke(personOf(c.var.actor), c.req.valid('param').id, {
        actor: c.var.actor,
        requestId: c.var.requestId,
      });
      return c.body(null, 204);
    },
    (result, c) => (result.success ? undefined : c.json({ code: 'not_found', message: 'No such API token' }, 404)),
  );
}
