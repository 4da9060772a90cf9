/**
 * The catalog module's public face: what other modules, the composition root and tests may use.
 * Everything else in this folder is private to the module.
 */
import { CATALOG_QUERY_API } from './api/catalog-api.openapi.js';
import { liveItemsCount } from './api/list-count.js';
import { changeRetentionJob } from './changes/change-retention.job.js';
import { runScraperJob } from './scrape/run-scraper.job.js';
import { configScrapersWriteHook } from './scrapers/config-scrapers-write.hook.js';
import { SCRAPERS_API } from './scrapers/scrapers.openapi.js';

export { registerCatalogApiRoutes } from './api/catalog-api.routes.js';
export { maskUnattributedItems } from './kinds/config-mask.js';
export { NO_SCRAPER_FILE_ROOTS_MESSAGE } from './kinds/file.js';
export { globFiles } from './kinds/file-glob.js';
export { listAll } from './kinds/kube-client.js';
export type { KindContext } from './kinds/scraper-kind.js';
export { catalogSettings, FILE_ROOTS_ENV, FILE_ROOTS_PROPERTY, splitFileRoots } from './scrape/catalog-settings.js';
export { documentMasks } from './scrape/document-masks.js';
export { refKey, type ScrapeBatch } from './scrape/save-results.js';
export { collect, documentOfRow, runScrape, saveCollected } from './scrape/scrape-engine.js';
export {
  DEFAULT_SCRAPE_SCHEDULE,
  SCRAPE_CONFIG_API_VERSION,
  scraperSchedule,
  validateScrapeConfig,
} from './scrapers/scrape-config.js';
export { type ScraperDirWatcher, watchScraperDir } from './scrapers/scraper-dir.js';
export { registerScraperRoutes } from './scrapers/scrapers.routes.js';
export { findScraperRow } from './scrapers/scrapers.service.js';
export { ensureSystemScraper } from './scrapers/system-scraper.js';

/** What the composition root (src/composition) assembles from this module. */
export const catalogModule = {
  name: 'catalog',
  jobs: [runScraperJob, changeRetentionJob],
  writeHooks: { config_scrapers: configScrapersWriteHook },
  // the list's exact total for a type and/or health filter, from the maintained counters (api/list-count.ts)
  countSources: { configs: liveItemsCount, config_items: liveItemsCount },
  apiDocs: [
    { tag: 'catalog scrapers', routes: SCRAPERS_API },
    { tag: 'catalog', routes: CATALOG_QUERY_API },
  ],
};
