/**
 * Runs one scraper: reads its ScrapeConfig, runs each entry of each kind (an entry's failure is an error
 * of the run, not its end), evaluates the entries' insight rules over their items, saves everything
 * (save-results.ts), applies the scraper's own change retention and reports progress while it runs.
 */
import { NIL_AGENT_ID } from '@mc/contracts';
import type { Database } from '@mc/db';
import type { Config } from '../../../platform/config.js';
import { deadline } from '../../../platform/deadline.js';
import { egressGuardFor } from '../../../platform/egress/egress-guard-for.js';
import { FileConfinementError, serverOwnFolders } from '../../../platform/file-confinement.js';
import { connectionsServiceFor } from '../../connections/index.js';
import { PermanentJobError } from '../../jobs/index.js';
import { applyScraperChangeRule } from '../changes/changes.repo.js';
import { evaluateRules, type Insight } from '../insights/analysis-rules.js';
import { withCatalogTraversal } from '../kinds/catalog-traverse.js';
import { maskItems } from '../kinds/config-mask.js';
import { applyAliases } from '../kinds/item-aliases.js';
import type { BaseEntry } from '../kinds/item-fields.js';
import { applyProperties } from '../kinds/item-properties.js';
import { SCRAPER_KINDS, type ScraperKindName } from '../kinds/registry.js';
import { selectorRelationships } from '../kinds/relationship-selectors.js';
import type { KindContext, ScrapedItem, ScraperKind } from '../kinds/scraper-kind.js';
import { parseDurationMs, type ScrapeConfigDocument, validateScrapeConfig } from '../scrapers/scrape-config.js';
import { findScraper, type ScraperRow } from '../scrapers/scrapers.repo.js';
import { catalogSettings, parseDuration } from './catalog-settings.js';
import { syncCrdItems } from './crd-sync.js';
import { documentMasks } from './document-masks.js';
import { extractFullMode } from './full-mode.js';
import {
  emptyScrapeCounts,
  refKey,
  type SaveOptions,
  type ScrapeBatch,
  type ScrapeCounts,
  saveResults,
} from './save-results.js';
import { startProgress } from './scrape-progress.js';

/** What a scrape needs from the process. */
export interface ScrapeDeps {
  database: Database;
  config: Config;
}

/** The outcome of one scrape. */
export interface ScrapeOutcome {
  counts: ScrapeCounts;
  errors: string[];
  /**
   * What the run skipped with a warning, as config-db does (save-results.ts ScrapeBatch.warnings), kept in
   * its job history apart from its errors.
   */
  warnings: string[];
  durationMs: number;
  /** Set when the scraper belongs to a remote agent: nothing ran here (its agent runs it). */
  agentId?: string;
}

/** Folders no scraper reads, whatever the roots say: the server's own (data folder, database, /proc, /sys, /dev). */
export function deniedRoots(config: Config): string[] {
  return serverOwnFolders(config.MC_DATA_DIR);
}

/** The document a scraper row describes. */
export function documentOfRow(row: ScraperRow): ScrapeConfigDocument {
  const result = validateScrapeConfig({
    apiVersion: 'configs.flanksource.com/v1',
    kind: 'ScrapeConfig',
    metadata: { name: row.name, namespace: row.namespace },
    spec: row.spec ?? {},
  });
  if (!result.ok)
    throw new PermanentJobError(`scraper ${row.namespace}/${row.name} is invalid: ${result.errors.join('; ')}`);
  return result.config;
}

/**
 * Runs every entry of the document's kinds and gathers their items, relationships, insights and errors.
 * An entry's relationship selectors are matched against the items of every entry of the scrape. A path
 * the file confinement refuses is no entry's error but the run's end: it throws FileConfinementError,
 * so nothing is saved and no item is taken for gone. In full mode (`spec.full`) each item's changes are
 * taken out of its document after the masks (full-mode.ts); what is not kept is a warning of the run.
 */
