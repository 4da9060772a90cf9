import type { Context, Hono, MiddlewareHandler } from 'hono';
import { AppError } from '../../../platform/errors.js';
import { readJson } from '../../../platform/http-helpers.js';
import type { ModuleDeps } from '../../../platform/module-deps.js';
import type { AppEnv } from '../../../platform/request-context.js';
import { describeGuard } from '../../../platform/route-permission.js';
import { agentLogRelay } from '../../logs/index.js';
import { type AgentWorkKind, agentWorkWaits } from './agent-work-waits.js';
import type { AgentPrincipal } from './upstream.repo.js';
import { type AgentSighting, upstreamService } from './upstream.service.js';
import { upstreamScrapesService } from './upstream-scrapes.service.js';

/** Path prefix of the agent-facing API; public to the identity module's default deny, guarded here. */
export const UPSTREAM_PREFIX = '/api/upstream';

/** What the agent guard requires, as the API document states it. */
export const AGENT_TOKEN_PERMISSION = { description: 'an agent token (Authorization: Bearer mca_…)' } as const;

const agents = new WeakMap<Request, AgentPrincipal>();

function sighting(c: Context<AppEnv>): AgentSighting {
  return { version: c.req.header('x-agent-version'), hostname: c.req.header('x-agent-hostname') };
}

/** The `wait` of a poll (seconds the upstream may hold it); absent or not a whole number: 0, a plain poll. */
function waitOf(c: Context<AppEnv>): number {
  const wait = c.req.query('wait');
  return wait && /^\d{1,4}$/.test(wait) ? Number(wait) : 0;
}

/** Aborts when a held poll's agent closes its connection (only read for held polls: it builds the web Request). */
function goneOf(c: Context<AppEnv>): AbortSignal | undefined {
  return waitOf(c) > 0 ? c.req.raw.signal : undefined;
}

/** The agent of a request the guard let through. */
function agentOf(c: Context<AppEnv>): AgentPrincipal {
  const agent = agents.get(c.req.raw);
  if (!agent) throw new Error('agent guard missing on an upstream route');
  return agent;
}

/**
 * The agent-facing API (docs/agents.md): `GET /api/upstream/canaries` (the canaries assigned to the
 * calling agent; also its heartbeat), `POST /api/upstream/push` (check results, idempotent per key),
 * `GET /api/upstream/scrapers` and `POST /api/upstream/scrapes` (catalog scrapers it runs and their
 * runs, idempotent per key), and `GET /api/upstream/log-queries` with
 * `POST /api/upstream/log-queries/{id}/answer` (log searches relayed to it), and
 * `GET /api/upstream/run-requests` (Run Now of its multi-location checks); both polls are held up to
 * `?wait=` seconds while nothing is queued (agent-work-waits.ts). Authenticated by the agent's own
 * token, not a person's session.
 */
export function registerUpstreamRoutes(app: Hono<AppEnv>, deps: ModuleDeps): void {
  const upstream = upstreamService(deps.database);
  const scrapes = upstreamScrapesService(deps.database);
  const relay = agentLogRelay(deps.database);
  const waits = agentWorkWaits(deps.database, deps.logger, deps.lifecycle);
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
  app.get(`${UPSTREAM_PREFIX}/scrapers`, requireAgent, async (c) => c.json(await scrapes.scrapers(agentOf(c))));
  app.post(`${UPSTREAM_PREFIX}/scrapes`, requireAgent, async (c) =>
    c.json(await scrapes.push(agentOf(c), await readJson(c))),
  );
  /**
   * A poll for work, held up to its `wait`. Each claim after the first checks the token again, so an agent
   * deleted or given a new token while its poll was held gets a 401, not work.
   */
  const held = <T>(c: Context<AppEnv>, kind: AgentWorkKind, claim: (agent: AgentPrincipal) => Promise<T[]>) => {
    const agent = agentOf(c);
    let first = true;
    const checkedClaim = async () => {
      if (!first && (await upstream.authenticate(c.req.header('authorization'))).id !== agent.id) {
        throw new AppError('unauthorized', 'A valid agent token is required (Authorization: Bearer mca_…)');
      }
      first = false;
      return claim(agent);
    };
    return waits.hold(agent.id, kind, waitOf(c), checkedClaim, goneOf(c));
  };
  app.get(`${UPSTREAM_PREFIX}/log-queries`, requireAgent, async (c) =>
    c.json(await held(c, 'log', (agent) => relay.claim(agent.id))),
  );
  app.get(`${UPSTREAM_PREFIX}/run-requests`, requireAgent, async (c) =>
    c.json(await held(c, 'run', (agent) => upstream.runRequests(agent))),
  );
  app.post(`${UPSTREAM_PREFIX}/log-queries/:id/answer`, requireAgent, async (c) => {
    await relay.answer(agentOf(c).id, c.req.param('id'), await readJson(c));
    return c.json({ answered: true });
  });
}
