/**
 * config-db's `crdSync` for playbooks: a scraper with `spec.crdSync: true` that scrapes
 * `MissionControl::Playbook` items (Playbook resources, from files or elsewhere) makes each one a
 * playbook — the item's id is the playbook's id and its source is `CRDSync`, as config-db stores it, so
 * the playbook belongs to the item and so to its scraper — and a playbook whose item is gone (deleted
 * from the catalog) is soft-deleted (its runs stay). Such playbooks are read-only in the API
 * (playbooks-write.hook.ts).
 *
 * A scraper may not make a playbook its saver could not have saved through the API: each document gets
 * the same validation (playbook-document.ts), the scraper's `saved_by` must hold `playbooks` create
 * (update, for one already made) and read every connection the playbook names, and a live playbook of
 * the same name from another source is left alone. A refusal is an error of the scrape naming the
 * playbook; nothing is stored for it. Each change is audited (actor `system:crd-sync`) in its own
 * transaction.
 */
import { PLAYBOOK_API_VERSION } from '@mc/contracts';
import type { Database, Tables } from '@mc/db';
import type { Transaction } from 'kysely';
import { type AuditChange, auditedTransaction, recordAuditIn } from '../../platform/audit.js';
import type { Actor } from '../../platform/request-context.js';
import { recordSaver } from '../connections/index.js';
import { authorize, loadGrants } from '../rbac/index.js';
import { validatePlaybook } from './playbook-document.js';
import {
  insertSyncedPlaybook,
  otherLiveSource,
  playbookById,
  type SyncedPlaybookColumns,
  softDeleteSyncedPlaybooks,
  updateSyncedPlaybook,
} from './scraped-playbooks.repo.js';

const WRITER: Actor = { kind: 'system', name: 'crd-sync' };

/** A scraped Playbook item: the catalog item's id, its name and namespace, and the scraped resource. */
export interface ScrapedPlaybook {
  itemId: string;
  name: string;
  namespace: string;
  resource: unknown;
}

/** What one scrape's sync is about. */
export interface ScrapedPlaybookSync {
  /** Whose rights the scraper uses (its `saved_by`): a person's id, or null for the system. */
  savedBy: string | null;
  /** The live Playbook items of the scrape. */
  live: readonly ScrapedPlaybook[];
  /** Ids of the scraper's Playbook items that are gone: their playbooks are deleted. */
  gone: readonly string[];
}

function specOf(resource: unknown): unknown {
  return typeof resource === 'object' && resource !== null ? ((resource as { spec?: unknown }).spec ?? {}) : {};
}

/** Why `savedBy` may not make or change this playbook, or undefined when it may. */
async function permissionRefusal(db: Database['db'], savedBy: string | null, existing: string | undefined) {
  if (savedBy === null) return undefined;
  const grants = await loadGrants(db, savedBy);
  const answer = existing
    ? authorize(grants, { kind: 'playbooks', action: 'update', resource: { field: 'playbook_id', id: existing } })
    : authorize(grants, { kind: 'playbooks', action: 'create' });
  if (answer.allow && !answer.scopes) return undefined;
  return `whoever last saved this scraper may not ${existing ? 'update' : 'create'} playbooks`;
}

async function syncOne(database: Database, savedBy: string | null, item: ScrapedPlaybook): Promise<void> {
  const checked = validatePlaybook({
    apiVersion: PLAYBOOK_API_VERSION,
    kind: 'Playbook',
    metadata: { name: item.name, namespace: item.namespace },
    spec: specOf(item.resource),
  });
  if (!checked.ok) throw new Error(`invalid playbook: ${checked.errors.slice(0, 10).join('; ')}`);
  const { spec } = checked.playbook;
  const columns: SyncedPlaybookColumns = {
    name: item.name,
    namespace: item.namespace,
    spec,
    title: spec.title ?? item.name,
    icon: spec.icon ?? null,
    description: spec.description ?? null,
    category: spec.category ?? '',
  };
  await auditedTransaction(database, { actor: WRITER }, async (tx) => {
    const existing = await playbookById(tx.db, item.itemId);
    if (existing && existing.source !== 'CRDSync') throw new Error(`its id is a playbook of source ${existing.source}`);
    const taken = await otherLiveSource(tx.db, item.itemId, item.namespace, item.name);
    if (taken !== undefined) throw new Error(`a playbook of that name already exists (source ${taken})`);
    const refusal = await permissionRefusal(tx.db, savedBy, existing?.id);
    if (refusal) throw new Error(refusal);
    const unchanged =
      existing?.deleted_at === null &&
      existing.name === item.name &&
      existing.namespace === item.namespace &&
      JSON.stringify(existing.spec) === JSON.stringify(spec);
    if (unchanged) return { value: undefined, audit: null };
    if (existing) await updateSyncedPlaybook(tx.db, item.itemId, columns);
    else await insertSyncedPlaybook(tx.db, item.itemId, columns);
    const actor: Actor = savedBy === null ? WRITER : { kind: 'person', id: savedBy, roles: [] };
    // the saver must read every connection the playbook names, as a save through the API checks
    await recordSaver(tx.db, { table: 'playbooks', id: item.itemId, actor, definition: spec });
    const audit: AuditChange = existing
      ? { action: 'update', target: 'playbooks', ids: [item.itemId], before: { spec: existing.spec }, after: { spec } }
      : {
          action: 'create',
          target: 'playbooks',
          ids: [item.itemId],
          after: { name: item.name, namespace: item.namespace, source: 'CRDSync', spec },
        };
    return { value: undefined, audit };
  });
}

/**
 * Makes or updates the playbooks of a scrape's live Playbook items and deletes those of gone ones.
 * Answers one error per playbook refused (its namespace/name and why); the others are stored.
 */
export async function syncScrapedPlaybooks(database: Database, sync: ScrapedPlaybookSync): Promise<string[]> {
  const errors: string[] = [];
  for (const item of sync.live) {
    try {
      await syncOne(database, sync.savedBy, item);
    } catch (error) {
      errors.push(`crdSync: playbook ${item.namespace}/${item.name}: ${(error as Error).message}`);
    }
  }
  if (sync.gone.length > 0) {
    await database.db.transaction().execute((trx) => forgetScrapedPlaybooks(trx, sync.gone, WRITER));
  }
  return errors;
}

/**
 * Deletes (soft) the live playbooks scraped items `itemIds` made, audited as `actor`'s, inside the caller's
 * transaction: a scraper deleted takes its playbooks with it.
 */
export async function forgetScrapedPlaybooks(
  trx: Transaction<Tables>,
  itemIds: readonly string[],
  actor: Actor,
): Promise<void> {
  const deleted = await softDeleteSyncedPlaybooks(trx, itemIds);
  if (deleted.length === 0) return;
  await recordAuditIn(trx, {
    actor,
    action: 'delete',
    target: 'playbooks',
    records: deleted.map(({ id, name, namespace }) => ({ id, before: { name, namespace }, after: null })),
  });
}
