import type { AccessAction, ResourceKind } from '@mc/contracts';

/**
 * What a route requires of its caller, as the API document states it (`x-permission`): a resource
 * and action of the role matrix, one of a list of roles, any signed-in person, or nobody (public).
 */
export type RoutePermission =
  | { resource: ResourceKind; action: AccessAction }
  | { roles: readonly string[] }
  | { signedIn: true }
  | { public: true }
  | { description: string };

const PERMISSION = Symbol('route permission');

/**
 * Marks a route guard with what it requires, so the API document reads each route's permission from
 * the guard that really enforces it and the two cannot drift apart.
 */
export function describeGuard<G extends object>(guard: G, permission: RoutePermission): G {
  return Object.assign(guard, { [PERMISSION]: permission });
}

/** The permission a handler was marked with by {@link describeGuard}, if it is a marked guard. */
export function guardPermission(handler: unknown): RoutePermission | undefined {
  if (typeof handler !== 'function' || !(PERMISSION in handler)) return undefined;
  return handler[PERMISSION] as RoutePermission; // only describeGuard sets this symbol
}
