import type { Hono } from 'hono';
import { auditContext, readJson } from '../../platform/http-helpers.js';
import type { ModuleDeps } from '../../platform/module-deps.js';
import type { AppEnv } from '../../platform/request-context.js';
import { requirePermission } from '../../platform/require-permission.js';
import { agentsService } from './agents.service.js';
import { registerUpstreamRoutes } from './upstream/upstream.routes.js';

/**
 * Agents (spec 000 §7: /agents, /agents_summary, PATCH properties, soft delete with cleanup, POST /agent/generate)
 * and the agent-facing upstream API their processes call.
 */
export function registerAgentsRoutes(app: Hono<AppEnv>, deps: ModuleDeps): void {
  const agents = agentsService(deps.database);

  app.get('/api/agents', requirePermission('agents', 'read'), async (c) => c.json(await agents.list()));
  app.get('/api/agents/:id', requirePermission('agents', 'read'), async (c) =>
    c.json(await agents.get(c.req.param('id'))),
  );
  app.patch('/api/agents/:id', requirePermission('agents', 'write'), async (c) =>
    c.json(await agents.patch(c.req.param('id'), await readJson(c), auditContext(c))),
  );
  app.delete('/api/agents/:id', requirePermission('agents', 'write'), async (c) => {
    const cleanup = ['true', '1', 'yes'].includes(c.req.query('cleanup') ?? '');
    return c.json(await agents.remove(c.req.param('id'), cleanup, auditContext(c)));
  });
  app.post('/api/agent/generate', requirePermission('agents', 'write'), async (c) =>
    c.json(await agents.generate(await readJson(c), new URL(c.req.url).origin, auditContext(c)), 201),
  );
  registerUpstreamRoutes(app, deps);
}
