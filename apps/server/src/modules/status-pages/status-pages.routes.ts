import { STATUS_PAGE_MESSAGES } from '@mc/contracts';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { AppError } from '../../platform/errors.js';
import { auditContext, readJson } from '../../platform/http-helpers.js';
import type { ModuleDeps } from '../../platform/module-deps.js';
import type { AppEnv } from '../../platform/request-context.js';
import { requirePermission } from '../../platform/require-permission.js';
import { resourceReach } from '../../platform/resource-visibility.js';
import { registerPublicStatusRoutes } from './public.routes.js';
import { publicPagesService } from './public-pages.service.js';
import { statusPagesService } from './status-pages.service.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The page id of the path; anything but a UUID names no page (404, never a database error). */
function pageId(c: Context<AppEnv>): string {
  const id = c.req.param('id') ?? '';
  if (!UUID.test(id)) throw new AppError('not_found', 'No such status page');
  return id;
}

/**
 * A page is built for strangers from whatever its selectors match, so a caller whose access to components
 * or checks is narrowed (a deny row, a scoped grant) could publish what they may not read. Saving and
 * previewing need the reach of every component and check: no page is a way around a deny row.
 */
function everyComponentAndCheck(deps: ModuleDeps): MiddlewareHandler<AppEnv> {
  const policy = deps.dataAccess;
  if (!policy) throw new Error('The status page routes need the access policy (ModuleDeps.dataAccess)');
  return async (c, next) => {
    const reach = await resourceReach(policy, c.var.actor);
    if (reach.component !== 'all' || reach.check !== 'all') {
      throw new AppError('forbidden', STATUS_PAGE_MESSAGES.partialReach);
    }
    await next();
  };
}

/**
 * Status pages: the console's editor API under /api/status-pages (viewers read, editors write — the
 * `topologies` kind, since a page publishes the topology) and the anonymous pages and badges.
 */
export function registerStatusPagesRoutes(app: Hono<AppEnv>, deps: ModuleDeps): void {
  const pages = publicPagesService(deps.database);
  const editor = statusPagesService(deps.database, pages);
  const read = requirePermission('topologies', 'read');
  const write = requirePermission('topologies', 'write');
  const publish = everyComponentAndCheck(deps);
  app.get('/api/status-pages', read, async (c) => c.json(await editor.list(c.req.query()), 200));
  app.post('/api/status-pages', write, publish, async (c) =>
    c.json(await editor.create(await readJson(c), auditContext(c)), 201),
  );
  app.post('/api/status-pages/preview', write, publish, async (c) =>
    c.json(await editor.preview(await readJson(c)), 200),
  );
  app.get('/api/status-pages/:id', read, async (c) => c.json(await editor.get(pageId(c)), 200));
  app.patch('/api/status-pages/:id', write, publish, async (c) =>
    c.json(await editor.update(pageId(c), await readJson(c), auditContext(c)), 200),
  );
  app.delete('/api/status-pages/:id', write, async (c) => {
    await editor.remove(pageId(c), auditContext(c));
    return c.body(null, 204);
  });
  registerPublicStatusRoutes(app, pages);
}
