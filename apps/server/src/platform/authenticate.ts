import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { Actor, AppEnv, PermissionChecker } from './request-context.js';
import { UNAUTHORIZED_MESSAGE } from './require-permission.js';

/** Finds who makes a request (session cookie, session token or API token); undefined when nobody. */
export type ActorResolver = (c: Context<AppEnv>) => Promise<Actor | undefined>;

/**
 * Sets `c.var.actor` from the request's credentials and installs the permission checker. Mounted
 * before every module router, so each handler sees who is calling.
 */
export function authenticate(resolve: ActorResolver, checkPermission: PermissionChecker): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('checkPermission', checkPermission);
    const actor = await resolve(c);
    if (actor) {
      c.set('actor', actor);
      c.set('log', c.get('log').child({ actor: actor.kind === 'person' ? actor.id : actor.kind }));
    }
    await next();
  };
}

/** Catch-all paths (middleware and the API's JSON 404); any other matched path is a real route. */
const WILDCARDS = new Set(['*', '/*', '/api/*']);

/**
 * Default deny for the API: a request under /api without a signed-in actor that would reach a real
 * route gets a 401, unless its path is one of the public prefixes (the identity provider, the about
 * call). Nobody sees anything before signing in, even on a route that forgot its guard; a path no
 * route serves still answers the JSON 404.
 */
export function denyAnonymousApi(publicPrefixes: readonly string[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // a signed-in caller passes at once (c.get, not c.var: Hono builds c.var anew at each access)
    if (c.get('actor').kind !== 'anonymous') return next();
    const path = new URL(c.req.url).pathname;
    const isApi = path === '/api' || path.startsWith('/api/');
    if (isApi && !publicPrefixes.some((prefix) => path === prefix || path.startsWith(prefix))) {
      const routed = matchedRoutes(c).some((route) => !WILDCARDS.has(route.path));
      if (routed) return c.json({ code: 'unauthorized', message: UNAUTHORIZED_MESSAGE }, 401);
    }
    await next();
  };
}
