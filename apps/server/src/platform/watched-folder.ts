/**
 * A watched folder of YAML or JSON documents that the server follows (canaries `MC_CANARY_DIR`, scrapers
 * `MC_SCRAPER_DIR`, topologies `MC_TOPOLOGY_DIR`, playbooks `MC_PLAYBOOK_DIR`), so teams keep their files in git or a config map. One
 * helper for all of them, so the rules are the same everywhere:
 *
 * - every `*.yaml`, `*.yml` and `*.json` file (hidden files and folders skipped) is read through the
 *   bounded YAML parser (size, depth, aliases; a hostile file is an error line, never a crash or a hang);
 *   a file may hold several `---` documents; empty documents are skipped;
 * - each document is validated by its owner and keyed (`namespace/name`); a key defined twice is an error;
 * - a sync reconciles the whole folder with the records the folder owns (source `ConfigFile`, which the
 *   owners make read-only in the API and console): a new or changed document is applied, an unchanged one
 *   left alone (no write, no audit row, no schedule reset), and a record whose document is gone is
 *   removed — unless any file or document was bad, so a typo never drops a record;
 * - the watcher syncs at start, after change events (debounced) and on a poll (network mounts lose
 *   events); syncs never overlap, and errors are logged (once until they change), never thrown.
 *
 * What the owners also say alike (keys, audited record writes, entry points) is in watched-records.ts.
 */
import { type FSWatcher, watch } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DOCUMENT_LIMITS } from './bounded-json.js';
import { boundedToJs, parseBoundedYamlDocuments } from './bounded-yaml.js';
import { AppError } from './errors.js';
import type { Logger } from './logger.js';

/** Files read from a watched folder: YAML (one or more `---` documents) or JSON; hidden entries skipped. */
export const WATCHED_FILE = /^[^.].*\.(ya?ml|json)$/i;

/** The owner's verdict on one document: its key and typed document, or the problems (without the file name). */
export type WatchedDocumentCheck<D> = { ok: true; key: string; document: D } | { ok: false; errors: string[] };

/** What a module supplies to follow a folder of its documents. */
export interface WatchedFolderSource<D, R> {
  /** What one document is, for messages and logs: `canary`, `scraper`, `topology`, `playbook`. */
  noun: string;
  /** Validates one parsed document and names its key (`namespace/name`). */
  check(raw: unknown): WatchedDocumentCheck<D>;
  /** The records this folder owns now (source `ConfigFile`), by key. */
  live(): Promise<Map<string, R>>;
  /** True when the stored record already says what the document says, so nothing is written. */
  unchanged(record: R, document: D): boolean;
  /** Creates or updates the record of a document as source `ConfigFile`; an Error is reported against its key. */
  apply(document: D, record: R | undefined): Promise<void>;
  /** Removes (soft-deletes) a record whose document is gone; an AppError `not_found` counts as done. */
  remove(record: R): Promise<void>;
  /** Errors of `apply` that mean the document is already applied (another replica won a race): not reported. */
  alreadyApplied?(error: unknown): boolean;
}

/** What one sync did. */
export interface WatchedFolderSync {
  /** Keys of records created or changed. */
  applied: string[];
  /** Keys of records removed because their document is gone. */
  removed: string[];
  /** One line per unreadable file or invalid document, naming the file (and the document's number). */
  errors: string[];
}

function parseFile<D>(
  source: WatchedFolderSource<D, unknown>,
  file: string,
  text: string,
  documents: Map<string, D>,
  errors: string[],
): void {
  let parsed: ReturnType<typeof parseBoundedYamlDocuments>;
  try {
    parsed = parseBoundedYamlDocuments(text, {}, DOCUMENT_LIMITS, 'file');
  } catch (error) {
    errors.push(`${file}: ${(error as Error).message}`); // a DocumentLimitError naming the limit
    return;
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
      errors.push(`${where}: ${(error as Error).message}`); // alias expansion over the limit
      continue;
    }
    if (raw === null || raw === undefined) continue;
    const result = source.check(raw);
    if (!result.ok) {
      errors.push(`${where}: ${result.errors.join('; ')}`);
      continue;
    }
    if (documents.has(result.key)) {
      errors.push(`${where}: ${source.noun} '${result.key}' is defined more than once`);
      continue;
    }
    documents.set(result.key, result.document);
  }
}

