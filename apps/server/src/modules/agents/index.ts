/**
 * The agents module's public face: what other modules, the composition root and tests may use.
 * Everything else in this folder is private to the module.
 */
import { AGENTS_API } from './agents.openapi.js';
import { prunePushReceiptsJob } from './upstream/prune-push-receipts.job.js';

export { registerAgentsRoutes } from './agents.routes.js';
export { startAgent } from './runtime/agent-runtime.js';
/** The agent's push pieces (on-disk buffer, flusher, HTTP client) and poll loop, for bench/agents' simulated agents. */
export { polledWork } from './runtime/polled-work.js';
export { openResultBuffer } from './runtime/result-buffer.js';
export { resultFlusher } from './runtime/result-flusher.js';
export { type HeldPoll, type UpstreamClient, upstreamClient } from './runtime/upstream-client.js';
/** The upstream's push ingest without HTTP, for bench/agents/push-profile.ts. */
export { upstreamService } from './upstream/upstream.service.js';

/** What the composition root (src/composition) assembles from this module. */
export const agentsModule = {
  name: 'agents',
  jobs: [prunePushReceiptsJob],
  apiDocs: [{ tag: 'agents', routes: AGENTS_API }],
};
