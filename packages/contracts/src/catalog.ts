import { z } from 'zod';

/** One run of a scraper as job history records it. */
export const scraperRunSchema = z.object({
  id: z.string(),
  status: z.string(),
  time_start: z.string(),
  time_end: z.string().nullable(),
  duration_millis: z.number().nullable(),
  success_count: z.number().nullable(),
  error_count: z.number().nullable(),
  details: z.unknown(),
});

/** A scraper as the scrapers API answers it: the stored row as a ScrapeConfig document. */
export const scraperViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  namespace: z.string(),
  description: z.string().nullable(),
  spec: z.record(z.string(), z.unknown()).nullable(),
  source: z.string(),
  /** The agent that runs it (the all-zero id: this server). */
  agent_id: z.string(),
  created_by: z.string().nullable(),
  saved_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
  apiVersion: z.string(),
  kind: z.literal('ScrapeConfig'),
  metadata: z.object({ name: z.string(), namespace: z.string() }),
  schedule: z.string(),
});

/** `GET /api/catalog/scrapers` answer: each scraper with its live item count and latest finished run. */
export const scraperListSchema = z.array(
  scraperViewSchema.extend({ items: z.number(), last_run: scraperRunSchema.nullable() }),
);

const runWithHost = scraperRunSchema.extend({ name: z.string(), hostname: z.string().nullable() });

/** `GET /api/catalog/scrapers/{id}` answer: the scraper, its items by type and latest runs (a running one too). */
export const scraperDetailSchema = scraperViewSchema.extend({
  items: z.number(),
  item_types: z.array(z.object({ type: z.string(), count: z.number() })),
  runs: z.array(runWithHost),
  running: runWithHost.nullable(),
});

/** `POST /api/catalog/scrapers/{id}/run` answer. */
export const scraperRunAnswerSchema = z.object({
  scraper_id: z.string(),
  job_id: z.string().nullable(),
  queued: z.boolean().describe('false when a run was already queued or running: that run is the answer'),
  state: z.string(),
  run: z.record(z.string(), z.unknown()).nullable().describe('the run’s job history row, with wait=true'),
});
