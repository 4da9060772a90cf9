import type { Hono } from 'hono';
import type { AppEnv } from '../../platform/request-context.js';
import type { ModuleDeps } from '../register-modules.js';
import { actorId, readJson } from '../settings-views/http-helpers.js';
import { agentsService } from './agents.service.js';

/** Agents (spec 000 §7: /agents, /agents_summary, PATCH properties, soft delete with cleanup, POST /agent/generate). */
export function registerAgentsRoutes(app: Hono<AppEnv>, deps: ModuleDeps): void {
  const agents = agentsService(deps.database);

  // TODO(#3): requirePermission('agents', 'read')
  app.get('/api/agents', async (c) => c.json(await agents.list()));
  // TODO(#3): requirePermission('agents', 'read')
  app.get('/api/agents/:id', async (c) => c.json(await agents.get(c.req.param('id'))));
  // TODO(#3): requirePermission('agents', 'write')
  app.patch('/api/agents/:id', async (c) => c.json(await agents.patch(c.req.param('id'), await readJson(c))));
  // TODO(#3): requirePermission('agents', 'write')
  app.delete('/api/agents/:id', async (c) => {
    const cleanup = ['true', '1', 'yes'].includes(c.req.query('cleanup') ?? '');
    return c.json(await agents.remove(c.req.param('id'), cleanup));
  });
  // TODO(#3): requirePermission('agents', 'write')
  app.post('/api/agent/generate', async (c) =>
    c.json(await agents.generate(await readJson(c), new URL(c.req.url).origin, actorId(c)), 201),
  );
}
