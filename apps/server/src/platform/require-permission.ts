import type { AccessAction, ResourceKind } from '@mc/contracts';
import type { Context, MiddlewareHandler } from 'hono';
import { AppError } from './errors.js';
import type { AppEnv, NamedResource } from './request-context.js';
import { describeGuard } from './route-permission.js';

/** The 401 every protected route gives without a session or token. */
export const UNAUTHORIZED_MESSAGE = 'Unauthorized';

/**
 * Route guard: 401 without a signed-in actor, 403 when the role matrix and permission rows refuse.
 * Every module route declares one (see docs/identity.md). `named` picks the one resource a request
 * is about from the request, so a permission row on that resource can allow or deny it.
 */
export function requirePermission(
  resource: ResourceKind,
  action: AccessAction,
  named?: (c: Context<AppEnv>) => NamedResource | undefined,
): MiddlewareHandler<AppEnv> {
  const guard: MiddlewareHandler<AppEnv> = async (c, next) => {
    const actor = c.var.actor;
    if (actor.kind === 'anonymous') throw new AppError('unauthorized', UNAUTHORIZED_MESSAGE);
    const check = c.var.checkPermission;
    const allowed =
      actor.kind === 'system' || (check !== undefined && (await check(actor, { resource, action, named: named?.(c) })));
    if (!allowed) throw new AppError('forbidden', `You do not have permission to ${action} ${resource}`);
    await next();
  };
  return describeGuard(guard, { resource, action });
}

/** Route guard for routes any signed-in person may call (their own profile, who-am-I). */
export function requireSignIn(): MiddlewareHandler<AppEnv> {
  const guard: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (c.var.actor.kind === 'anonymous') throw new AppError('unauthorized', UNAUTHORIZED_MESSAGE);
    await next();
  };
  return describeGuard(guard, { signedIn: true });
}
