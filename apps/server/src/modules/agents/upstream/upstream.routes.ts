import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../../platform/request-context.js';
import { describeGuard } from '../../../platform/route-permission.js';
import type { ModuleDeps } from '../../register-modules.js';
import { readJson } from '../../settings-views/http-helpers.js';
import type { AgentPrincipal } from './upstream.repo.js';
import { type AgentSighting, upstreamService } from './upstream.service.js';

/** Path prefix of the agent-facing API; public to the identity module's default deny, guarded here. */
export const UPSTREAM_PREFIX = '/api/upstream';

/** What the agent guard requires, as the API document states it. */
export const AGENT_TOKEN_PERMISSION = { description: 'an agent token (Authorization: Bearer mca_…)' } as const;

const agents = new WeakMap<Request, AgentPrincipal>();

function sighting(c: Context<AppEnv>): AgentSighting {
  return { version: c.req.header('x-agent-version'), hostname: c.req.header('x-agent-hostname') };
}

/** The agent of a request the guard let through. */
function agentOf(c: Context<AppEnv>): AgentPrincipal {
  const agent = agents.get(c.req.raw);
  if (!agent) throw new Error('agent guard missing on an upstream route');
  return agent;
}

/**
 * The agent-facing API (docs/agents.md): `GET /api/upstream/canaries` (the canaries assigned to the
 * calling agent; also its heartbeat) and `POST /api/upstream/push` (check results, idempotent per key).
 * Authenticated by the agent's own token, not a person's session.
 */
export function registerUpstreamRoutes(app: Hono<AppEnv>, deps: ModuleDeps): void {
  const upstream = upstreamService(deps.database);
  const requireAgent: MiddlewareHandler<AppEnv> = describeGuard(async (c, next) => {
    agents.set(c.req.raw, await upstream.authenticate(c.req.header('authorization')));
    await next();
  }, AGENT_TOKEN_PERMISSION);

  app.get(`${UPSTREAM_PREFIX}/canaries`, requireAgent, async (c) =>
    c.json(await upstream.canaries(agentOf(c), sighting(c))),
  );
  app.post(`${UPSTREAM_PREFIX}/push`, requireAgent, async (c) =>
    c.json(await upstream.push(agentOf(c), await readJson(c), sighting(c))),
  );
}
