import { ADMIN_ONLY_PROPERTY_MESSAGE, isAdminOnlyProperty, propertyValueIssue } from '@mc/contracts';
import { isAdministrator } from '../../platform/request-context.js';
import type { WriteHook } from '../rest/index.js';
import { PgrstError } from '../rest/index.js';

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
