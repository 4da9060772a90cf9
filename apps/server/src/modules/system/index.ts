/**
 * The system module's public face: what other modules, the composition root and tests may use.
 * Everything else in this folder is private to the module.
 */
import { SYSTEM_API } from './system.openapi.js';

export type { ApiDocsTag } from './api-docs.routes.js';
export { type MetricsListener, startMetricsListener } from './metrics-listener.js';
export { registerSystemRoutes } from './system.routes.js';

/** What the composition root (src/composition) assembles from this module. */
export const systemModule = {
  name: 'system',
  apiDocs: [{ tag: 'system', routes: SYSTEM_API }],
};
