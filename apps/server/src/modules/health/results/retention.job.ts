/**
 * Hourly retention of health results, by properties (upstream's names and defaults): raw
 * check_statuses `check.status.retention.days` (30), hourly rollups `check.status.1h.retention.days`
 * (90), daily rollups `check.status.1d.retention.days` (270). Deletes in batches so a large backlog
 * never holds one long transaction.
 */
import type { Database } from '@mc/db';
import { z } from 'zod';
import { defineJob, RETENTION_FIRST_RUN_MS } from '../../jobs/index.js';
import { deleteExpiredBatch, deleteExpiredBlocks, propertyValue } from './retention.repo.js';

/** The retention properties and their defaults in days. */
export const RETENTION_PROPERTIES = {
  // Raw results live in check_results (migration 0055) and, packed by the hour, in check_result_blocks
  // (0200), the tables behind the check_statuses view. They go by whole UTC hours: a row without a
  // message shows the one stored earlier in its hour, and a block is an hour. The count is of results.
  check_statuses: {
    property: 'check.status.retention.days',
    days: 30,
    column: 'time',
    table: 'check_results',
    wholeHours: true,
  },
  check_statuses_1h: { property: 'check.status.1h.retention.days', days: 90, column: 'created_at', keepLatest: true },
  check_statuses_1d: { property: 'check.status.1d.retention.days', days: 270, column: 'created_at' },
} as const;

const BATCH = 10_000;
/** Blocks per statement (each an hour of one check's results). */
const BLOCK_BATCH = 1_000;

async function retentionDays(database: Database, property: string, fallback: number): Promise<number> {
  const value = Number(await propertyValue(database, property));
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/** Deletes results older than their retention; returns the rows deleted per table. */
export async function applyRetention(database: Database, signal?: AbortSignal): Promise<Record<string, number>> {
  const deleted: Record<string, number> = {};
  for (const [name, rule] of Object.entries(RETENTION_PROPERTIES)) {
    const table = 'table' in rule ? rule.table : name;
    const days = await retentionDays(database, rule.property, rule.days);
    deleted[name] = 0;
    for (;;) {
      if (signal?.aborted) return deleted;
      // Each check's newest hourly row stays whatever its age: it carries the running totals (migration
      // 0041) that the summary's next window of that check starts from.
      const rowCount = await deleteExpiredBatch(
        database,
        { table, column: rule.column, wholeHours: 'wholeHours' in rule, keepLatest: 'keepLatest' in rule },
        days,
        BATCH,
      );
      deleted[name] += rowCount;
      if (rowCount < BATCH) break;
    }
    if (name === 'check_statuses') deleted[name] += await deletePackedResults(database, days, signal);
  }
  return deleted;
}

/** Deletes the packed hours past the raw retention, in batches; returns the results they held. */
async function deletePackedResults(database: Database, days: number, signal?: AbortSignal): Promise<number> {
  let runs = 0;
  for (;;) {
    if (signal?.aborted) return runs;
    const gone = await deleteExpiredBlocks(database, days, BLOCK_BATCH);
    runs += gone.runs;
    if (gone.blocks < BLOCK_BATCH) return runs;
  }
}

/** The scheduled retention job. */
export const checkRetentionJob = defineJob({
  name: 'check_status_retention',
  payload: z.object({}),
  maxAttempts: 3,
  timeoutMs: 30 * 60_000,
  resourceType: 'canary',
  schedule: { schedule: '@hourly', payload: {}, jitterMs: 5 * 60_000, startAfterMs: RETENTION_FIRST_RUN_MS },
  async handler({ signal, deps }) {
    const deleted = await applyRetention(deps.database, signal);
    return { successCount: Object.values(deleted).reduce((a, b) => a + b, 0), details: { summary: deleted } };
  },
});