async function readDocuments<D>(
  source: WatchedFolderSource<D, unknown>,
  dir: string,
  errors: string[],
): Promise<Map<string, D>> {
  const documents = new Map<string, D>();
  const files = (await readdir(dir, { withFileTypes: true }))
    .filter((entry) => !entry.isDirectory() && WATCHED_FILE.test(entry.name))
    .map((entry) => entry.name)
    .sort();
  for (const file of files) {
    let text: string;
    try {
      text = await readFile(join(dir, file), 'utf8');
    } catch (error) {
      errors.push(`${file}: ${(error as Error).message}`); // fs rejects with Errors
      continue;
    }
    parseFile(source, file, text, documents, errors);
  }
  return documents;
}

/** Reconciles the records a folder owns with its documents once. */
export async function syncWatchedFolder<D, R>(
  source: WatchedFolderSource<D, R>,
  dir: string,
): Promise<WatchedFolderSync> {
  const outcome: WatchedFolderSync = { applied: [], removed: [], errors: [] };
  let documents: Map<string, D>;
  try {
    documents = await readDocuments(source as WatchedFolderSource<D, unknown>, dir, outcome.errors);
  } catch (error) {
    outcome.errors.push(`${dir}: ${(error as Error).message}`); // readdir rejects with Errors
    return outcome;
  }
  const live = await source.live();
  for (const [key, document] of documents) {
    const record = live.get(key);
    if (record !== undefined && source.unchanged(record, document)) continue;
    try {
      await source.apply(document, record);
      outcome.applied.push(key);
    } catch (error) {
      if (source.alreadyApplied?.(error)) continue;
      outcome.errors.push(`${key}: ${(error as Error).message}`); // services throw Errors (a clash names the other source)
    }
  }
  if (outcome.errors.length > 0) return outcome;
  for (const [key, record] of live) {
    if (documents.has(key)) continue;
    try {
      await source.remove(record);
      outcome.removed.push(key);
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'not_found')) throw error;
    }
  }
  return outcome;
}

/** A running folder watcher. */
export interface WatchedFolder {
  /** Resolves once the sync running or queued now has finished. */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

/** Options of the watcher; the defaults suit production. */
export interface WatchedFolderOptions {
  /** Changes within this many ms are applied together (editors write a file in several steps). */
  debounceMs?: number;
  /** Full re-read period, for file systems whose change events are unreliable (network mounts). */
  pollMs?: number;
}

/**
 * Syncs the folder now, then on every change event (debounced) and every `pollMs`. Syncs never overlap:
 * a change during a sync queues exactly one more. Errors are logged, never thrown. `logger` should carry
 * the module and folder (`logger.child({ module, canaryDir })`).
 */
export function watchFolder<D, R>(
  source: WatchedFolderSource<D, R>,
  dir: string,
  logger: Logger,
  options: WatchedFolderOptions = {},
): WatchedFolder {
  const { noun } = source;
  let running: Promise<void> = Promise.resolve();
  let queued = false;
  let stopped = false;
  let lastErrors = '';

  const runOnce = async () => {
    try {
      const outcome = await syncWatchedFolder(source, dir);
      if (outcome.applied.length > 0 || outcome.removed.length > 0) {
        logger.info(`${noun} files applied`, { applied: outcome.applied, removed: outcome.removed });
      }
      const errors = outcome.errors.join('\n');
      if (errors && errors !== lastErrors) {
        logger.warn(`${noun} files not applied; no ${noun} is deleted until they are fixed`, {
          errors: outcome.errors,
        });
      }
      lastErrors = errors;
    } catch (error) {
      logger.error(`${noun} folder sync failed`, { error: String(error) });
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
    watcher.on('error', (error) => logger.warn(`${noun} folder watch stopped; polling only`, { error: String(error) }));
  } catch (error) {
    logger.warn(`${noun} folder not watched; polling only`, { error: String(error) });
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
