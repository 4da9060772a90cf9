/**
 * The agents module's public face: what other modules, the composition root and tests may use.
 * Everything else in this folder is private to the module.
 */
import { AGENTS_API } from './agents.openapi.js';

export { registerAgentsRoutes } from './agents.routes.js';
export { startAgent } from './runtime/agent-runtime.js';

/** What the composition root (src/composition) assembles from this module. */
export const agentsModule = {
  name: 'agents',
  apiDocs: [{ tag: 'agents', routes: AGENTS_API }],
};
