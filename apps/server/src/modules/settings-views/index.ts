/**
 * The settings-views module's public face: what other modules, the composition root and tests may use.
 * Everything else in this folder is private to the module.
 */
import { SCHEMAS_API } from './schemas.openapi.js';

export { registerSchemaRoutes } from './schemas.routes.js';
export { specRowCheck } from './spec-row-check.js';
export { type SpecIssue, validateSpecText } from './yaml-validation.js';

/** What the composition root (src/composition) assembles from this module. */
export const settingsViewsModule = {
  name: 'settings-views',
  apiDocs: [{ tag: 'schemas', routes: SCHEMAS_API }],
};
