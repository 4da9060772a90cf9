/**
 * The ScrapeConfig validator every save path uses and the kinds it knows, for the upstream field walk
 * (src/test/upstream-compatibility.ts), which checks what each upstream field answers at save.
 */
export { SCRAPER_KINDS } from '../kinds/registry.js';
export { scrapeConfigSchema, validateScrapeConfig } from '../scrapers/scrape-config.js';
