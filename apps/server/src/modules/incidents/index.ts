/**
 * The incidents module's public face: what other modules, the composition root and tests may use.
 * Everything else in this folder is private to the module.
 */
import { INCIDENTS_API } from './incidents.openapi.js';

export { registerIncidentsRoutes } from './incidents.routes.js';
export { incidentsService } from './incidents.service.js';

/** What the composition root (src/composition) assembles from this module. */
export const incidentsModule = {
  name: 'incidents',
  apiDocs: [{ tag: 'incidents', routes: INCIDENTS_API }],
};
