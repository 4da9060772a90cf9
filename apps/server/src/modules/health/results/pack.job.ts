/**
 * Packs check results like a time-series database (issue 32 item 1, migration 0200): every ten minutes
 * the check-hours older than the current hour (once ten minutes have passed, for late results) leave
 * check_results for one row each in check_result_blocks — a few bytes a run instead of ~90. One runner
 * across replicas (a scheduled job of the queue); each statement packs a bounded batch, so a backlog
 * (after downtime, or the first run over an existing history) never holds one long transaction.
 */
import type { Database } from '@mc/db';
import { z } from 'zod';
import { defineJob } from '../../jobs/index.js';
import { packBatch, vacuumRows } from './pack.repo.js';

/** Check-hours packed per statement (~120 runs each at 30 s). */
export const PACK_BATCH_GROUPS = 1_000;

/**
 * Packs every packable check-hour (older than `before`'s hour, or the cutoff); returns the blocks
 * written. A pack empties most of check_results, so it is vacuumed at once: the next hour's rows reuse
 * its pages and the table stays about an hour's size instead of waiting for autovacuum's threshold; the
 * blocks are vacuumed and analyzed (pack.repo.ts vacuumRows).
 */
export async function packResults(database: Database, options: { signal?: AbortSignal; before?: Date } = {}) {
  let blocks = 0;
  for (;;) {
    if (options.signal?.aborted) break;
    const written = await packBatch(database, PACK_BATCH_GROUPS, options.before);
    blocks += written;
    if (written < PACK_BATCH_GROUPS) break;
  }
  if (blocks > 0) await vacuumRows(database);
  return blocks;
}

/** The scheduled packer. */
export const packResultsJob = defineJob({
  name: 'check_results_pack',
  payload: z.object({}),
  maxAttempts: 3,
  timeoutMs: 30 * 60_000,
  resourceType: 'canary',
  schedule: { schedule: '@every 10m', payload: {}, jitterMs: 60_000 },
  async handler({ signal, deps }) {
    const blocks = await packResults(deps.database, { signal });
    return { successCount: blocks, details: { summary: { blocks_written: blocks } } };
  },
});
