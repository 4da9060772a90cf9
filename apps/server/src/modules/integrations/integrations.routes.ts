import type { Hono } from 'hono';
import { readJson } from '../../platform/http-helpers.js';
import type { ModuleDeps } from '../../platform/module-deps.js';
import type { AppEnv } from '../../platform/request-context.js';
import { requirePermission } from '../../platform/require-permission.js';
import { integrationsService } from './integrations.service.js';

/**
 * The Add Integration wizard's charts (`GET /api/integrations/charts`) and values validation
 * (`POST /api/integrations/charts/{id}/validate`). The integrations list itself is the data API's
 * `/api/db/integrations_with_status` (migration 0105).
 */
export function registerIntegrationsRoutes(app: Hono<AppEnv>, _deps: ModuleDeps): void {
  const integrations = integrationsService();
  app.get('/api/integrations/charts', requirePermission('integrations', 'read'), (c) => c.json(integrations.charts()));
  app.get('/api/integrations/charts/:id', requirePermission('integrations', 'read'), (c) =>
    c.json(integrations.chart(c.req.param('id'))),
  );
  app.post('/api/integrations/charts/:id/validate', requirePermission('integrations', 'read'), async (c) =>
    c.json(integrations.validate(c.req.param('id'), await readJson(c))),
  );
}
