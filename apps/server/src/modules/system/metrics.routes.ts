import type { Database } from '@mc/db';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { AppError } from '../../platform/errors.js';
import type { Logger } from '../../platform/logger.js';
import type { AppEnv } from '../../platform/request-context.js';
import { UNAUTHORIZED_MESSAGE } from '../../platform/require-permission.js';
import { describeGuard } from '../../platform/route-permission.js';
import { type MetricsService, metricsServiceFor } from './metrics.service.js';

/** Path of the Prometheus endpoint, on the console's port and on the metrics listener. */
export const METRICS_PATH = '/metrics';

/**
 * Admins only (a session or an API token of an admin): the figures name job types, routes and
 * volumes an attacker could use to time an attack. Prometheus without a token scrapes the separate
 * listener of MC_METRICS_ADDRESS instead.
 */
export function requireAdmin(): MiddlewareHandler<AppEnv> {
  const guard: MiddlewareHandler<AppEnv> = async (c, next) => {
    const actor = c.var.actor;
    if (actor.kind === 'anonymous') throw new AppError('unauthorized', UNAUTHORIZED_MESSAGE);
    if (actor.kind !== 'person' || !actor.roles.includes('admin'))
      throw new AppError('forbidden', 'Only administrators may read the metrics');
    await next();
  };
  return describeGuard(guard, { roles: ['admin'] });
}

/** Answers a scrape with the exposition text, never cached. */
export function metricsHandler(metrics: MetricsService): (c: Context) => Promise<Response> {
  return async (c) => {
    const { contentType, body } = await metrics.render();
    return c.body(body, 200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
  };
}

/** `GET /metrics` on the console's port, for an admin session or admin API token (bearer). */
export function registerMetricsRoutes(app: Hono<AppEnv>, deps: { database: Database; logger: Logger }): void {
  app.get(METRICS_PATH, requireAdmin(), metricsHandler(metricsServiceFor(deps.database, deps.logger)));
}
