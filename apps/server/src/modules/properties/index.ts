/**
 * The properties module's public face: what other modules, the composition root and tests may use.
 * Everything else in this folder is private to the module.
 */

import { PROPERTIES_API } from './properties.openapi.js';
import { propertiesWriteHook } from './properties-write.hook.js';

export { registerPropertiesRoutes } from './properties.routes.js';
export { propertiesService } from './properties.service.js';

/** What the composition root (src/composition) assembles from this module. */
export const propertiesModule = {
  name: 'properties',
  writeHooks: { properties: propertiesWriteHook },
  apiDocs: [{ tag: 'properties', routes: PROPERTIES_API }],
};
