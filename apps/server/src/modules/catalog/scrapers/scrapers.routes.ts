/**
 * Catalog scrapers API: ScrapeConfig documents (YAML or JSON) under `/api/catalog/scrapers`, and Run Now.
 * Reads of items, changes and insights are the catalog API's (catalog/api) and the data API's.
 */
import type { Context, Hono } from 'hono';
import { AppError } from '../../../platform/errors.js';
import type { ModuleDeps } from '../../../platform/module-deps.js';
import type { AppEnv } from '../../../platform/request-context.js';
import { requirePermission } from '../../../platform/require-permission.js';
import { parseScrapeConfigText } from './scrape-config.js';
import { scrapersService, type WriteContext } from './scrapers.service.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function bodyText(c: Context<AppEnv>): Promise<string> {
  const text = await c.req.text();
  if (!text.trim()) throw new AppError('bad_request', 'The body must be a ScrapeConfig document in YAML or JSON');
  return text;
}

const ctx = (c: Context<AppEnv>): WriteContext => ({ actor: c.var.actor, requestId: c.var.requestId });

function idParam(c: Context<AppEnv>): string {
  const id = c.req.param('id') ?? '';
  if (!UUID.test(id)) throw new AppError('bad_request', `'${id}' is not a valid id`);
  return id;
}

function waitParam(c: Context<AppEnv>): boolean {
  const wait = c.req.query('wait');
  if (wait === undefined || wait === 'false') return false;
  if (wait === 'true' || wait === '') return true;
  throw new AppError('bad_request', 'wait must be true or false');
}

/** Mounts the scrapers routes. */
export function registerScraperRoutes(app: Hono<AppEnv>, deps: ModuleDeps): void {
  const scrapers = scrapersService(deps.database);
  const read = requirePermission('config_scrapers', 'read');
  const write = requirePermission('config_scrapers', 'write');

  app.get('/api/catalog/scrapers', read, async (c) => c.json(await scrapers.list()));
  app.get('/api/catalog/scrapers/:id', read, async (c) => c.json(await scrapers.get(idParam(c))));
  app.post('/api/catalog/scrapers', write, async (c) =>
    c.json(await scrapers.create(parseScrapeConfigText(await bodyText(c)), ctx(c)), 201),
  );
  app.put('/api/catalog/scrapers/:id', write, async (c) => {
    const id = idParam(c);
    return c.json(await scrapers.update(id, parseScrapeConfigText(await bodyText(c)), ctx(c)));
  });
  app.delete('/api/catalog/scrapers/:id', write, async (c) => {
    await scrapers.remove(idParam(c), ctx(c));
    return c.body(null, 204);
  });
  app.post('/api/catalog/scrapers/:id/run', write, async (c) => {
    const id = idParam(c);
    const wait = waitParam(c);
    return c.json(await scrapers.runNow(id, ctx(c), { wait }));
  });
}
