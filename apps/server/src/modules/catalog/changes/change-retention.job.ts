/**
 * Hourly retention of config changes, by properties (docs/catalog.md): changes older than
 * `catalog.changes.retention.age` (default 90d) go, and each item keeps at most
 * `catalog.changes.retention.count` (default 1000) of its newest changes. A scraper's own
 * `spec.retention.changes` rules (per change type, by age and count) apply after each of its scrapes.
 * Deletes in batches so a large backlog never holds one long transaction.
 */
import { z } from 'zod';
import { defineJob, RETENTION_FIRST_RUN_MS } from '../../jobs/index.js';
import { catalogSettings } from '../scrape/catalog-settings.js';
import { deleteChangesOlderThan, deleteChangesOverCount } from './changes.repo.js';

const BATCH = 10_000;

/** Applies the retention once; answers how many changes went by age and by count. */
export async function applyChangeRetention(
  database: Parameters<typeof catalogSettings>[0],
  signal?: AbortSignal,
): Promise<{ by_age: number; by_count: number }> {
  const settings = await catalogSettings(database);
  const out = { by_age: 0, by_count: 0 };
  for (;;) {
    if (signal?.aborted) return out;
    const n = await deleteChangesOlderThan(database.pool, settings.retentionAgeMs, BATCH);
    out.by_age += n;
    if (n < BATCH) break;
  }
  for (;;) {
    if (signal?.aborted) return out;
    const n = await deleteChangesOverCount(database.pool, settings.retentionCount, BATCH);
    out.by_count += n;
    if (n === 0) break;
  }
  return out;
}

/** The hourly retention job of config changes. */
export const changeRetentionJob = defineJob({
  name: 'catalog_change_retention',
  payload: z.object({}),
  maxAttempts: 3,
  timeoutMs: 30 * 60_000,
  schedule: { schedule: '@hourly', payload: {}, jitterMs: 60_000, startAfterMs: RETENTION_FIRST_RUN_MS },
  async handler({ deps, signal }) {
    const deleted = await applyChangeRetention(deps.database, signal);
    return { successCount: deleted.by_age + deleted.by_count, details: { deleted } };
  },
});
