/**
 * A scraper written through `/api/db/config_scrapers` (as upstream's console does) takes effect exactly
 * as one written through `/api/catalog/scrapers`, in the same transaction: a live row is validated as a
 * ScrapeConfig (400 naming the problem) and gets its schedule; a deleted or soft-deleted one loses its
 * schedule and its items are soft-deleted, with the playbooks they made (crdSync). Scrapers from watched
 * files stay read-only here too.
 */

import type { JsonRecord, WriteHook } from '../../rest/index.js';
import { PgrstError } from '../../rest/index.js';
import { forgetCrdPlaybooks } from '../scrape/crd-sync.js';
import { SCRAPE_CONFIG_API_VERSION, validateScrapeConfig } from './scrape-config.js';
import { softDeleteScraper } from './scrapers.repo.js';
import { applyScraper, unscheduleScraper } from './scrapers.service.js';

function documentOf(row: JsonRecord) {
  const result = validateScrapeConfig({
    apiVersion: SCRAPE_CONFIG_API_VERSION,
    kind: 'ScrapeConfig',
    metadata: { name: row.name, namespace: row.namespace ?? 'default' },
    spec: row.spec ?? {},
  });
  if (!result.ok) {
    throw new PgrstError(
      400,
      '23514',
      `Invalid scraper: ${result.errors.slice(0, 10).join('; ')} (or use POST /api/catalog/scrapers with a ScrapeConfig)`,
    );
  }
  return result.config;
}

/** The data API's hook of config_scrapers. */
export const configScrapersWriteHook: WriteHook = async ({ images, trx, actor }) => {
  for (const [before, after] of images) {
    if (before?.source === 'ConfigFile') {
      throw new PgrstError(
        403,
        '42501',
        `Scraper '${String(before.namespace)}/${String(before.name)}' comes from a file and is read-only`,
      );
    }
    const id = String((after ?? before)?.id);
    if (after && after.deleted_at === null) {
      const agent = typeof after.agent_id === 'string' ? { agent_id: after.agent_id } : {};
      await applyScraper(trx, { id, ...agent }, documentOf(after));
    } else {
      if (after) {
        await softDeleteScraper(trx, id);
        await forgetCrdPlaybooks(trx, id, actor);
      }
      await unscheduleScraper(trx, id);
    }
  }
};
