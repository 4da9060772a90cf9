/**
 * The logs module's public face: what other modules, the composition root and tests may use.
 * Everything else in this folder is private to the module.
 */
import { LOGS_API } from './logs.openapi.js';

export { agentLogRelay } from './agent-relay/log-relay.service.js';
export { type KindContext, LogBackendError } from './backends/backend-kind.js';
export { startLogCapture } from './log-capture.js';
export { registerLogsRoutes } from './logs.routes.js';
export { FILE_ROOTS_ENV, FILE_ROOTS_PROPERTY, splitRoots } from './logs.service.js';
export { entriesOf, searchEntries } from './search-entries.js';

/** What the composition root (src/composition) assembles from this module. */
export const logsModule = {
  name: 'logs',
  apiDocs: [{ tag: 'logs', routes: LOGS_API }],
};
