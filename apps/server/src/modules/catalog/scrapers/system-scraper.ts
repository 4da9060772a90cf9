/**
 * The scraper a new install starts with: 'system' (source System) with one `system` entry, so the
 * catalog shows this host and installation from the first minute (its schedule's first tick is at
 * creation). Created once; a later start leaves it (and any edit or deletion by an admin) alone.
 */
import type { Database } from '@mc/db';
import type { Logger } from '../../../platform/logger.js';
import { SCRAPE_CONFIG_API_VERSION, type ScrapeConfigDocument } from './scrape-config.js';
import { systemScraperExists } from './scrapers.repo.js';
import { scrapersService } from './scrapers.service.js';

/** Name of the system scraper. */
export const SYSTEM_SCRAPER_NAME = 'system';

/** The system scraper's document. */
export function systemScraper(): ScrapeConfigDocument {
  return {
    apiVersion: SCRAPE_CONFIG_API_VERSION,
    kind: 'ScrapeConfig',
    metadata: { name: SYSTEM_SCRAPER_NAME, namespace: 'default' },
    spec: { schedule: '@every 5m', system: [{}] },
  };
}

/** Adds the system scraper unless one exists (live or deleted by an admin: a deletion is respected). */
export async function ensureSystemScraper(database: Database, logger: Logger): Promise<void> {
  if (await systemScraperExists(database.pool, SYSTEM_SCRAPER_NAME)) return;
  try {
    await scrapersService(database).create(systemScraper(), { actor: { kind: 'system', name: 'catalog' } }, 'System');
    logger.info('catalog: added the system scraper');
  } catch (error) {
    // Two replicas starting together: the unique index lets one win; the other's conflict is fine.
    logger.debug('catalog: system scraper not added', { error: String(error) });
  }
}
