import type { Hono } from 'hono';
import type { AppEnv } from '../../platform/request-context.js';
import type { ModuleDeps } from '../register-modules.js';
import { actorId, readJson } from '../settings-views/http-helpers.js';
import { connectionTestService } from './connection-test.service.js';
import { connectionsServiceFor } from './connections.service.js';

/**
 * Connections API (spec 000 §7, 001 §3). Writes go through here rather than the data API so secrets
 * are encrypted before they reach the database; answers carry masked secrets only.
 */
export function registerConnectionsRoutes(app: Hono<AppEnv>, deps: ModuleDeps): void {
  const connections = connectionsServiceFor(deps);
  const tests = connectionTestService(connections);

  // TODO(#3): requirePermission('connections', 'read')
  app.get('/api/connections', async (c) =>
    c.json(await connections.list({ type: c.req.query('type'), namespace: c.req.query('namespace') })),
  );
  // TODO(#3): requirePermission('connections', 'read')
  app.get('/api/connections/:id', async (c) => c.json(await connections.get(c.req.param('id'))));
  // TODO(#3): requirePermission('connections', 'write')
  app.post('/api/connections', async (c) => c.json(await connections.create(await readJson(c), actorId(c)), 201));
  // TODO(#3): requirePermission('connections', 'write')
  app.put('/api/connections/:id', async (c) => c.json(await connections.update(c.req.param('id'), await readJson(c))));
  // TODO(#3): requirePermission('connections', 'write')
  app.delete('/api/connections/:id', async (c) => {
    await connections.remove(c.req.param('id'));
    return c.body(null, 204);
  });
  // TODO(#3): requirePermission('connections', 'read')
  app.post('/api/connection/test/:id', async (c) => c.json(await tests.test(c.req.param('id'))));
}
