import { ADMIN_ONLY_PROPERTY_MESSAGE, isAdminOnlyProperty, propertyValueIssue } from '@mc/contracts';
import type { Actor } from '../../platform/request-context.js';
import { PgrstError } from '../rest/pgrst-error.js';
import type { WriteHook } from '../rest/write-handler.js';

/** An administrator or the server itself: who may change a security property. */
export function isAdministrator(actor: Actor): boolean {
  return actor.kind === 'system' || (actor.kind === 'person' && actor.roles.includes('admin'));
}

/**
 * `/api/db/properties` holds the same rule as `/api/properties`: a security property (the egress policy
 * and its allow-list, see `isAdminOnlyProperty`) is created, changed, renamed or deleted by an
 * administrator only — checked on the row before and after, so renaming into or out of one counts. A
 * value its property cannot hold (`propertyValueIssue`: a folder list with a relative path) is a 400.
 */
export const propertiesWriteHook: WriteHook = async ({ images, actor }) => {
  if (!isAdministrator(actor)) {
    for (const image of images.flat()) {
      const name = image?.name;
      if (typeof name === 'string' && isAdminOnlyProperty(name)) {
        throw new PgrstError(403, '42501', ADMIN_ONLY_PROPERTY_MESSAGE(name));
      }
    }
  }
  for (const [, after] of images) {
    const issue =
      typeof after?.name === 'string' && typeof after.value === 'string'
        ? propertyValueIssue(after.name, after.value)
        : undefined;
    if (issue) throw new PgrstError(400, '23514', issue);
  }
};
