import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { Database } from '@mc/db';
import type { Context } from 'hono';
import type { Config } from '../../platform/config.js';
import { egressGuardFor } from '../../platform/egress/egress-guard-for.js';
import { AppError } from '../../platform/errors.js';
import type { Logger } from '../../platform/logger.js';
import type { AppEnv } from '../../platform/request-context.js';
import { requireSignIn } from '../../platform/require-permission.js';
import { describeGuard } from '../../platform/route-permission.js';
import { backendStatus, proxyToBackend } from './org-backend-proxy.js';
import { PROVISIONING_MESSAGE } from './org-rules.js';
import { findPersonProfile, ORG_ROLES } from './organizations.repo.js';
import { organizationsService } from './organizations.service.js';
import { createSigner } from './signing-keys.js';

const errorSchema = z.object({ code: z.string(), message: z.string() });
const orgSchema = z.object({
  id: z.string(),
  name: z.string(),
  backend_url: z.string().nullable(),
  instance_finished: z.boolean(),
  direct: z.boolean(),
  role: z.enum(ORG_ROLES),
  created_at: z.string(),
});
const memberSchema = z.object({
  person_id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  role: z.enum(ORG_ROLES),
});
const idParam = z.object({ id: z.guid() });
const errors = {
  400: { description: 'Bad input', content: { 'application/json': { schema: errorSchema } } },
  401: { description: 'Not signed in', content: { 'application/json': { schema: errorSchema } } },
  403: { description: 'Not allowed', content: { 'application/json': { schema: errorSchema } } },
  404: {
    description: 'Not a member or no such organisation',
    content: { 'application/json': { schema: errorSchema } },
  },
} as const;
const json = <T extends z.ZodType>(schema: T) => ({ content: { 'application/json': { schema } }, required: true });

const listRoute = createRoute({
  method: 'get',
  path: '/api/organizations',
  summary: 'The organisations the caller belongs to, with their role',
  middleware: [requireSignIn()] as const,
  responses: {
    200: { description: 'Organisations', content: { 'application/json': { schema: z.array(orgSchema) } } },
    ...errors,
  },
});
const createOrgRoute = createRoute({
  method: 'post',
  path: '/api/organizations',
  summary: 'Create an organisation (the caller becomes its owner) and start its provisioning hook',
  middleware: [requireSignIn()] as const,
  request: {
    body: json(
      z.object({
        name: z.string().trim().min(1, 'name must not be empty').max(100, 'name must be at most 100 characters'),
        backend_url: z.unknown().optional(),
        direct: z.unknown().optional(),
        instance_finished: z.unknown().optional(),
      }),
    ),
  },
  responses: { 201: { description: 'Created', content: { 'application/json': { schema: orgSchema } } }, ...errors },
});
const getRoute = createRoute({
  method: 'get',
  path: '/api/organizations/{id}',
  summary: 'One of the caller’s organisations',
  middleware: [requireSignIn()] as const,
  request: { params: idParam },
  responses: {
    200: { description: 'Organisation', content: { 'application/json': { schema: orgSchema } } },
    ...errors,
  },
});
const updateRoute = createRoute({
  method: 'patch',
  path: '/api/organizations/{id}',
  summary: 'Change an organisation’s name or metadata (owners and admins)',
  middleware: [requireSignIn()] as const,
  request: {
    params: idParam,
    body: json(
      z.object({
        name: z.unknown().optional(),
        backend_url: z.unknown().optional(),
        direct: z.unknown().optional(),
        instance_finished: z.unknown().optional(),
      }),
    ),
  },
  responses: { 200: { description: 'Changed', content: { 'application/json': { schema: orgSchema } } }, ...errors },
});
const membersRoute = createRoute({
  method: 'get',
  path: '/api/organizations/{id}/members',
  summary: 'The members of one of the caller’s organisations',
  middleware: [requireSignIn()] as const,
  request: { params: idParam },
  responses: {
    200: { description: 'Members', content: { 'application/json': { schema: z.array(memberSchema) } } },
    ...errors,
  },
});
const putMemberRoute = createRoute({
  method: 'post',
  path: '/api/organizations/{id}/members',
  summary: 'Add a person by email or change a member’s role (owners and admins)',
  middleware: [requireSignIn()] as const,
  request: {
    params: idParam,
    body: json(z.object({ email: z.email({ message: 'email must be an email address' }), role: z.unknown() })),
  },
  responses: {
    200: { description: 'Members', content: { 'application/json': { schema: z.array(memberSchema) } } },
    ...errors,
  },
});
const removeMemberRoute = createRoute({
  method: 'delete',
  path: '/api/organizations/{id}/members/{personId}',
  summary: 'Remove a member (owners and admins; anyone may leave)',
  middleware: [requireSignIn()] as const,
  request: { params: z.object({ id: z.guid(), personId: z.guid() }) },
  responses: { 204: { description: 'Removed' }, ...errors },
});
const tokenRoute = createRoute({
  method: 'post',
  path: '/api/organizations/{id}/token',
  summary: 'A short-lived token for the organisation’s backend (direct mode)',
  middleware: [requireSignIn()] as const,
  request: { params: idParam },
  responses: {
    200: {
      description: 'Token',
      content: {
        'application/json': {
          schema: z.object({
            token: z.string(),
            expires_at: z.string(),
            backend_url: z.string().nullable(),
            direct: z.boolean(),
          }),
        },
      },
    },
    ...errors,
  },
});
const statusRoute = createRoute({
  method: 'get',
  path: '/api/organizations/{id}/status',
  summary: 'Whether the organisation’s backend is ready (spec 000 §8: provisioning, ready or error)',
  middleware: [requireSignIn()] as const,
  request: { params: idParam },
  responses: {
    200: {
      description: 'Status',
      content: {
        'application/json': {
          schema: z.object({
            state: z.enum(['provisioning', 'ready', 'error']),
            message: z.string().nullable(),
          }),
        },
      },
    },
    ...errors,
  },
});
const jwksRoute = createRoute({
  method: 'get',
  path: '/.well-known/jwks.json',
  summary: 'The public keys organisation backends verify this service’s tokens with',
  middleware: [describeGuard(async (_c, next) => next(), { public: true })] as const,
  responses: {
    200: {
      description: 'JSON Web Key Set',
      content: { 'application/json': { schema: z.object({ keys: z.array(z.record(z.string(), z.unknown())) }) } },
    },
  },
});

