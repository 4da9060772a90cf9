/**
 * The heartbeats module's public face: the push endpoint of `webhook` checks and their token API
 * (issue 33 item 5; docs/health-checks.md). The check type itself is health's (check-types/webhook.ts).
 */
import { HEARTBEATS_API } from './heartbeats.openapi.js';

export { registerHeartbeatsRoutes } from './heartbeats.routes.js';

/** What the composition root (src/composition) assembles from this module. */
export const heartbeatsModule = {
  name: 'heartbeats',
  apiDocs: [{ tag: 'heartbeats', routes: HEARTBEATS_API }],
};
