/**
 * The schedule that re-decides multi-location checks whose agents went silent (docs/agents.md
 * "Locations"). A verdict is otherwise computed only when a location votes, so a check whose healthy
 * locations all stopped reporting would keep its last verdict. The scheduler fires it once per tick
 * across replicas; the handler looks only at checks whose deciding locations went stale since their
 * last verdict, and deciding one again moves its verdict past that moment, so a second run finds
 * nothing to do.
 */
import { z } from 'zod';
import { defineJob } from '../../jobs/index.js';
import { redecideStaleQuorums } from './locations.service.js';

/** How often stale quorums are looked for: well inside the 61 s health window. */
export const REDECIDE_QUORUMS_SCHEDULE = '@every 20s';

/** Re-decides the quorum of multi-location checks whose healthy locations went stale. */
export const redecideQuorumsJob = defineJob({
  name: 'redecide_stale_quorums',
  payload: z.object({}),
  maxAttempts: 1,
  timeoutMs: 60_000,
  resourceType: 'canary',
  schedule: { schedule: REDECIDE_QUORUMS_SCHEDULE, payload: {} },
  async handler({ deps }) {
    const decided = await deps.database.db.transaction().execute((tx) => redecideStaleQuorums(tx));
    return decided === 0 ? { status: 'SKIPPED', successCount: 0 } : { successCount: decided };
  },
});
