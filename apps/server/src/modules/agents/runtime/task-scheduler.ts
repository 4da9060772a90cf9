import type { Logger } from '../../../platform/logger.js';
import { nextRun, type ScheduleSpec } from '../../jobs/index.js';

/** Work the agent runs on a schedule: a canary or a scraper pulled from the upstream. */
export interface ScheduledTask {
  id: string;
  /** Names it in the log. */
  label: string;
  /** Changes whenever the upstream's definition changes, so the task restarts with it. */
  fingerprint: string;
  schedule: ScheduleSpec;
  run(): Promise<void>;
}

interface Entry {
  kind: string;
  fingerprint: string;
  timer: NodeJS.Timeout | undefined;
  busy: boolean;
}

/**
 * Keeps the agent's scheduled work in step with what the upstream assigns: a new task runs at once and
 * then on its schedule (a `@never` one is kept and never runs), a changed one restarts, a gone one stops. A task still running when its next
 * tick comes skips that tick, so a slow scrape never piles up behind itself.
 */
export function taskScheduler(logger: Logger, stopping: AbortSignal) {
  const scheduled = new Map<string, Entry>();
  const running = new Set<Promise<void>>();

  const launch = (task: ScheduledTask, entry: Entry) => {
    if (entry.busy) return;
    entry.busy = true;
    const run = task
      .run()
      .catch((error: unknown) => logger.error('scheduled run failed', { task: task.label, error }))
      .finally(() => {
        entry.busy = false;
        running.delete(run);
      });
    running.add(run);
  };

  const plan = (task: ScheduledTask, entry: Entry) => {
    if (task.schedule.kind === 'never') return; // @never: kept, never due
    const wait = Math.max(0, nextRun(task.schedule, task.id, 0, new Date()).getTime() - Date.now());
    entry.timer = setTimeout(() => {
      launch(task, entry);
      if (!stopping.aborted && scheduled.get(task.id) === entry) plan(task, entry);
    }, wait);
  };

  return {
    /** Follows the upstream's list of tasks of one kind (the ids are unique across kinds). */
    reconcile(tasks: readonly ScheduledTask[], kind: string): void {
      const seen = new Set<string>();
      for (const task of tasks) {
        seen.add(task.id);
        const current = scheduled.get(task.id);
        if (current?.fingerprint === task.fingerprint) continue;
        // a changed task keeps its entry, so a run still in progress keeps it busy until it ends
        const entry: Entry = current ?? { kind, fingerprint: task.fingerprint, timer: undefined, busy: false };
        if (entry.timer) clearTimeout(entry.timer);
        entry.fingerprint = task.fingerprint;
        scheduled.set(task.id, entry);
        if (task.schedule.kind !== 'never') launch(task, entry);
        plan(task, entry);
      }
      for (const [id, entry] of scheduled) {
        if (entry.kind !== kind || seen.has(id)) continue;
        if (entry.timer) clearTimeout(entry.timer);
        scheduled.delete(id);
      }
    },
    /** Stops every timer and waits (up to `timeoutMs`) for the runs in progress. */
    async stop(timeoutMs: number): Promise<void> {
      for (const entry of scheduled.values()) if (entry.timer) clearTimeout(entry.timer);
      await Promise.race([
        Promise.allSettled([...running]),
        new Promise((resolve) => setTimeout(resolve, timeoutMs).unref()),
      ]);
    },
  };
}
