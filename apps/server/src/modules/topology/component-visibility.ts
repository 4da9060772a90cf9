/**
 * Which components a caller may read (docs/topology.md, "Permissions on the tree"). The one source is
 * the data API's access policy for the `components` table — the same answer `/api/db/components` and
 * its embeds get — so the topology routes, snapshots and the data API cannot disagree: a permission row
 * naming a component covers its whole subtree; a deny row hides the subtree even from a role that may
 * read every topology, and allow rows let a person without that role read only the granted subtrees.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { DataAccessPolicy, RowScope } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import type { AppEnv } from '../../platform/request-context.js';
import { UNAUTHORIZED_MESSAGE } from '../../platform/require-permission.js';
import { describeGuard } from '../../platform/route-permission.js';

/** The components one caller may read. */
export interface ComponentVisibility {
  /** Roots of the granted subtrees; undefined when every component is (the role matrix or a global row). */
  granted?: readonly string[];
  /** Roots of the denied subtrees (deny rows win over any grant). */
  denied: readonly string[];
}

/** What a caller allowed everything sees (the system, an admin, any role without component rows). */
export const EVERY_COMPONENT: ComponentVisibility = { denied: [] };

/** The visibility the policy's row scopes of `components` describe (no scopes: every component). */
export function visibilityFrom(scopes: readonly RowScope[] | undefined): ComponentVisibility {
  if (!scopes) return EVERY_COMPONENT;
  const granted = scopes.filter((s) => !s.exclude && s.column === 'id').flatMap((s) => s.values);
  const denied = scopes.filter((s) => s.exclude).flatMap((s) => s.values);
  return scopes.some((s) => !s.exclude) ? { granted, denied } : { denied };
}

/** True when some component may be hidden from this caller (the reads then do the extra work). */
export function isRestricted(visibility: ComponentVisibility): boolean {
  return visibility.granted !== undefined || visibility.denied.length > 0;
}

const visibilities = new WeakMap<Request, ComponentVisibility>();

/**
 * Route guard of the topology reads: 401 without a session, 403 when the caller may read no component at
 * all; otherwise remembers the caller's visibility for {@link visibilityOf}. Documented as topologies read.
 */
export function requireComponentRead(policy: DataAccessPolicy | undefined): MiddlewareHandler<AppEnv> {
  if (!policy) throw new Error('The topology routes need the access policy (ModuleDeps.dataAccess)');
  const guard: MiddlewareHandler<AppEnv> = async (c, next) => {
    const actor = c.var.actor;
    if (actor.kind === 'anonymous') throw new AppError('unauthorized', UNAUTHORIZED_MESSAGE);
    const decision = await policy({ actor, table: 'components', action: 'read' });
    if (!decision.allow) throw new AppError('forbidden', 'You do not have permission to read topologies');
    visibilities.set(c.req.raw, visibilityFrom(decision.rowScopes));
    await next();
  };
  return describeGuard(guard, { resource: 'topologies', action: 'read' });
}

/** The visibility {@link requireComponentRead} found for this request. */
export function visibilityOf(c: Context<AppEnv>): ComponentVisibility {
  const found = visibilities.get(c.req.raw);
  if (!found) throw new Error('visibilityOf needs requireComponentRead on the route');
  return found;
}
