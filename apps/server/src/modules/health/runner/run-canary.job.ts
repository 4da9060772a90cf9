/**
 * The job each canary's named schedule (`canary:<id>`) enqueues at every tick. The jobs module fires a
 * tick once across all replicas, skips a tick while the previous run is still going, and collapses
 * ticks missed during downtime into one run, so no stampede follows a restart. A tick whose worker
 * died mid-run is retried once when its lease expires. Within a run the checks' starts are spaced a
 * couple of ms apart (checkStartDelay) and all runs share the process's concurrency bound. Results are
 * stored in batches across the runs finishing together (results/result-writer.ts).
 */
import { z } from 'zod';
import { defineJob, PermanentJobError } from '../../jobs/index.js';
import { canaryIsLive } from '../canaries/canaries.repo.js';
import type { CheckResult } from '../check-types/check-context.js';
import { onAbort } from '../check-types/run-signal.js';
import { setNextRuntime } from '../results/results.repo.js';
import { dependencyOrder, hasDependencies } from './check-order.js';
import { type CheckOutputs, outputOf } from './check-outputs.js';
import { CANARY_SLOTS, type CheckRunner, checkRunnerFor, checkStartDelay, type RunnableCheck } from './check-runner.js';
import { combineJunitResults, isJunitCheck } from './junit-result.js';
import { canaryTickOf } from './runnable-checks.repo.js';
import { type TransformedEntry, transformedEntries } from './transformed-entries.js';

/** Name of a canary's schedule. */
export const canaryScheduleName = (canaryId: string) => `canary:${canaryId}`;

/** Waits `ms`, or less when `signal` aborts; the waits of one tick share one listener on its signal. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      release();
      resolve();
    }, ms);
    const release = onAbort(signal, () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** A check's `dependsOn` as stored in its spec. */
function withDeps(check: RunnableCheck): RunnableCheck & { dependsOn?: string[] } {
  const deps = (check.spec as { dependsOn?: unknown } | null)?.dependsOn; // the spec is an object its schema validated
  return Array.isArray(deps) ? { ...check, dependsOn: deps.map(String) } : check;
}

/**
 * canary-checker's run of a canary whose checks name dependencies: one check at a time, each after the
 * checks it depends on, each seeing the `outputs` of the checks that passed before it. A check whose
 * dependency failed still runs (as upstream): it finds no output of that dependency.
 */
async function runInDependencyOrder(
  runner: CheckRunner,
  checks: RunnableCheck[],
  options: { signal: AbortSignal; nextRuntime: Date | null; record: boolean },
): Promise<(CheckResult | undefined)[]> {
  // Saving refuses loops; a canary stored before that rule runs in its own order rather than not at all.
  const ordered = dependencyOrder(checks.map(withDeps)) ?? checks;
  const outputs: CheckOutputs = {};
  const byId = new Map<string, CheckResult>();
  for (const check of ordered) {
    if (options.signal.aborted) continue;
    const result = await runner.run(check, { ...options, outputs: { ...outputs } });
    const output = outputOf(result);
    if (output) outputs[check.name] = output;
    byId.set(check.id, result);
  }
  // In the canary's own order, so each result stays beside its check.
  return checks.map((check) => byId.get(check.id));
}

/** A run and, as tests of their own (upstream's suite counts every result), its transform's named entries. */
function withEntries(check: RunnableCheck, result: CheckResult): { check: RunnableCheck; result: CheckResult }[] {
  const { transformed, ...own } = result;
  if (!transformed?.length) return [{ check, result }];
  const { entries } = transformedEntries(transformed, check);
  const spec = (entry: TransformedEntry) => ({ description: entry.description ?? undefined, labels: entry.labels });
  return [
    { check, result: own },
    ...entries.map((entry) => ({
      check: { ...check, type: entry.type, name: entry.name, spec: spec(entry) },
      result: entry.result,
    })),
  ];
}

/** Stores a junit-mode run's combined result on its junit check (a run cut short stores nothing). */
async function recordJunit(
  runner: CheckRunner,
  junit: RunnableCheck,
  checks: RunnableCheck[],
  ran: (CheckResult | undefined)[],
  nextRuntime: Date | null,
): Promise<CheckResult | undefined> {
  if (ran.includes(undefined) || ran.length < checks.length) return undefined;
  const runs = checks.flatMap((check, index) => {
    const result = ran[index];
    return result ? withEntries(check, result) : [];
  });
  const combined = combineJunitResults(junit.canary_name, runs);
  return runner.record(junit, new Date(), combined, nextRuntime);
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
  slots: CANARY_SLOTS,
  async handler({ payload, signal, deps }) {
    const db = deps.database.db;
    const schedule = canaryScheduleName(payload.canaryId);
    // One statement: the checks to run and the schedule's next tick (each stored result's next_runtime).
    const { checks: rows, nextRuntime } = await canaryTickOf(deps.database, payload.canaryId, schedule);
    // A junit-mode canary (spec.resultMode) stores one combined result, on its junit check, instead.
    const junit = rows.find(isJunitCheck);
    const checks = rows.filter((check) => !isJunitCheck(check));
    if (checks.length === 0) {
      if (!(await canaryIsLive(db, payload.canaryId)))
        throw new PermanentJobError(`canary ${payload.canaryId} is gone`);
      return { status: 'SKIPPED', successCount: 0 };
    }
    const runner = checkRunnerFor(deps);
    const record = !junit;
    const ran = hasDependencies(checks.map(withDeps))
      ? await runInDependencyOrder(runner, checks, { signal, nextRuntime, record })
      : await Promise.all(
          checks.map(async (check, index) => {
            await sleep(checkStartDelay(index, checks.length), signal);
            if (signal.aborted) return undefined;
            return runner.run(check, { signal, nextRuntime, record });
          }),
        );
    const results = junit ? [await recordJunit(runner, junit, checks, ran, nextRuntime)] : ran;
    // Each stored result set its check's next_runtime; only runs cut short by the signal left theirs behind.
    if (results.includes(undefined) || junit) await setNextRuntime(db, payload.canaryId, nextRuntime);
    const failed = results.filter((result) => result?.status === 'unhealthy');
    return {
      successCount: results.length - failed.length,
      errorCount: failed.length,
      details: { errors: failed.slice(0, 20).map((result) => result?.message ?? '') },
    };
  },
});
