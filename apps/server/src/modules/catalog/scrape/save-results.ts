/**
 * Saves one scrape: compares every scraped item with the stored one by the hash of its canonical record
 * (document, name, status, health, labels, tags, parent…), so an unchanged item costs one map lookup and
 * no write. New items are inserted and changed ones updated in batches; a changed document records one
 * `diff` change (counted on its twin within the dedup window); items gone from the source are
 * soft-deleted with a reason (and a `Deleted` change), unless the scrape had errors — a broken source
 * must not empty the catalog. An item a delete field marks (kinds/item-timestamps.ts) is stored
 * soft-deleted with its time. Then parents and paths, hard relationships, full mode's access entries
 * (access/save-access.ts, one transaction) and changes (save-changes.ts) and insights follow.
 * Each batch is its own statement, outside one long transaction, so the embedded engine keeps serving
 * other connections (progress, the console) while a large scrape saves; a re-run converges.
 */
import type { Database } from '@mc/db';
import { saveScrapedAccess } from '../access/save-access.js';
import { type ChangeWrite, recordChange } from '../changes/changes.repo.js';
import { configDiff, DELETED_CHANGE_TYPE, DIFF_CHANGE_TYPE } from '../changes/config-diff.js';
import { closeInsights, type InsightWrite, upsertInsights } from '../insights/analysis.repo.js';
import type { Insight } from '../insights/analysis-rules.js';
import { type ConfigMask, maskStoredConfig } from '../kinds/config-mask.js';
import type { ItemRef, ScrapedItem, ScrapedRelationship } from '../kinds/scraper-kind.js';
import { canonicalJson, sha256 } from './canonical.js';
import {
  ITEM_BATCH,
  type ItemWrite,
  insertItems,
  loadConfigs,
  loadScraperItems,
  type StoredItem,
  setParents,
  softDeleteItems,
  updateItems,
} from './items.repo.js';
import {
  addRelationships,
  loadRelationships,
  type RelationshipRow,
  removeRelationships,
} from './relationships.repo.js';
import { saveScrapedChanges } from './save-changes.js';

/** Why an item gone from its source was soft-deleted (config_items.delete_reason). */
export const DELETE_REASON_MISSING = 'Not found in the latest scrape';

/** What one scrape produced, all kinds together. */
export interface ScrapeBatch {
  items: ScrapedItem[];
  relationships: ScrapedRelationship[];
  /** Insights by {@link refKey} of the item. */
  insights: Map<string, Insight[]>;
  /** Errors of the sources: any of them keeps the scrape from deleting items or relationships. */
  errors: string[];
  /**
   * Insight rules that failed on an item, and full mode's warnings: reported, but the source was read, so
   * deletions still apply.
   */
  ruleErrors: string[];
  /** What the run skipped with a warning, as config-db does (a full-mode change without a type): no error. */
  warnings?: string[];
}

/** How to save. */
export interface SaveOptions {
  scraperId: string;
  /** Source written on change rows and insights (the scraper's kinds, e.g. `file`). */
  source: string;
  dedupWindowMs: number;
  onProgress?: (phase: string, done: number, total: number) => void;
  signal?: AbortSignal;
  /**
   * The scraper's `transform.mask` entries, applied to the stored side of a change diff: the scraped side
   * is masked already, and a secret stored before its mask existed must not show as the diff's old value.
   */
  masks?: readonly ConfigMask[];
}

/** The counts of one scrape, as job history shows them. */
export interface ScrapeCounts {
  created: number;
  updated: number;
  unchanged: number;
  deleted: number;
  errors: number;
  changes: number;
  changes_counted: number;
  insights_opened: number;
  insights_closed: number;
  relationships: number;
}

/** The map key of an item reference. */
export const refKey = (ref: ItemRef) => `${ref.type}\u0000${ref.key}`;

function chunks<T>(rows: readonly T[], size = ITEM_BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** Strings jsonb cannot hold (NUL) are replaced, so an odd document is stored rather than refused. */
function storable(value: unknown): unknown {
  if (typeof value === 'string') return value.includes('\u0000') ? value.replaceAll('\u0000', '\uFFFD') : value;
  if (Array.isArray(value)) return value.map(storable);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [storable(k) as string, storable(v)]));
  }
  return value;
}

