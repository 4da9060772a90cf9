/**
 * The catalog's query API (spec 000 §7 "Config and catalog"): the summary by type, the changes search and
 * manual relationship links. The views and functions the console also reads (config_detail, config_types,
 * rpc/related_configs_recursive, …) are served by the data API (`/api/db`, migrations 0065–0067).
 */
import { CATALOG_API_MESSAGES } from '@mc/contracts';
import type { Context, Hono } from 'hono';
import { AppError } from '../../../platform/errors.js';
import type { ModuleDeps } from '../../../platform/module-deps.js';
import type { AppEnv } from '../../../platform/request-context.js';
import { requirePermission } from '../../../platform/require-permission.js';
import { catalogChangesService } from './catalog-changes.service.js';
import { parseBody } from './catalog-input.js';
import { catalogLinksService } from './catalog-links.service.js';
import { catalogSummaryService } from './catalog-summary.service.js';

const context = (c: Context<AppEnv>) => ({ actor: c.var.actor, requestId: c.var.requestId });

/** Mounts the catalog query routes. */
export function registerCatalogApiRoutes(app: Hono<AppEnv>, deps: ModuleDeps): void {
  const summaries = catalogSummaryService(deps.database);
  const changes = catalogChangesService(deps.database);
  const links = catalogLinksService(deps.database);
  const read = requirePermission('database', 'read');
  const writeItem = requirePermission('database', 'write', (c) => ({
    field: 'config_id',
    id: c.req.param('id') ?? '',
  }));

  app.post('/api/catalog/summary', read, async (c) => c.json(await summaries.summary(parseBody(await c.req.text()))));
  // Refused by design (docs/catalog.md): upstream's query builder sends raw SQL here.
  app.get('/api/config/query', read, () => {
    throw new AppError('bad_request', CATALOG_API_MESSAGES.rawQueryRefused);
  });
  app.post('/api/catalog/changes', read, async (c) => c.json(await changes.search(parseBody(await c.req.text()))));
  app.post('/api/catalog/:id/relationships', writeItem, async (c) =>
    c.json(await links.link(c.req.param('id'), parseBody(await c.req.text()), context(c)), 201),
  );
  app.delete('/api/catalog/:id/relationships/:related_id', writeItem, async (c) => {
    await links.unlink(c.req.param('id'), c.req.param('related_id'), context(c));
    return c.body(null, 204);
  });
}
