/**
 * The job each scraper's named schedule (`scraper:<id>`) enqueues at every tick, and Run Now enqueues
 * under the same singleton key, so a scraper never scrapes twice at once and a tick or a click fires
 * exactly once across replicas. Its job_history row carries the counts (details.scrape_summary:
 * created, updated, unchanged, deleted, errors…), the first errors and the first warnings (what the run
 * skipped as config-db does, e.g. a full-mode change without a type; no error).
 */
import { z } from 'zod';
import { defineJob, deleteSchedule } from '../../jobs/index.js';
import { runScrape } from './scrape-engine.js';

/** Name of the scrape job. */
export const RUN_SCRAPER_JOB = 'run_scraper';
/** Job-history resource type of scrapes (spec 001: "Catalog Scraper"). */
export const SCRAPER_RESOURCE_TYPE = 'config_scraper';
/** Errors kept in a run's history row. */
export const MAX_HISTORY_ERRORS = 50;

/** Name of a scraper's schedule. */
export const scraperScheduleName = (scraperId: string) => `scraper:${scraperId}`;

/** Scrapes one scraper. */
export const runScraperJob = defineJob({
  name: RUN_SCRAPER_JOB,
  payload: z.object({ scraperId: z.guid() }),
  // A failing source is a result (errors in the row), not a job failure; a retry covers a worker dying mid-run.
  maxAttempts: 2,
  backoff: { baseMs: 5_000, maxMs: 60_000 },
  timeoutMs: 30 * 60_000,
  resourceType: SCRAPER_RESOURCE_TYPE,
  async handler({ payload, signal, deps, job }) {
    const outcome = await runScrape(deps, payload.scraperId, { signal, jobName: job.name });
    if (outcome.agentId) {
      // assigned to an agent after it was scheduled here: its agent runs it, this server stops ticking it
      await deleteSchedule(deps.database.pool, scraperScheduleName(payload.scraperId));
      return { status: 'SKIPPED', details: { agent_id: outcome.agentId } };
    }
    const { counts } = outcome;
    return {
      successCount: counts.created + counts.updated + counts.unchanged,
      errorCount: counts.errors,
      details: {
        scrape_summary: counts,
        ...(outcome.errors.length > 0 ? { errors: outcome.errors.slice(0, MAX_HISTORY_ERRORS) } : {}),
        ...(outcome.warnings.length > 0 ? { warnings: outcome.warnings.slice(0, MAX_HISTORY_ERRORS) } : {}),
      },
    };
  },
});
