/**
 * The permissions module's public face: what other modules, the composition root and tests may use.
 * Everything else in this folder is private to the module.
 */
import { PERMISSIONS_API } from './permissions.openapi.js';

export { registerPermissionsRoutes } from './permissions.routes.js';

/** What the composition root (src/composition) assembles from this module. */
export const permissionsModule = {
  name: 'permissions',
  apiDocs: [{ tag: 'permissions', routes: PERMISSIONS_API }],
};
