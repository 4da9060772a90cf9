/**
 * Scrapers from YAML or JSON files in a watched folder (`MC_SCRAPER_DIR`), so teams keep config-db
 * ScrapeConfig files in git or a config map and the server follows them. Every sync reconciles the
 * whole folder with the live `ConfigFile` scrapers: a new or changed document is written, an unchanged
 * one left alone, and a scraper whose document is gone is deleted. A folder with an unreadable or
 * invalid file deletes nothing, so a typo never drops a scraper. Those scrapers are read-only through
 * the API and console (source `ConfigFile`, 001 §2), as canary files are.
 */
import { type FSWatcher, watch } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from '@mc/db';
import { DOCUMENT_LIMITS } from '../../../platform/bounded-json.js';
import { boundedToJs, parseBoundedYamlDocuments } from '../../../platform/bounded-yaml.js';
import { AppError } from '../../../platform/errors.js';
import type { Logger } from '../../../platform/logger.js';
import { canonicalJson } from '../scrape/canonical.js';
import { type ScrapeConfigDocument, validateScrapeConfig } from './scrape-config.js';
import { listScrapers } from './scrapers.repo.js';
import { scrapersService, type WriteContext } from './scrapers.service.js';

const SCRAPER_FILE = /^[^.].*\.(ya?ml|json)$/i;
const WRITER: WriteContext = { actor: { kind: 'system', name: 'scraper-dir' } };
const keyOf = (namespace: string, name: string) => `${namespace}/${name}`;

/** What one sync did. */
export interface ScraperDirSync {
  applied: string[];
  removed: string[];
  errors: string[];
}

async function readDocuments(dir: string, errors: string[]): Promise<Map<string, ScrapeConfigDocument>> {
  const documents = new Map<string, ScrapeConfigDocument>();
  const files = (await readdir(dir, { withFileTypes: true }))
    .filter((entry) => !entry.isDirectory() && SCRAPER_FILE.test(entry.name))
    .map((entry) => entry.name)
    .sort();
  for (const file of files) {
    let parsed: ReturnType<typeof parseBoundedYamlDocuments>;
    try {
      parsed = parseBoundedYamlDocuments(await readFile(join(dir, file), 'utf8'), {}, DOCUMENT_LIMITS, 'file');
    } catch (error) {
      errors.push(`${file}: ${(error as Error).message}`); // fs and the bounds throw Errors
      continue;
    }
    for (const [index, document] of parsed.entries()) {
      const where = `${file} (document ${index + 1})`;
      if (document.errors.length > 0) {
        errors.push(`${where}: ${document.errors.map((e) => e.message).join('; ')}`);
        continue;
      }
      let raw: unknown;
      try {
        raw = boundedToJs(document, 'document');
      } catch (error) {
        errors.push(`${where}: ${(error as Error).message}`);
        continue;
      }
      if (raw === null || raw === undefined) continue;
      const result = validateScrapeConfig(raw);
      if (!result.ok) {
        errors.push(`${where}: ${result.errors.join('; ')}`);
        continue;
      }
      const key = keyOf(result.config.metadata.namespace ?? 'default', result.config.metadata.name);
      if (documents.has(key)) {
        errors.push(`${where}: scraper '${key}' is defined more than once`);
        continue;
      }
      documents.set(key, result.config);
    }
  }
  return documents;
}

/** Reconciles the live `ConfigFile` scrapers with the folder's documents once. */
export async function syncScraperDir(database: Database, dir: string): Promise<ScraperDirSync> {
  const outcome: ScraperDirSync = { applied: [], removed: [], errors: [] };
  let documents: Map<string, ScrapeConfigDocument>;
  try {
    documents = await readDocuments(dir, outcome.errors);
  } catch (error) {
    outcome.errors.push(`${dir}: ${(error as Error).message}`);
    return outcome;
  }
  const service = scrapersService(database);
  const live = new Map(
    (await listScrapers(database.pool))
      .filter((row) => row.source === 'ConfigFile')
      .map((row) => [keyOf(row.namespace, row.name), row]),
  );
  for (const [key, doc] of documents) {
    const row = live.get(key);
    if (row && canonicalJson(row.spec) === canonicalJson(doc.spec)) continue;
    try {
      await service.upsertFrom('ConfigFile', doc, WRITER);
      outcome.applied.push(key);
    } catch (error) {
      outcome.errors.push(`${key}: ${(error as Error).message}`); // the service throws Errors (a clash names the other source)
    }
  }
  if (outcome.errors.length > 0) return outcome;
  for (const [key, row] of live) {
    if (documents.has(key)) continue;
    try {
      await service.remove(row.id, WRITER, { fromFile: true });
      outcome.removed.push(key);
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'not_found')) throw error;
    }
  }
  return outcome;
}

/** A running folder watcher. */
export interface ScraperDirWatcher {
  settled(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Syncs the folder now, then on every change event (debounced) and every `pollMs`. Syncs never overlap;
 * errors are logged, never thrown.
 */
export function watchScraperDir(
  database: Database,
  dir: string,
  logger: Logger,
  options: { debounceMs?: number; pollMs?: number } = {},
): ScraperDirWatcher {
  const log = logger.child({ module: 'catalog', scraperDir: dir });
  let running: Promise<void> = Promise.resolve();
  let queued = false;
  let stopped = false;
  let lastErrors = '';
  const runOnce = async () => {
    try {
      const outcome = await syncScraperDir(database, dir);
      if (outcome.applied.length > 0 || outcome.removed.length > 0) {
        log.info('scraper files applied', { applied: outcome.applied, removed: outcome.removed });
      }
      const errors = outcome.errors.join('\n');
      if (errors && errors !== lastErrors) {
        log.warn('scraper files not applied; no scraper is deleted until they are fixed', { errors: outcome.errors });
      }
      lastErrors = errors;
    } catch (error) {
      log.error('scraper folder sync failed', { error: String(error) });
    }
  };
  const schedule = () => {
    if (stopped || queued) return;
    queued = true;
    running = running.then(() => {
      queued = false;
      return stopped ? undefined : runOnce();
    });
  };
  let debounce: NodeJS.Timeout | undefined;
  const onChange = () => {
    clearTimeout(debounce);
    debounce = setTimeout(schedule, options.debounceMs ?? 300);
  };
  let watcher: FSWatcher | undefined;
  try {
    watcher = watch(dir, onChange);
    watcher.on('error', (error) => log.warn('scraper folder watch stopped; polling only', { error: String(error) }));
  } catch (error) {
    log.warn('scraper folder not watched; polling only', { error: String(error) });
  }
  const poll = setInterval(schedule, options.pollMs ?? 30_000);
  poll.unref();
  schedule();
  return {
    async settled() {
      let current: Promise<void>;
      do {
        current = running;
        await current;
      } while (current !== running);
    },
    async stop() {
      stopped = true;
      clearTimeout(debounce);
      clearInterval(poll);
      watcher?.close();
      await running;
    },
  };
}