function toWrite(item: ScrapedItem): ItemWrite {
  const config = storable(item.config ?? null);
  const record = {
    key: item.key,
    type: item.type,
    name: item.name,
    config_class: item.configClass,
    config,
    description: item.description ?? null,
    status: item.status ?? null,
    health: item.health ?? null,
    icon: item.icon ?? null,
    labels: item.labels ?? null,
    tags: item.tags ?? null,
    properties: item.properties ?? null,
    source: item.source ?? null,
    created_at: item.createdAt ?? null,
  };
  const aliases = (item.externalIds ?? []).filter((alias) => alias !== item.key);
  const parent = item.parent ? refKey(item.parent) : null;
  // Fields most items lack join the record (and its hash) only when set, so stored hashes stay valid.
  const named = {
    ...record,
    ...(item.deletedAt ? { deleted_at: item.deletedAt, delete_reason: item.deleteReason ?? null } : {}),
    ...(aliases.length > 0 ? { aliases } : {}),
  };
  return { ...named, content_hash: sha256(canonicalJson({ ...named, created_at: null, parent })) };
}

function emptyCounts(errors: number): ScrapeCounts {
  return {
    created: 0,
    updated: 0,
    unchanged: 0,
    deleted: 0,
    errors,
    changes: 0,
    changes_counted: 0,
    insights_opened: 0,
    insights_closed: 0,
    relationships: 0,
  };
}

/** Counts of a scrape that saved nothing. */
export const emptyScrapeCounts = (): ScrapeCounts => emptyCounts(0);

/** One save under way: where it writes, its options, its counts and its progress callback. */
interface SaveRun {
  pool: Database['pool'];
  options: SaveOptions;
  counts: ScrapeCounts;
  progress: NonNullable<SaveOptions['onProgress']>;
  /** Items the scrape produced (one per key). */
  total: number;
}

/** An item whose stored row changes: the write, the row before, and the scraped item. */
interface ItemUpdate {
  write: ItemWrite;
  before: StoredItem;
  item: ScrapedItem;
}

/** The scraped items by key (the last of a key wins, with an error naming it) and the scrape's errors. */
function wantedItems(batch: ScrapeBatch): { wanted: Map<string, ScrapedItem>; errors: string[] } {
  const errors = [...batch.errors];
  const wanted = new Map<string, ScrapedItem>();
  for (const item of batch.items) {
    if (item.changesOnly) continue;
    const key = refKey(item);
    if (wanted.has(key)) errors.push(`item ${item.type}/${item.key} is produced twice; the last one is kept`);
    wanted.set(key, item);
  }
  return { wanted, errors };
}

/** Sorts the wanted items into inserts and updates; counts the unchanged. */
function compareItems(wanted: Map<string, ScrapedItem>, stored: Map<string, StoredItem>, counts: ScrapeCounts) {
  const inserts: ItemWrite[] = [];
  const updates: ItemUpdate[] = [];
  for (const [key, item] of wanted) {
    const write = toWrite(item);
    const before = stored.get(key);
    if (!before) inserts.push(write);
    else if (before.content_hash !== write.content_hash || (before.deleted_at !== null && !write.deleted_at)) {
      updates.push({ write: { ...write, id: before.id }, before, item });
    } else counts.unchanged++;
  }
  return { inserts, updates };
}

/** Inserts the new items in chunks, noting their ids. */
async function insertNew(run: SaveRun, inserts: ItemWrite[], ids: Map<string, string>): Promise<void> {
  const { counts } = run;
  for (const part of chunks(inserts)) {
    run.options.signal?.throwIfAborted();
    for (const row of await insertItems(run.pool, run.options.scraperId, part)) {
      ids.set(refKey({ type: row.type, key: row.scrape_key }), row.id);
      counts.created++;
    }
    run.progress('insert', counts.unchanged + counts.created, run.total);
  }
}

