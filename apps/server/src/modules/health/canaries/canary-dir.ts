/**
 * Canaries from YAML files in a watched directory (`MC_CANARY_DIR`), so teams keep canary-checker
 * files in git or a config map and the server follows them. Every sync reconciles the whole
 * directory with the live `ConfigFile` canaries: a new or changed document is written, an unchanged
 * one left alone (no audit row, no schedule reset), and a canary whose document is gone is deleted.
 * A directory with an unreadable or invalid file deletes nothing, so a typo never drops checks.
 * Those canaries are read-only through the API and console (source `ConfigFile`, 001 §2).
 */
import { type FSWatcher, watch } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from '@mc/db';
import { DOCUMENT_LIMITS } from '../../../platform/bounded-json.js';
import { boundedToJs, parseBoundedYamlDocuments } from '../../../platform/bounded-yaml.js';
import { AppError } from '../../../platform/errors.js';
import type { Logger } from '../../../platform/logger.js';
import { listCanaries } from './canaries.repo.js';
import { canariesService, type WriteContext } from './canaries.service.js';
import { type CanaryDocument, validateCanary } from './canary-schema.js';

/** Files read from the directory: YAML (one or more `---` documents) or JSON; hidden entries skipped. */
const CANARY_FILE = /^[^.].*\.(ya?ml|json)$/i;

/** What one sync did. */
export interface CanaryDirSync {
  /** `namespace/name` of canaries created or changed. */
  applied: string[];
  /** `namespace/name` of canaries deleted because their document is gone. */
  removed: string[];
  /** One line per unreadable file or invalid document, naming the file. */
  errors: string[];
}

const WRITER: WriteContext = { actor: { kind: 'system', name: 'canary-dir' } };

const keyOf = (namespace: string, name: string) => `${namespace}/${name}`;

/** JSON with object keys sorted, so a stored jsonb value compares equal to the document it came from. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

const fingerprint = (labels: unknown, annotations: unknown, spec: unknown) =>
  canonical({ labels: labels ?? null, annotations: annotations ?? null, spec });

async function readDocuments(dir: string, errors: string[]): Promise<Map<string, CanaryDocument>> {
  const documents = new Map<string, CanaryDocument>();
  const files = (await readdir(dir, { withFileTypes: true }))
    .filter((entry) => !entry.isDirectory() && CANARY_FILE.test(entry.name))
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
    let parsedDocuments: ReturnType<typeof parseBoundedYamlDocuments>;
    try {
      parsedDocuments = parseBoundedYamlDocuments(text, {}, DOCUMENT_LIMITS, 'file');
    } catch (error) {
      errors.push(`${file}: ${(error as Error).message}`); // a DocumentLimitError naming the limit
      continue;
    }
    for (const [index, parsed] of parsedDocuments.entries()) {
      const where = `${file} (document ${index + 1})`;
      if (parsed.errors.length > 0) {
        errors.push(`${where}: ${parsed.errors.map((e) => e.message).join('; ')}`);
        continue;
      }
      let raw: unknown;
      try {
        raw = boundedToJs(parsed, 'document');
      } catch (error) {
        errors.push(`${where}: ${(error as Error).message}`); // alias expansion over the limit
        continue;
      }
      if (raw === null || raw === undefined) continue;
      const result = validateCanary(raw);
      if (!result.ok) {
        errors.push(`${where}: ${result.errors.join('; ')}`);
        continue;
      }
      const key = keyOf(result.canary.metadata.namespace ?? 'default', result.canary.metadata.name);
      if (documents.has(key)) {
        errors.push(`${where}: canary '${key}' is defined more than once`);
        continue;
      }
      documents.set(key, result.canary);
    }
  }
  return documents;
}

/** Reconciles the live `ConfigFile` canaries with the directory's documents once. */
export async function syncCanaryDir(database: Database, dir: string): Promise<CanaryDirSync> {
  const outcome: CanaryDirSync = { applied: [], removed: [], errors: [] };
  let documents: Map<string, CanaryDocument>;
  try {
    documents = await readDocuments(dir, outcome.errors);
  } catch (error) {
    outcome.errors.push(`${dir}: ${(error as Error).message}`); // readdir rejects with Errors
    return outcome;
  }
  const service = canariesService(database);
  const live = new Map(
    (await listCanaries(database.db))
      .filter((row) => row.source === 'ConfigFile')
      .map((row) => [keyOf(row.namespace, row.name), row]),
  );
  for (const [key, doc] of documents) {
    const row = live.get(key);
    if (
      row &&
      fingerprint(row.labels, row.annotations, row.spec) ===
        fingerprint(doc.metadata.labels, doc.metadata.annotations, doc.spec)
    ) {
      continue;
    }
    try {
      await service.upsertFrom('ConfigFile', doc, WRITER);
      outcome.applied.push(key);
    } catch (error) {
      // Another replica watching the same files created it first: it is applied.
      if (error instanceof AppError && error.code === 'conflict') continue;
      outcome.errors.push(`${key}: ${(error as Error).message}`); // the service throws Errors
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

/** A running directory watcher. */
export interface CanaryDirWatcher {
  /** Resolves once the sync running or queued now has finished. */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

/** Options of the watcher; the defaults suit production. */
export interface CanaryDirOptions {
  /** Changes within this many ms are applied together (editors write a file in several steps). */
  debounceMs?: number;
  /** Full re-read period, for file systems whose change events are unreliable (network mounts). */
  pollMs?: number;
}

/**
 * Syncs the directory now, then on every change event (debounced) and every `pollMs`. Syncs never
 * overlap: a change during a sync queues exactly one more. Errors are logged, never thrown.
 */
export function watchCanaryDir(
  database: Database,
  dir: string,
  logger: Logger,
  options: CanaryDirOptions = {},
): CanaryDirWatcher {
  const debounceMs = options.debounceMs ?? 300;
  const log = logger.child({ module: 'health', canaryDir: dir });
  let running: Promise<void> = Promise.resolve();
  let queued = false;
  let stopped = false;
  let lastErrors = '';

  const runOnce = async () => {
    try {
      const outcome = await syncCanaryDir(database, dir);
      if (outcome.applied.length > 0 || outcome.removed.length > 0) {
        log.info('canary files applied', { applied: outcome.applied, removed: outcome.removed });
      }
      const errors = outcome.errors.join('\n');
      if (errors && errors !== lastErrors) {
        log.warn('canary files not applied; no canary is deleted until they are fixed', { errors: outcome.errors });
      }
      lastErrors = errors;
    } catch (error) {
      log.error('canary directory sync failed', { error: String(error) });
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
    debounce = setTimeout(schedule, debounceMs);
  };

  let watcher: FSWatcher | undefined;
  try {
    watcher = watch(dir, onChange);
    watcher.on('error', (error) => log.warn('canary directory watch stopped; polling only', { error: String(error) }));
  } catch (error) {
    log.warn('canary directory not watched; polling only', { error: String(error) });
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
