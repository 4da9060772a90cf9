/**
 * The status pages module's public face: what the composition root and tests may use.
 * Everything else in this folder is private to the module.
 */
import { STATUS_PAGES_API } from './status-pages.openapi.js';

export { registerStatusPagesRoutes } from './status-pages.routes.js';

/** What the composition root (src/composition) assembles from this module. */
export const statusPagesModule = {
  name: 'status-pages',
  apiDocs: [{ tag: 'status-pages', routes: STATUS_PAGES_API }],
};
