/**
 * A check's history across the pack boundary (migration 0200), for the tests of check_statuses' readers:
 * past UTC hours packed into check_result_blocks as the check_results_pack job packs them, the previous
 * hour still rows (the packer waits for late results) and the current hour's runs so far as rows.
 */
import type { Database } from '@mc/db';
import type { CheckResult } from '../check-types/check-context.js';
import { packResults } from '../results/pack.job.js';
import { recordResults } from '../results/results.service.js';

const HOUR = 3_600_000;

/**
 * Creates http checks named `names` in a new canary `canary`, for a history to be recorded on; answers
 * them in the order of `names`.
 */
export async function insertHttpChecks(
  database: Database,
  canary: string,
  names: readonly string[],
): Promise<Array<{ id: string; name: string }>> {
  const { rows } = await database.pool.query<{ id: string; name: string }>(
    `WITH c AS (INSERT INTO canaries (name) VALUES ($1) RETURNING id)
     INSERT INTO checks (canary_id, type, name) SELECT c.id, 'http', n FROM c, unnest($2::text[]) AS n RETURNING id, name`,
    [canary, names],
  );
  return names.map((name) => {
    const row = rows.find((r) => r.name === name);
    if (!row) throw new Error(`check ${name} was not created`);
    return row;
  });
}

/** One run as the fixture stored it, oldest first in {@link PackedHistory.runs}. */
export interface StoredRun {
  time: Date;
  status: boolean;
  /** Unique within the history (its position + 1), so a run is told by its duration. */
  duration: number;
  message: string;
}

/** What {@link recordPackedHistory} stored. */
export interface PackedHistory {
  runs: StoredRun[];
  /** The current UTC hour's start (ms): runs from it on are rows. */
  hourNow: number;
  /** Runs before this time are packed into blocks; from it on they are rows. */
  packedBefore: Date;
}

/** Options of {@link recordPackedHistory}. */
export interface PackedHistoryOptions {
  /** Past hours packed into blocks, before the previous hour (default 3). */
  packedHours?: number;
  /** Runs in each past hour, spread over it (default 6). */
  runsPerHour?: number;
  /** Whether the run at `index` (oldest first) fails; default every fourth. */
  fails?: (index: number) => boolean;
}

/**
 * Stores runs of `checkId` in `packedHours` past hours, the previous hour and the current hour up to now
 * (up to three runs there; none only in its first 3 ms), as the runner stores them, then packs every
 * hour before the previous one. A failure carries an error and its details (always kept); a pass carries
 * `{ code: 200 }`, kept only when the answer changed.
 */
export async function recordPackedHistory(
  database: Database,
  checkId: string,
  options: PackedHistoryOptions = {},
): Promise<PackedHistory> {
  const packedHours = options.packedHours ?? 3;
  const perHour = options.runsPerHour ?? 6;
  const fails = options.fails ?? ((index: number) => index % 4 === 3);
  const now = Date.now();
  const hourNow = Math.floor(now / HOUR) * HOUR;
  const times: number[] = [];
  for (let h = packedHours + 1; h >= 1; h--) {
    for (let i = 0; i < perHour; i++) times.push(hourNow - h * HOUR + Math.floor((i * HOUR) / perHour) + 7 * i);
  }
  const current = new Set([0, 1, 2].map((i) => hourNow + Math.floor(((now - hourNow) * i) / 3)));
  times.push(...current);
  const runs = times.map((time, index): StoredRun => {
    const status = !fails(index);
    const duration = index + 1;
    return { time: new Date(time), status, duration, message: status ? 'ok' : `HTTP 503 in ${duration} ms` };
  });
  // One at a time, as the runner stores them (each compared with the check's last stored answer).
  for (const run of runs) {
    const result: CheckResult = run.status
      ? { status: 'healthy', duration: run.duration, message: run.message, details: { code: 200 } }
      : {
          status: 'unhealthy',
          duration: run.duration,
          message: run.message,
          error: 'HTTP 503',
          details: { code: 503, run: run.duration },
        };
    await recordResults(database.db, [{ checkId, time: run.time, result, nextRuntime: null }]);
  }
  const packedBefore = new Date(hourNow - HOUR);
  await packResults(database, { before: packedBefore });
  return { runs, hourNow, packedBefore };
}
