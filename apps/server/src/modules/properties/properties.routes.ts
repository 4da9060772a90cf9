import type { Hono } from 'hono';
import type { AppEnv } from '../../platform/request-context.js';
import type { ModuleDeps } from '../register-modules.js';
import { actorId, readJson } from '../settings-views/http-helpers.js';
import { propertiesService } from './properties.service.js';

/** Properties and feature flags by name (spec 000 §7 "/properties: GET, POST, PATCH, DELETE by name"). */
export function registerPropertiesRoutes(app: Hono<AppEnv>, deps: ModuleDeps): void {
  const properties = propertiesService(deps.database);

  // TODO(#3): requirePermission('feature_flags', 'read')
  app.get('/api/properties', async (c) => c.json(await properties.list()));
  // Every signed-in console reads the flags to hide disabled features.
  app.get('/api/properties/feature-flags', async (c) => c.json({ disabled: await properties.disabledFeatures() }));
  // TODO(#3): requirePermission('feature_flags', 'read')
  app.get('/api/properties/:name{.+}', async (c) => c.json(await properties.get(c.req.param('name'))));
  // TODO(#3): requirePermission('feature_flags', 'write')
  app.post('/api/properties', async (c) => c.json(await properties.create(await readJson(c), actorId(c)), 201));
  // TODO(#3): requirePermission('feature_flags', 'write')
  app.patch('/api/properties/:name{.+}', async (c) =>
    c.json(await properties.update(c.req.param('name'), await readJson(c))),
  );
  // TODO(#3): requirePermission('feature_flags', 'write')
  app.delete('/api/properties/:name{.+}', async (c) => {
    await properties.remove(c.req.param('name'));
    return c.body(null, 204);
  });
}
