import type { AnyJobDefinition, ConsumerDefinition } from '../modules/jobs/index.js';
import type { CountSource, WriteHook } from '../modules/rest/index.js';
import type { ApiDocsTag } from '../modules/system/index.js';

/**
 * What the composition root assembles from a module's face (`modules/<name>/index.ts`): its jobs and
 * continuous consumers for the job registry, its `/api/db` write hooks and count sources by table, and its API document
 * tags. Routes mount in register-routes.ts, in an order that matters (identity first).
 */
export interface ServerModule {
  /** The module's folder under `modules/`. */
  name: string;
  jobs?: readonly AnyJobDefinition[];
  consumers?: readonly ConsumerDefinition[];
  writeHooks?: Readonly<Record<string, WriteHook>>;
  /** Exact `/api/db` totals the module keeps for some filters of its tables (rest/count-sources.ts). */
  countSources?: Readonly<Record<string, CountSource>>;
  apiDocs?: readonly ApiDocsTag[];
}