/** A request the route's schema refuses is a 400 naming the first problem (thrown to the error handler). */
const badRequest = (result: { success: boolean; error?: { issues: { message: string }[] } }): undefined => {
  if (!result.success) throw new AppError('bad_request', result.error?.issues[0]?.message ?? 'Bad request');
  return undefined;
};

const PROXY_PREFIX = /^\/api\/organizations\/[^/]+\/proxy/;

/**
 * The organisation service (MC_AUTH_MODE=hosted): organisations, members, tokens, the JWKS, the backend
 * status the console's provisioning screen reads, and the proxy of console calls to an organisation's
 * backend when the organisation is not direct (docs/hosted-mode.md).
 */
export function registerOrganizationsRoutes(
  app: OpenAPIHono<AppEnv>,
  deps: { config: Config; database: Database; logger: Logger },
): void {
  const signer = createSigner(deps.database);
  const orgs = organizationsService({ ...deps, signer });
  const serviceUrlOf = (c: Context<AppEnv>) => deps.config.MC_PUBLIC_URL ?? new URL(c.req.url).origin;
  const audit = (c: Context<AppEnv>) => ({ actor: c.var.actor, requestId: c.var.requestId });
  const guard = egressGuardFor(deps.database);
  const profileOf = async (c: Context<AppEnv>) => {
    const actor = c.var.actor;
    return actor.kind === 'person' ? findPersonProfile(deps.database.db, actor.id) : { name: '', email: null };
  };
  const tokenFor = async (c: Context<AppEnv>, orgId: string) => orgs.token(c.var.actor, orgId, await profileOf(c));

  app.openapi(jwksRoute, async (c) => {
    c.header('Cache-Control', 'public, max-age=60');
    return c.json((await signer.jwks()) as { keys: Record<string, unknown>[] }, 200);
  });
  app.openapi(listRoute, async (c) => c.json(await orgs.list(c.var.actor), 200));
  app.openapi(
    createOrgRoute,
    async (c) => c.json(await orgs.create(audit(c), c.req.valid('json'), serviceUrlOf(c)), 201),
    badRequest,
  );
  app.openapi(getRoute, async (c) => c.json(await orgs.get(c.var.actor, c.req.valid('param').id), 200), badRequest);
  app.openapi(
    updateRoute,
    async (c) => c.json(await orgs.update(audit(c), c.req.valid('param').id, c.req.valid('json')), 200),
    badRequest,
  );
  app.openapi(
    membersRoute,
    async (c) => c.json(await orgs.members(c.var.actor, c.req.valid('param').id), 200),
    badRequest,
  );
  app.openapi(
    putMemberRoute,
    async (c) => c.json(await orgs.putMember(audit(c), c.req.valid('param').id, c.req.valid('json')), 200),
    badRequest,
  );
  app.openapi(
    removeMemberRoute,
    async (c) => {
      const { id, personId } = c.req.valid('param');
      await orgs.removeMember(audit(c), id, personId);
      return c.body(null, 204);
    },
    badRequest,
  );
  app.openapi(
    tokenRoute,
    async (c) => {
      const { org, token, expires_at } = await orgs.exchange(c.var.actor, c.req.valid('param').id, await profileOf(c));
      c.header('Cache-Control', 'no-store');
      return c.json({ token, expires_at, backend_url: org.backend_url, direct: org.direct }, 200);
    },
    badRequest,
  );
  app.openapi(
    statusRoute,
    async (c) => {
      const id = c.req.valid('param').id;
      const org = await orgs.get(c.var.actor, id);
      if (!org.backend_url || !org.instance_finished)
        return c.json({ state: 'provisioning' as const, message: PROVISIONING_MESSAGE }, 200);
      const { token } = await tokenFor(c, id);
      return c.json(await backendStatus(deps.config, guard, org.backend_url, token), 200);
    },
    badRequest,
  );

  // Non-direct mode: the console's calls go through here with the service's session; each one checks
  // membership afresh and carries a fresh token to the backend.
  app.all('/api/organizations/:id/proxy/*', requireSignIn(), async (c) => {
    const id = c.req.param('id');
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError('not_found', 'Organisation not found');
    const org = await orgs.readyBackend(c.var.actor, id);
    const { token } = await tokenFor(c, id);
    const incoming = new URL(c.req.url);
    const path = `${incoming.pathname.replace(PROXY_PREFIX, '')}${incoming.search}`;
    return proxyToBackend(deps.config, guard, org.backend_url, token, c.req, path);
  });
}
