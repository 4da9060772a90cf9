import { MAINTENANCE_INTERVALS_MAX_DAYS } from '@mc/contracts';
import type { Context, Hono } from 'hono';
import { parseBoundedJson } from '../../platform/bounded-json.js';
import { AppError } from '../../platform/errors.js';
import type { ModuleDeps } from '../../platform/module-deps.js';
import type { AppEnv } from '../../platform/request-context.js';
import { requirePermission } from '../../platform/require-permission.js';
import { resourceReach, resourceVisible } from '../../platform/resource-visibility.js';
import { maintenanceService } from './maintenance.service.js';
import { maintenanceIntervals } from './maintenance-intervals.js';

const ctx = (c: Context<AppEnv>) => ({ actor: c.var.actor, requestId: c.var.requestId });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Longest range the intervals route expands. */
const MAX_INTERVAL_RANGE_MS = MAINTENANCE_INTERVALS_MAX_DAYS * 86_400_000;

async function jsonBody(c: Context<AppEnv>): Promise<unknown> {
  const text = await c.req.text();
  if (!text.trim()) throw new AppError('bad_request', 'The request body must be JSON');
  return parseBoundedJson(text, undefined, 'request body');
}

function page(c: Context<AppEnv>): number {
  const raw = c.req.query('page') ?? '1';
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 100_000)
    throw new AppError('bad_request', 'page must be a positive whole number');
  return value;
}

function range(c: Context<AppEnv>): { from: Date; to: Date } {
  const from = new Date(String(c.req.query('from') ?? ''));
  const to = new Date(String(c.req.query('to') ?? ''));
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) {
    throw new AppError('bad_request', 'from and to must be ISO date-times');
  }
  if (from >= to) throw new AppError('bad_request', 'from must be before to');
  if (to.getTime() - from.getTime() > MAX_INTERVAL_RANGE_MS)
    throw new AppError('bad_request', `The range may span at most ${MAINTENANCE_INTERVALS_MAX_DAYS} days`);
  return { from, to };
}

/**
 * Maintenance windows API (issue 33 item 2; docs/maintenance.md): read with `notifications` read, written
 * with `notifications` write, as silences are. The intervals of a check or component answer 404 for one the
 * caller may not read, as for a missing one.
 */
export function registerMaintenanceRoutes(app: Hono<AppEnv>, deps: ModuleDeps): void {
  const windows = maintenanceService(deps.database);
  const policy = deps.dataAccess;
  if (!policy) throw new Error('The maintenance routes need the access policy (ModuleDeps.dataAccess)');
  const reachOf = (c: Context<AppEnv>) => resourceReach(policy, c.var.actor);
  const read = requirePermission('notifications', 'read');
  const write = requirePermission('notifications', 'write');

  app.get('/api/maintenance/intervals', read, async (c) => {
    const checkId = c.req.query('check_id');
    const componentId = c.req.query('component_id');
    if (Boolean(checkId) === Boolean(componentId))
      throw new AppError('bad_request', 'Give one of check_id or component_id');
    const id = String(checkId ?? componentId);
    if (!UUID.test(id)) throw new AppError('bad_request', `${checkId ? 'check_id' : 'component_id'} must be a UUID`);
    const kind = checkId ? 'check' : 'component';
    if (!(await resourceVisible(deps.database.db, await reachOf(c), kind, id))) {
      throw new AppError('not_found', `No ${kind} with id ${id}`);
    }
    const { from, to } = range(c);
    const target = checkId ? { checkId: id } : { componentId: id };
    const intervals = await maintenanceIntervals(deps.database.pool, target, from, to);
    return c.json({
      intervals: intervals.map((interval) => ({
        start: interval.start.toISOString(),
        end: interval.end.toISOString(),
        exclude_from_uptime: interval.excludeFromUptime,
        title: interval.title,
        window_id: interval.windowId,
      })),
    });
  });
  app.get('/api/maintenance', read, async (c) => c.json(await windows.list(page(c))));
  app.post('/api/maintenance', write, async (c) =>
    c.json(await windows.create(await jsonBody(c), ctx(c), await reachOf(c)), 201),
  );
  app.get('/api/maintenance/:id', read, async (c) => c.json(await windows.get(c.req.param('id'))));
  app.patch('/api/maintenance/:id', write, async (c) =>
    c.json(await windows.patch(c.req.param('id'), await jsonBody(c), ctx(c), await reachOf(c))),
  );
  app.delete('/api/maintenance/:id', write, async (c) => {
    await windows.remove(c.req.param('id'), ctx(c));
    return c.body(null, 204);
  });
}
