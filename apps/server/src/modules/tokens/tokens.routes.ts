import { type ApiToken, createTokenSchema } from '@mc/contracts';
import type { Database } from '@mc/db';
import type { Hono } from 'hono';
import { validator } from 'hono/validator';
import { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import { auditContext } from '../../platform/http-helpers.js';
import type { AppEnv } from '../../platform/request-context.js';
import { requireSignIn } from '../../platform/require-permission.js';
import { type TokenRow, tokensService } from './tokens.service.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const idParam = z.object({ id: z.guid() });

const personOf = (actor: AppEnv['Variables']['actor']): string => {
  if (actor.kind !== 'person') throw new AppError('forbidden', 'Only a person can hold API tokens');
  if (actor.via === 'token') throw new AppError('forbidden', 'API tokens cannot manage API tokens; sign in instead');
  return actor.id;
};

const tokenOut = (row: TokenRow): ApiToken => ({
  id: row.id,
  name: row.name,
  expires_at: iso(row.expires_at),
  last_used_at: iso(row.last_used_at),
  created_at: iso(row.created_at) as string, // created_at is NOT NULL
});

/**
 * The create body: a JSON body is read only when the request says `application/json` (anything else
 * is validated as `{}`); the first problem is the 400's message.
 */
const createBody = validator('json', async (value, c) => {
  const result = await createTokenSchema.safeParseAsync(value);
  if (!result.success)
    return c.json({ code: 'bad_request', message: result.error.issues[0]?.message ?? 'Bad request' }, 400);
  return result.data;
});

/** The token id of the path; an id that is not a UUID names no token (404). */
const revokeParam = validator('param', async (value, c) => {
  const result = await idParam.safeParseAsync(value);
  if (!result.success) return c.json({ code: 'not_found', message: 'No such API token' }, 404);
  return result.data;
});

/** API tokens for scripts and agents: create, list, revoke; each acts as its creator (issue 3 §8). */
export function registerTokenRoutes(app: Hono<AppEnv>, deps: { database: Database }): void {
  const tokens = tokensService(deps.database);
  app.post('/api/auth/tokens', requireSignIn(), createBody, async (c) => {
    const { row, secret } = await tokens.create(personOf(c.var.actor), c.req.valid('json'), auditContext(c));
    return c.json({ ...tokenOut(row), last_used_at: null, token: secret }, 201);
  });
  app.get('/api/auth/tokens', requireSignIn(), async (c) =>
    c.json((await tokens.list(personOf(c.var.actor))).map(tokenOut), 200),
  );
  app.delete('/api/auth/tokens/:id', requireSignIn(), revokeParam, async (c) => {
    await tokens.revoke(personOf(c.var.actor), c.req.valid('param').id, auditContext(c));
    return c.body(null, 204);
  });
}
