import type { Hono } from 'hono';
import { auditContext, readJson } from '../../platform/http-helpers.js';
import type { ModuleDeps } from '../../platform/module-deps.js';
import type { AppEnv } from '../../platform/request-context.js';
import { requirePermission, requireSignIn } from '../../platform/require-permission.js';
import { propertiesService } from './properties.service.js';

/** Properties and feature flags by name (spec 000 §7 "/properties: GET, POST, PATCH, DELETE by name"). */
export function registerPropertiesRoutes(app: Hono<AppEnv>, deps: ModuleDeps): void {
  const properties = propertiesService(deps.database);

  app.get('/api/properties', requirePermission('feature_flags', 'read'), async (c) => c.json(await properties.list()));
  // Every signed-in console reads the flags to hide disabled features.
  app.get('/api/properties/feature-flags', requireSignIn(), async (c) =>
    c.json({ disabled: await properties.disabledFeatures() }),
  );
  app.get('/api/properties/:name{.+}', requirePermission('feature_flags', 'read'), async (c) =>
    c.json(await properties.get(c.req.param('name'))),
  );
  app.post('/api/properties', requirePermission('feature_flags', 'write'), async (c) =>
    c.json(await properties.create(await readJson(c), auditContext(c)), 201),
  );
  app.patch('/api/properties/:name{.+}', requirePermission('feature_flags', 'write'), async (c) =>
    c.json(await properties.update(c.req.param('name'), await readJson(c), auditContext(c))),
  );
  app.delete('/api/properties/:name{.+}', requirePermission('feature_flags', 'write'), async (c) => {
    await properties.remove(c.req.param('name'), auditContext(c));
    return c.body(null, 204);
  });
}
