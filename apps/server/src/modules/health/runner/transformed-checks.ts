/**
 * Stores canary-checker's transformed checks: when a check's `transform` returns named entries, each
 * becomes a check of its own in the same canary (`transformed = true`) with its own result, as upstream's
 * SaveResults does (pkg/jobs/canary/canary_jobs.go). The parent keeps its own result. A transformed check
 * its parent's later run no longer returns is retired (soft-deleted), first recording a healthy or
 * unhealthy result when its `transformDeleteStrategy` is MarkHealthy or MarkUnhealthy; a run that returned
 * no entry (it failed before its transform, or the transform returned an empty list) retires none, as
 * upstream removes stale checks only after a run that created some. Unlike upstream, which compares all
 * the transformed checks of the canary, staleness is judged per parent check, so Run Now of one check and
 * a failing sibling never retire another check's entries.
 */
import type { Tables } from '@mc/db';
import type { Kysely } from 'kysely';
import { recordCheckMetric } from '../../../platform/metrics/check-metrics.js';
import type { CheckResult } from '../check-types/check-context.js';
import { type ResultEntry, recordResults } from '../results/results.repo.js';
import { retireTransformedChecks, staleTransformedChecks, upsertTransformedCheck } from './transformed-checks.repo.js';
import { type TransformedEntry, type TransformParent, transformedEntries } from './transformed-entries.js';

/** The result of an entry once its metrics are recorded (a refused one fails it, as for any check). */
function withMetrics(entry: TransformedEntry): CheckResult {
  const problems = entry.metrics.map(recordCheckMetric).filter((problem) => problem !== undefined);
  if (problems.length === 0) return entry.result;
  const reason = problems.join('; ');
  return { ...entry.result, status: 'unhealthy', message: reason, error: reason };
}

/** What a retired check records before it goes, by its strategy (none for Ignore or no strategy). */
function farewell(strategy: string | null, parentName: string): CheckResult | undefined {
  if (strategy !== 'MarkHealthy' && strategy !== 'MarkUnhealthy') return undefined;
  return {
    status: strategy === 'MarkHealthy' ? 'healthy' : 'unhealthy',
    duration: 0,
    message: `no longer returned by the transform of check '${parentName}'`,
    details: {},
  };
}

/** Retires the parent's transformed checks that `kept` leaves out, recording each one's farewell first. */
async function retireStale(db: Kysely<Tables>, parent: { id: string; name: string }, kept: string[]): Promise<void> {
  const stale = await staleTransformedChecks(db, parent.id, kept);
  if (stale.length === 0) return;
  const time = new Date();
  const marks = stale.flatMap(({ id, strategy }): ResultEntry[] => {
    const result = farewell(strategy, parent.name);
    return result ? [{ checkId: id, time, result, nextRuntime: null }] : [];
  });
  await recordResults(db, marks);
  await retireTransformedChecks(
    db,
    stale.map((check) => check.id),
  );
}

/**
 * Stores the transformed checks of a parent's run (its `time`) and retires the stale ones; answers the
 * parent's result to store, without the entries, failed naming any entry that could not be a check.
 */
export async function keepTransformedChecks(
  db: Kysely<Tables>,
  parent: TransformParent & { id: string },
  time: Date,
  result: CheckResult,
): Promise<CheckResult> {
  const { transformed, ...own } = result;
  if (!transformed?.length) return own;
  const { entries, problems } = transformedEntries(transformed, parent);
  const stored: ResultEntry[] = [];
  const retired: { id: string; at: Date }[] = [];
  for (const entry of entries) {
    const id = await upsertTransformedCheck(db, parent.id, entry);
    if (!id) {
      problems.push(`transform entry '${entry.name}' has the name of a ${entry.type} check of the canary's spec`);
      continue;
    }
    stored.push({ checkId: id, time, result: withMetrics(entry), nextRuntime: null });
    if (entry.deletedAt) retired.push({ id, at: entry.deletedAt });
  }
  await recordResults(db, stored);
  for (const { id, at } of retired) await retireTransformedChecks(db, [id], at);
  if (stored.length > 0) {
    await retireStale(
      db,
      parent,
      stored.map((entry) => entry.checkId),
    );
  }
  if (problems.length === 0) return own;
  const reason = problems.join('; ');
  return { ...own, status: 'unhealthy', message: reason, error: reason };
}
