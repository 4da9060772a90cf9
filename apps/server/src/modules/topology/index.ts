/**
 * The topology module's public face: what other modules, the composition root and tests may use.
 * Everything else in this folder is private to the module.
 */
import { buildTopologyJob } from './build-topology.job.js';
import { topologiesWriteHook } from './topologies-write.hook.js';
import { TOPOLOGY_API } from './topology.openapi.js';

export { ensureSystemTopology } from './system-topology.js';
export { registerTopologyRoutes } from './topology.routes.js';
export { watchTopologyDir } from './topology-dir.js';

/** What the composition root (src/composition) assembles from this module. */
export const topologyModule = {
  name: 'topology',
  jobs: [buildTopologyJob],
  writeHooks: { topologies: topologiesWriteHook },
  apiDocs: [{ tag: 'topology', routes: TOPOLOGY_API }],
};
