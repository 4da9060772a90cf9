import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes, routePath } from 'hono/route';
import type { AppEnv } from '../request-context.js';
import { httpRequestDuration } from './metrics-registry.js';

/** Methods recorded as they are; anything else is one `OTHER` series, so odd verbs add no labels. */
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * The route pattern a request is counted under: the pattern of the handler that answered; when a
 * catch-all middleware answered (a 401 before the route ran), the first concrete route the request
 * matched, so refusals count under the route they aimed at; else the catch-all itself. Request spans
 * are named by it too (platform/tracing/http-tracing.ts).
 */
export function routeLabel(c: Context): string {
  const answered = routePath(c);
  if (answered && !answered.endsWith('*')) return answered;
  return matchedRoutes(c).find((route) => !route.path.endsWith('*'))?.path ?? (answered || '*');
}

/** The method a request is counted under: one of the known verbs, else `OTHER`. */
export function methodLabel(method: string): string {
  return KNOWN_METHODS.has(method) ? method : 'OTHER';
}

/**
 * Times every request into {@link httpRequestDuration}. Mounted first, so a request refused by any
 * later middleware (401, 403, 413) is counted too, labelled by {@link routeLabel}.
 */
export function httpMetrics(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const end = httpRequestDuration.startTimer();
    try {
      await next();
    } finally {
      end({ method: methodLabel(c.req.method), route: routeLabel(c), status: String(c.res.status) });
    }
  };
}
