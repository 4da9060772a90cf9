/**
 * The integrations module's public face: what other modules, the composition root and tests may use.
 * Everything else in this folder is private to the module.
 */
import { INTEGRATIONS_API } from './integrations.openapi.js';

export { registerIntegrationsRoutes } from './integrations.routes.js';

/** What the composition root (src/composition) assembles from this module. */
export const integrationsModule = {
  name: 'integrations',
  apiDocs: [{ tag: 'integrations', routes: INTEGRATIONS_API }],
};
