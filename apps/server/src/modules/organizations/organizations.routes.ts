import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Database } from '@mc/db';
import type { Context, MiddlewareHandler } from 'hono';
import { validator } from 'hono/validator';
import type { ZodType, z } from 'zod';
import type { Config } from '../../platform/config.js';
import { egressGuardFor } from '../../platform/egress/egress-guard-for.js';
import { AppError } from '../../platform/errors.js';
import { auditContext } from '../../platform/http-helpers.js';
import type { Logger } from '../../platform/logger.js';
import { documentRoutes } from '../../platform/openapi/route-docs.js';
import type { AppEnv } from '../../platform/request-context.js';
import { requireSignIn } from '../../platform/require-permission.js';
import { describeGuard } from '../../platform/route-permission.js';
import { proxyToBackend } from './org-backend-proxy.js';
import {
  createOrgBody,
  memberParam,
  ORGANIZATIONS_API,
  orgIdParam,
  putMemberBody,
  updateOrgBody,
} from './organizations.openapi.js';
import { organizationsService } from './organizations.service.js';
import { createSigner } from './signing-keys.js';

/**
 * Validates the request's `target` (a JSON body is read only when the request says `application/json`;
 * anything else is validated as `{}`); a value the schema refuses is a 400 naming the first problem.
 */
function valid<T extends ZodType, Target extends 'json' | 'param'>(target: Target, schema: T) {
  return validator(target, async (value): Promise<z.output<T>> => {
    const result = await schema.safeParseAsync(value);
    if (!result.success) throw new AppError('bad_request', result.error.issues[0]?.message ?? 'Bad request');
    return result.data;
  });
}

const PROXY_PREFIX = /^\/api\/organizations\/[^/]+\/proxy/;

/** The public JWKS: no sign-in, as the backends fetch it. */
const publicRoute: MiddlewareHandler<AppEnv> = describeGuard<MiddlewareHandler<AppEnv>>(async (_c, next) => next(), {
  public: true,
});

/**
 * The organisation service (MC_AUTH_MODE=hosted): organisations, members, tokens, the JWKS, the backend
 * status the console's provisioning screen reads, and the proxy of console calls to an organisation's
 * backend when the organisation is not direct (docs/hosted-mode.md). Documented here rather than from the
 * module's face, since only hosted mode serves them.
 */
export function registerOrganizationsRoutes(
  app: OpenAPIHono<AppEnv>,
  deps: { config: Config; database: Database; logger: Logger },
): void {
  const signer = createSigner(deps.database);
  const orgs = organizationsService({ ...deps, signer });
  const serviceUrlOf = (c: Context<AppEnv>) => deps.config.MC_PUBLIC_URL ?? new URL(c.req.url).origin;
  const guard = egressGuardFor(deps.database);
  const byId = valid('param', orgIdParam);
  documentRoutes(app, 'organizations', ORGANIZATIONS_API);

  app.get('/.well-known/jwks.json', publicRoute, async (c) => {
    c.header('Cache-Control', 'public, max-age=60');
    return c.json((await signer.jwks()) as { keys: Record<string, unknown>[] }, 200);
  });
  app.get('/api/organizations', requireSignIn(), async (c) => c.json(await orgs.list(c.var.actor), 200));
  app.post('/api/organizations', requireSignIn(), valid('json', createOrgBody), async (c) =>
    c.json(await orgs.create(auditContext(c), c.req.valid('json'), serviceUrlOf(c)), 201),
  );
  app.get('/api/organizations/:id', requireSignIn(), byId, async (c) =>
    c.json(await orgs.get(c.var.actor, c.req.valid('param').id), 200),
  );
  app.patch('/api/organizations/:id', requireSignIn(), byId, valid('json', updateOrgBody), async (c) =>
    c.json(await orgs.update(auditContext(c), c.req.valid('param').id, c.req.valid('json')), 200),
  );
  app.get('/api/organizations/:id/members', requireSignIn(), byId, async (c) =>
    c.json(await orgs.members(c.var.actor, c.req.valid('param').id), 200),
  );
  app.post('/api/organizations/:id/members', requireSignIn(), byId, valid('json', putMemberBody), async (c) =>
    c.json(await orgs.putMember(auditContext(c), c.req.valid('param').id, c.req.valid('json')), 200),
  );
  app.delete('/api/organizations/:id/members/:personId', requireSignIn(), valid('param', memberParam), async (c) => {
    const { id, personId } = c.req.valid('param');
    await orgs.removeMember(auditContext(c), id, personId);
    return c.body(null, 204);
  });
  app.post('/api/organizations/:id/token', requireSignIn(), byId, async (c) => {
    const { org, token, expires_at } = await orgs.exchange(c.var.actor, c.req.valid('param').id);
    c.header('Cache-Control', 'no-store');
    return c.json({ token, expires_at, backend_url: org.backend_url, direct: org.direct }, 200);
  });
  app.get('/api/organizations/:id/status', requireSignIn(), byId, async (c) =>
    c.json(await orgs.status(c.var.actor, c.req.valid('param').id), 200),
  );

  // Non-direct mode: the console's calls go through here with the service's session; each one checks
  // membership afresh and carries a fresh token to the backend.
  app.all('/api/organizations/:id/proxy/*', requireSignIn(), async (c) => {
    const id = c.req.param('id');
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError('not_found', 'Organisation not found');
    const org = await orgs.readyBackend(c.var.actor, id);
    const { token } = await orgs.token(c.var.actor, id);
    const incoming = new URL(c.req.url);
    const path = `${incoming.pathname.replace(PROXY_PREFIX, '')}${incoming.search}`;
    return proxyToBackend(deps.config, guard, org.backend_url, token, c.req, path);
  });
}
