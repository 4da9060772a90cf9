/** Where a queued job stands, for modules that wait on a job they queued (a scraper's Run Now). */
import type { Executor } from './executor.js';
import { findJobState, findLiveJobId } from './jobs.repo.js';

/** The id of the pending or running job of a singleton key, or undefined when none is live. */
export function liveJobOf(executor: Executor, singletonKey: string): Promise<string | undefined> {
  return findLiveJobId(executor, singletonKey);
}

/** A job's state and run times, or undefined once it is gone (pruned). */
export function jobStatus(
  executor: Executor,
  id: string,
): Promise<{ state: string; finished_at: Date | null; started_at: Date | null } | undefined> {
  return findJobState(executor, id);
}
