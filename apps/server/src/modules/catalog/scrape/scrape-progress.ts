/**
 * Progress of a running scrape, visible while it runs: a `RUNNING` job_history row for the scraper
 * (resource type `config_scraper`) whose `details.progress` says the phase and how many of the items
 * are done, updated at most every {@link PROGRESS_INTERVAL_MS}. When the run ends the row is removed and
 * the job's own history row (with the counts) takes its place; a row left by a crashed run is removed
 * when the scraper next runs.
 */
import { hostname } from 'node:os';
import type { Database } from '@mc/db';
import {
  deleteProgress,
  deleteRunningProgress,
  insertProgress,
  type ProgressDetails,
  updateProgress,
} from './scrape-progress.repo.js';

/** Least time between two progress writes. */
export const PROGRESS_INTERVAL_MS = 500;

/** A running scrape's progress reporter. */
export interface ScrapeProgress {
  report(phase: string, done: number, total: number): void;
  /** Writes the last report and removes the row. */
  finish(): Promise<void>;
}

/** Starts reporting the progress of one scrape of `scraperId`. */
export async function startProgress(database: Database, jobName: string, scraperId: string): Promise<ScrapeProgress> {
  // One scrape of a scraper runs at a time (the schedule's singleton key): a RUNNING row left by a
  // worker that died mid-run is stale.
  await deleteRunningProgress(database, scraperId);
  const id = await insertProgress(database, jobName, scraperId, { phase: 'scrape', done: 0, total: 0 }, hostname());
  let last = 0;
  let writing: Promise<unknown> = Promise.resolve();
  let pending: ProgressDetails | undefined;
  const write = () => {
    if (!pending || !id) return;
    const progress = pending;
    pending = undefined;
    last = Date.now();
    writing = writing.then(() => updateProgress(database, id, progress)).catch(() => {}); // progress is best effort: a failed write never fails the scrape
  };
  return {
    report(phase, done, total) {
      pending = { phase, done, total };
      if (Date.now() - last >= PROGRESS_INTERVAL_MS) write();
    },
    async finish() {
      await writing;
      if (id) await deleteProgress(database, id).catch(() => {});
    },
  };
}
