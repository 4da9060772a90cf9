import { scraperDetailSchema, scraperListSchema, scraperRunAnswerSchema, scraperViewSchema } from '@mc/contracts';
import { z } from 'zod';
import type { RouteDoc } from '../../../platform/openapi/route-docs.js';
import { scrapeConfigSchema } from './scrape-config.js';

/** A ScrapeConfig as JSON, or the same document as YAML text. */
const scraperBody = { 'application/json': scrapeConfigSchema, 'application/yaml': z.string() };

/** The catalog scrapers API as `/api/openapi.json` describes it. */
export const SCRAPERS_API: readonly RouteDoc[] = [
  {
    method: 'get',
    path: '/api/catalog/scrapers',
    summary: 'Catalog scrapers with their item counts and last run',
    response: scraperListSchema,
  },
  {
    method: 'get',
    path: '/api/catalog/scrapers/{id}',
    summary: 'One scraper: its ScrapeConfig, items by type, latest runs and the progress of a running one',
    response: scraperDetailSchema,
  },
  {
    method: 'post',
    path: '/api/catalog/scrapers',
    summary: 'Create a scraper from a ScrapeConfig (YAML or JSON); schedules it and runs it at once',
    bodyContent: scraperBody,
    response: scraperViewSchema,
    status: 201,
    errors: [409, 413],
  },
  {
    method: 'put',
    path: '/api/catalog/scrapers/{id}',
    summary: 'Replace a scraper’s ScrapeConfig (read-only for scrapers from files)',
    bodyContent: scraperBody,
    response: scraperViewSchema,
    errors: [409, 413],
  },
  {
    method: 'delete',
    path: '/api/catalog/scrapers/{id}',
    summary: 'Delete a scraper and its schedule; its items are soft-deleted',
    status: 204,
  },
  {
    method: 'post',
    path: '/api/catalog/scrapers/{id}/run',
    summary: 'Run Now: queue one scrape (once across replicas); wait=true answers when it finished',
    query: z.object({ wait: z.enum(['true', 'false']).optional() }),
    response: scraperRunAnswerSchema,
  },
];
