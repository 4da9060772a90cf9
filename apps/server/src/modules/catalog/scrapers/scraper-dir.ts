/**
 * Scrapers from YAML or JSON files in a watched folder (`MC_SCRAPER_DIR`), so teams keep config-db
 * ScrapeConfig files in git or a config map and the server follows them — through the shared
 * watched-folder helper (platform/watched-folder.ts: bounded parsing, reconcile, a bad file deletes
 * nothing, debounced watch and poll). Those scrapers are read-only through the API and console (source
 * `ConfigFile`, 001 §2), as canary and topology files are.
 */
import type { Database } from '@mc/db';
import { canonicalJson } from '../../../platform/canonical-json.js';
import type { WatchedFolder, WatchedFolderSource } from '../../../platform/watched-folder.js';
import { keyedDocument, recordsByKey, watchedFolderEntryPoints } from '../../../platform/watched-records.js';
import { type ScrapeConfigDocument, validateScrapeConfig } from './scrape-config.js';
import { listScrapers, type ScraperRow } from './scrapers.repo.js';
import { scrapersService, type WriteContext } from './scrapers.service.js';

const WRITER: WriteContext = { actor: { kind: 'system', name: 'scraper-dir' } };

/** A running folder watcher. */
export type ScraperDirWatcher = WatchedFolder;

/** The scrapers a folder holds, as the watched-folder helper asks for them. */
function scraperSource(database: Database): WatchedFolderSource<ScrapeConfigDocument, ScraperRow> {
  const service = scrapersService(database);
  return {
    noun: 'scraper',
    check(raw) {
      const result = validateScrapeConfig(raw);
      return result.ok ? keyedDocument(result.config) : { ok: false, errors: result.errors };
    },
    async live() {
      return recordsByKey((await listScrapers(database.pool)).filter((row) => row.source === 'ConfigFile'));
    },
    unchanged: (row, doc) => canonicalJson(row.spec) === canonicalJson(doc.spec),
    async apply(doc) {
      await service.upsertFrom('ConfigFile', doc, WRITER);
    },
    async remove(row) {
      await service.remove(row.id, WRITER, { fromFile: true });
    },
  };
}

const scraperDir = watchedFolderEntryPoints(scraperSource, (dir) => ({ module: 'catalog', scraperDir: dir }));

/** Reconciles the live `ConfigFile` scrapers with the folder's documents once. */
export const syncScraperDir = scraperDir.sync;

/** Follows the folder: a sync now, then on change events (debounced) and every `pollMs`. */
export const watchScraperDir = scraperDir.watch;