/** Updates changed items in chunks and records a diff change for each whose document changed. */
async function updateChanged(run: SaveRun, updates: ItemUpdate[]): Promise<void> {
  const { counts, options, pool } = run;
  for (const part of chunks(updates, 100)) {
    options.signal?.throwIfAborted();
    const older = new Map(
      (
        await loadConfigs(
          pool,
          part.map((u) => u.before.id),
        )
      ).map((row) => [row.id, row.config]),
    );
    await updateItems(
      pool,
      part.map((u) => u.write),
    );
    for (const { write, before, item } of part) {
      counts.updated++;
      if (before.deleted_at !== null) continue; // a revived item: its document is its first again
      const stored = older.get(before.id);
      const previous = options.masks?.length ? maskStoredConfig(options.masks, item, stored) : stored;
      const diff = configDiff(before.id, previous, write.config, `${write.type}/${write.name}`);
      if (!diff) continue;
      const change: ChangeWrite = {
        config_id: before.id,
        change_type: DIFF_CHANGE_TYPE,
        severity: 'info',
        source: options.source,
        summary: diff.summary,
        diff: diff.diff,
        patches: diff.patches,
        details: null,
        fingerprint: diff.fingerprint,
      };
      if (await recordChange(pool, change, options.dedupWindowMs)) counts.changes++;
      else counts.changes_counted++;
    }
    run.progress('update', counts.unchanged + counts.created + counts.updated, run.total);
  }
}

/** Soft-deletes the live items the scrape no longer produced, each with a deleted change. */
async function deleteMissing(run: SaveRun, missing: [string, StoredItem][]): Promise<void> {
  for (const part of chunks(missing)) {
    await softDeleteItems(
      run.pool,
      part.map(([, row]) => row.id),
      DELETE_REASON_MISSING,
    );
    for (const [, row] of part) {
      run.counts.deleted++;
      await recordChange(
        run.pool,
        {
          config_id: row.id,
          change_type: DELETED_CHANGE_TYPE,
          severity: 'info',
          source: run.options.source,
          summary: `${row.name ?? row.scrape_key} ${DELETE_REASON_MISSING.toLowerCase()}`,
          diff: null,
          patches: null,
          details: { reason: DELETE_REASON_MISSING },
          fingerprint: sha256(`${row.id}\n${DELETED_CHANGE_TYPE}\n${Date.now()}`),
        },
        0,
      );
    }
  }
}

/** Saves a scrape's results and answers its counts. */
export async function saveResults(database: Database, batch: ScrapeBatch, options: SaveOptions): Promise<ScrapeCounts> {
  const pool = database.pool;
  const { wanted, errors } = wantedItems(batch);
  const counts = emptyCounts(errors.length);
  const stored = new Map<string, StoredItem>();
  for (const row of await loadScraperItems(pool, options.scraperId))
    stored.set(refKey({ type: row.type, key: row.scrape_key }), row);

  const { inserts, updates } = compareItems(wanted, stored, counts);
  const run: SaveRun = { pool, options, counts, progress: options.onProgress ?? (() => {}), total: wanted.size };
  run.progress('compare', counts.unchanged, run.total);

  const ids = new Map<string, string>();
  for (const [key, row] of stored) ids.set(key, row.id);
  await insertNew(run, inserts, ids);
  await updateChanged(run, updates);

  const missing = [...stored.entries()].filter(([key, row]) => !wanted.has(key) && row.deleted_at === null);
  if (errors.length === 0 && missing.length > 0) await deleteMissing(run, missing);

  await saveParents(database, wanted, stored, ids);
  counts.relationships = await saveRelationships(
    database,
    options.scraperId,
    batch.relationships,
    ids,
    errors.length === 0,
  );
  const access = await saveScrapedAccess(database, batch.items, {
    scraperId: options.scraperId,
    source: options.source,
    removeStale: errors.length === 0,
  });
  // what config-db skips with a warning is a warning here too; a failed save is an error of the run
  batch.warnings = [...(batch.warnings ?? []), ...access.warnings];
  if (access.failure) errors.push(access.failure);
  const changeCounts = await saveScrapedChanges(
    database.pool,
    batch.items,
    (ref) => ids.get(refKey(ref)),
    options.source,
  );
  counts.changes += changeCounts.recorded;
  errors.push(...changeCounts.unmatched);
  const insightCounts = await saveInsights(database, options, batch.insights, ids);
  counts.insights_opened = insightCounts.opened;
  counts.insights_closed = insightCounts.closed;
  counts.errors = errors.length;
  batch.errors.splice(0, batch.errors.length, ...errors);
  run.progress('done', run.total, run.total);
  return counts;
}

