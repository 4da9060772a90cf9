/**
 * The job each canary's named schedule (`canary:<id>`) enqueues at every tick. The jobs module fires a
 * tick once across all replicas, skips a tick while the previous run is still going, and collapses
 * ticks missed during downtime into one run, so no stampede follows a restart. A tick whose worker
 * died mid-run is retried once when its lease expires. Within a run the checks' starts are spaced a
 * couple of ms apart (checkStartDelay) and all runs share the process's concurrency bound. Results are
 * stored in batches across the runs finishing together (results/result-writer.ts).
 */
import { setMaxListeners } from 'node:events';
import { z } from 'zod';
import { defineJob, getSchedule, PermanentJobError } from '../../jobs/index.js';
import { canaryIsLive } from '../canaries/canaries.repo.js';
import { setNextRuntime } from '../results/results.repo.js';
import { checkRunnerFor, checkStartDelay } from './check-runner.js';
import { runnableChecksOf } from './runnable-checks.repo.js';

/** Name of a canary's schedule. */
export const canaryScheduleName = (canaryId: string) => `canary:${canaryId}`;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const onAbort = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Runs every live check of one canary and records the results. */
export const runCanaryJob = defineJob({
  name: 'run_canary',
  payload: z.object({ canaryId: z.guid() }),
  // A failed check is a result, not a job failure, so attempts only run out when a worker dies mid-run
  // (crash, SIGKILL): its lease expires and the tick runs once more, promptly, before the next tick.
  maxAttempts: 2,
  backoff: { baseMs: 1_000, maxMs: 5_000 },
  timeoutMs: 10 * 60_000,
  resourceType: 'canary',
  async handler({ payload, signal, deps }) {
    const db = deps.database.db;
    const checks = await runnableChecksOf(db, payload.canaryId);
    if (checks.length === 0) {
      if (!(await canaryIsLive(db, payload.canaryId)))
        throw new PermanentJobError(`canary ${payload.canaryId} is gone`);
      return { status: 'SKIPPED', successCount: 0 };
    }
    const schedule = await getSchedule(deps.database.pool, canaryScheduleName(payload.canaryId));
    const nextRuntime = schedule?.enabled ? new Date(schedule.next_run_at) : null;
    const runner = checkRunnerFor(deps);
    // Every check of the canary listens on the job's signal at once (its own timeout joins it): not a leak.
    setMaxListeners(checks.length + 10, signal);
    const results = await Promise.all(
      checks.map(async (check, index) => {
        await sleep(checkStartDelay(index, checks.length), signal);
        if (signal.aborted) return undefined;
        return runner.run(check, { signal, nextRuntime });
      }),
    );
    // Each stored result set its check's next_runtime; only runs cut short by the signal left theirs behind.
    if (results.includes(undefined)) await setNextRuntime(db, payload.canaryId, nextRuntime);
    const failed = results.filter((result) => result?.status === 'unhealthy');
    return {
      successCount: results.length - failed.length,
      errorCount: failed.length,
      details: { errors: failed.slice(0, 20).map((result) => result?.message ?? '') },
    };
  },
});