export async function collect(doc: ScrapeConfigDocument, ctx: KindContext): Promise<ScrapeBatch> {
  const batch: ScrapeBatch = {
    items: [],
    relationships: [],
    insights: new Map<string, Insight[]>(),
    errors: [],
    ruleErrors: [],
    warnings: [],
  };
  const selectors: { where: string; entry: BaseEntry; items: ScrapedItem[] }[] = [];
  for (const name of Object.keys(SCRAPER_KINDS) as ScraperKindName[]) {
    const entries = (doc.spec[name] ?? []) as unknown[];
    // Each kind's entries were validated with its own schema; the registry types them per kind.
    const kind = SCRAPER_KINDS[name] as ScraperKind<unknown>;
    for (const [index, entry] of entries.entries()) {
      if (ctx.signal.aborted) break;
      try {
        const output = await withCatalogTraversal(ctx, () => kind.scrape(entry, ctx));
        // Every kind's entry schema is built on the base fields (item-fields.ts).
        const base = entry as BaseEntry;
        maskItems(base.transform?.mask ?? [], output.items); // before rules, storage, diffs or an agent's push
        applyAliases(base.transform?.aliases ?? [], output.items);
        applyProperties(base.properties ?? [], output.items);
        if (doc.spec.full) {
          const skipped: string[] = [];
          batch.ruleErrors.push(
            ...extractFullMode(output.items, base.transform?.changes?.exclude, skipped).map(
              (w) => `${name}[${index}]: ${w}`,
            ),
          );
          batch.warnings?.push(...skipped.map((w) => `${name}[${index}]: ${w}`));
        }
        batch.items.push(...output.items);
        batch.relationships.push(...output.relationships);
        batch.errors.push(...output.errors.map((error) => `${name}[${index}]: ${error}`));
        if (base.transform?.relationship?.length)
          selectors.push({ where: `${name}[${index}]`, entry: base, items: output.items });
        if (output.rules.length === 0) continue;
        for (const item of output.items) {
          if (item.changesOnly) continue;
          const fired = evaluateRules(output.rules, item, batch.ruleErrors);
          if (fired.length > 0) batch.insights.set(refKey(item), fired);
        }
      } catch (error) {
        if (error instanceof FileConfinementError)
          throw new FileConfinementError(`${name}[${index}]: ${error.message}`);
        batch.errors.push(`${name}[${index}]: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
  for (const { where, entry, items } of selectors) {
    try {
      batch.relationships.push(...selectorRelationships(entry.transform?.relationship ?? [], items, batch.items));
    } catch (error) {
      batch.errors.push(`${where}: relationship: ${(error as Error).message}`); // ExpressionError
    }
  }
  return batch;
}

/** The kinds a document uses, e.g. `file` or `file,sql` (the source of its changes). */
function kindsOf(doc: ScrapeConfigDocument): string {
  return (Object.keys(SCRAPER_KINDS) as ScraperKindName[])
    .filter((name) => (doc.spec[name] ?? []).length > 0)
    .join(',');
}

/**
 * Saves what a scraper's kinds collected — here, or on the agent that runs the scraper (docs/agents.md) —
 * applies the scraper's own change retention and, with `spec.crdSync`, syncs its playbooks (crd-sync.ts). Answers the counts and every error of the run.
 */
export async function saveCollected(
  database: Database,
  scraperId: string,
  doc: ScrapeConfigDocument,
  batch: ScrapeBatch,
  options: Pick<SaveOptions, 'dedupWindowMs' | 'onProgress' | 'signal'>,
): Promise<{ counts: ScrapeCounts; errors: string[]; warnings: string[] }> {
  const counts = await saveResults(database, batch, {
    ...options,
    scraperId,
    source: kindsOf(doc),
    masks: documentMasks(doc),
  });
  for (const rule of doc.spec.retention?.changes ?? []) {
    const ageMs = parseDuration(rule.age);
    await applyScraperChangeRule(database.pool, scraperId, {
      name: rule.name,
      ...(ageMs ? { ageMs } : {}),
      ...(rule.count ? { count: rule.count } : {}),
    });
  }
  if (doc.spec.crdSync)
    batch.ruleErrors.push(...(await syncCrdItems(database, scraperId, doc.metadata.namespace ?? 'default')));
  counts.errors += batch.ruleErrors.length;
  return { counts, errors: [...batch.errors, ...batch.ruleErrors], warnings: batch.warnings ?? [] };
}

/**
 * Scrapes one scraper now and saves the results, within the spec's `timeout` when it has one (the run
 * fails naming it, nothing saved). Throws PermanentJobError when the scraper is gone or invalid, or when
 * it names a file path the confinement refuses (the run fails, naming the path).
 */
export async function runScrape(
  deps: ScrapeDeps,
  scraperId: string,
  options: { signal: AbortSignal; jobName: string },
): Promise<ScrapeOutcome> {
  const started = Date.now();
  const row = await findScraper(deps.database.pool, scraperId);
  if (!row) throw new PermanentJobError(`scraper ${scraperId} is gone`);
  if (row.agent_id !== NIL_AGENT_ID) {
    return { counts: emptyScrapeCounts(), errors: [], warnings: [], durationMs: 0, agentId: row.agent_id };
  }
  const doc = documentOfRow(row);
  const timeoutMs = parseDurationMs(doc.spec.timeout);
  const limit = timeoutMs ? deadline(timeoutMs, options.signal) : undefined;
  const signal = limit?.signal ?? options.signal;
  const settings = await catalogSettings(deps.database);
  const connections = connectionsServiceFor(deps);
  const ctx: KindContext = {
    database: deps.database,
    signal,
    egress: egressGuardFor(deps.database),
    resolveConnection: (ref) => connections.resolveConnection(ref, row.saved_by),
    listConnections: async () =>
      (await connections.list()).map(({ id, name, namespace, type }) => ({ id, name, namespace, type })),
    deniedRoots: deniedRoots(deps.config),
    fileRoots: settings.fileRoots,
    scraper: { id: row.id, name: row.name, namespace: row.namespace },
  };
  const progress = await startProgress(deps.database, options.jobName, row.id);
  try {
    progress.report('scrape', 0, 0);
    const batch = await collect(doc, ctx).catch((error: unknown) => {
      if (!(error instanceof FileConfinementError)) throw error;
      // a refused path fails the run (no retry helps until an administrator or the scraper changes)
      throw new PermanentJobError(`scraper ${row.namespace}/${row.name}: ${error.message}`);
    });
    options.signal.throwIfAborted();
    if (signal.aborted)
      throw new Error(
        `scraper ${row.namespace}/${row.name}: the scrape took longer than its timeout ${doc.spec.timeout}`,
      );
    const { counts, errors, warnings } = await saveCollected(deps.database, row.id, doc, batch, {
      dedupWindowMs: settings.dedupWindowMs,
      onProgress: (phase, done, total) => progress.report(phase, done, total),
      signal,
    });
    return { counts, errors, warnings, durationMs: Date.now() - started };
  } finally {
    limit?.dispose();
    await progress.finish();
  }
}