async function saveParents(
  database: Database,
  wanted: Map<string, ScrapedItem>,
  stored: Map<string, StoredItem>,
  ids: Map<string, string>,
): Promise<void> {
  const parentOf = new Map<string, string | null>();
  for (const [key, item] of wanted) {
    const id = ids.get(key);
    if (!id) continue;
    parentOf.set(id, item.parent ? (ids.get(refKey(item.parent)) ?? null) : null);
  }
  const paths = new Map<string, string | null>();
  const pathOf = (id: string, seen: Set<string>): string | null => {
    if (paths.has(id)) return paths.get(id) ?? null;
    const parent = parentOf.get(id) ?? null;
    if (!parent || seen.has(parent)) return null; // a root, or a cycle in the source: cut there
    seen.add(id);
    const above = pathOf(parent, seen);
    const path = above ? `${above}.${parent}` : parent;
    paths.set(id, path);
    return path;
  };
  const before = new Map([...stored.values()].map((row) => [row.id, row]));
  const rows: { id: string; parent_id: string | null; path: string | null }[] = [];
  for (const [id, parent] of parentOf) {
    const path = pathOf(id, new Set());
    const old = before.get(id);
    if ((old?.parent_id ?? null) === parent && (old?.path ?? null) === path) continue;
    rows.push({ id, parent_id: parent, path });
  }
  for (const part of chunks(rows)) await setParents(database.pool, part);
}

const relKey = (row: RelationshipRow) => `${row.config_id}|${row.related_id}|${row.relation}`;

async function saveRelationships(
  database: Database,
  scraperId: string,
  found: readonly ScrapedRelationship[],
  ids: Map<string, string>,
  removeMissing: boolean,
): Promise<number> {
  const want = new Map<string, RelationshipRow>();
  for (const rel of found) {
    const from = ids.get(refKey(rel.from));
    const to = ids.get(refKey(rel.to));
    if (!from || !to || from === to) continue;
    const row = { config_id: from, related_id: to, relation: rel.relation };
    want.set(relKey(row), row);
  }
  const have = new Map((await loadRelationships(database.pool, scraperId)).map((row) => [relKey(row), row]));
  const added = [...want.entries()].filter(([key]) => !have.has(key)).map(([, row]) => row);
  for (const part of chunks(added)) await addRelationships(database.pool, scraperId, part);
  if (removeMissing) {
    const gone = [...have.entries()].filter(([key]) => !want.has(key)).map(([, row]) => row);
    for (const part of chunks(gone)) await removeRelationships(database.pool, scraperId, part);
  }
  return want.size;
}

async function saveInsights(
  database: Database,
  options: SaveOptions,
  insights: Map<string, Insight[]>,
  ids: Map<string, string>,
): Promise<{ opened: number; closed: number }> {
  const rows: InsightWrite[] = [];
  for (const [key, list] of insights) {
    const id = ids.get(key);
    if (!id) continue;
    for (const insight of list) {
      rows.push({
        config_id: id,
        analyzer: insight.analyzer,
        analysis_type: insight.analysisType,
        severity: insight.severity,
        message: insight.message,
        status: insight.status,
      });
    }
  }
  let opened = 0;
  for (const part of chunks(rows))
    opened += await upsertInsights(database.pool, options.scraperId, options.source, part);
  const closed = await closeInsights(
    database.pool,
    options.scraperId,
    rows.map((row) => ({ config_id: row.config_id, analyzer: row.analyzer })),
  );
  return { opened, closed };
}
