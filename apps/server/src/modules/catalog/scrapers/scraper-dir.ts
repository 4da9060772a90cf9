/**
 * Scrapers from YAML or JSON files in a watched folder (`MC_SCRAPER_DIR`), so teams keep config-db
 * ScrapeConfig files in git or a config map and the server follows them — through the shared
 * watched-folder helper (platform/watched-folder.ts: bounded parsing, reconcile, a bad file deletes
 * nothing, debounced watch and poll). Those scrapers are read-only through the API and console (source
 * `ConfigFile`, 001 §2), as canary and topology files are.
 */
import type { Database } from '@mc/db';
import type { Logger } from '../../../platform/logger.js';
import {
  syncWatchedFolder,
  type WatchedFolder,
  type WatchedFolderOptions,
  type WatchedFolderSource,
  type WatchedFolderSync,
  watchFolder,
} from '../../../platform/watched-folder.js';
import { canonicalJson } from '../scrape/canonical.js';
import { type ScrapeConfigDocument, validateScrapeConfig } from './scrape-config.js';
import { listScrapers, type ScraperRow } from './scrapers.repo.js';
import { scrapersService, type WriteContext } from './scrapers.service.js';

const WRITER: WriteContext = { actor: { kind: 'system', name: 'scraper-dir' } };
const keyOf = (namespace: string, name: string) => `${namespace}/${name}`;

/** What one sync did (keys are `namespace/name`). */
export type ScraperDirSync = WatchedFolderSync;
/** A running folder watcher. */
export type ScraperDirWatcher = WatchedFolder;

/** The scrapers a folder holds, as the watched-folder helper asks for them. */
function scraperSource(database: Database): WatchedFolderSource<ScrapeConfigDocument, ScraperRow> {
  const service = scrapersService(database);
  return {
    noun: 'scraper',
    check(raw) {
      const result = validateScrapeConfig(raw);
      if (!result.ok) return { ok: false, errors: result.errors };
      const { metadata } = result.config;
      return { ok: true, key: keyOf(metadata.namespace ?? 'default', metadata.name), document: result.config };
    },
    async live() {
      const rows = await listScrapers(database.pool);
      return new Map(
        rows.filter((row) => row.source === 'ConfigFile').map((row) => [keyOf(row.namespace, row.name), row]),
      );
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

/** Reconciles the live `ConfigFile` scrapers with the folder's documents once. */
export function syncScraperDir(database: Database, dir: string): Promise<ScraperDirSync> {
  return syncWatchedFolder(scraperSource(database), dir);
}

/** Follows the folder: a sync now, then on change events (debounced) and every `pollMs`. */
export function watchScraperDir(
  database: Database,
  dir: string,
  logger: Logger,
  options: WatchedFolderOptions = {},
): ScraperDirWatcher {
  return watchFolder(scraperSource(database), dir, logger.child({ module: 'catalog', scraperDir: dir }), options);
}
