/**
 * The rest module's public face: what other modules, the composition root and tests may use.
 * Everything else in this folder is private to the module.
 */
import { REST_API } from './rest.openapi.js';

export type { CountRequest, CountSource } from './count-sources.js';
export { evaluateDateMath } from './date-math.js';
export { EXPOSED_TABLES } from './exposed-resources.js';
export { Gen, IDENT_INJECTIONS, INJECTIONS, prng } from './fuzz-generators.js';
export { bothHooks, LINKED_RESOURCE_COLUMNS, linkedResourcesHook } from './linked-resources.hook.js';
export { PgrstError } from './pgrst-error.js';
export type { Condition } from './query-types.js';
export { registerRestRoutes } from './rest.routes.js';
export type { ColumnInfo, TableInfo } from './schema-cache.js';
export type { JsonRecord } from './write-body.js';
export type { WriteHook } from './write-handler.js';

/** What the composition root (src/composition) assembles from this module. */
export const restModule = {
  name: 'rest',
  apiDocs: [{ tag: 'data API', routes: REST_API }],
};
