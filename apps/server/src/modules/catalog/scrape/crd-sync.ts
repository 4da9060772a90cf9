/**
 * config-db's `spec.crdSync`: after a scrape is saved, the scraper's `MissionControl::Playbook` items
 * become playbooks through the playbooks module (its syncScrapedPlaybooks: the API's validation, the
 * rights of the scraper's `saved_by`, source `CRDSync`, the item's id), named by the item's name in the
 * namespace of its `namespace` tag, else the scraper's — as config-db names them. A playbook whose item
 * is gone (deleted from the catalog, or its scraper deleted) is deleted. config-db's crdSync also makes
 * ScrapeConfig and Canary items into scrapers and canaries; this server does not, and says so as an
 * error of the scrape naming the type, rather than keeping such items silently.
 */
import type { Database, Tables } from '@mc/db';
import type { Transaction } from 'kysely';
import type { Actor } from '../../../platform/request-context.js';
import { forgetScrapedPlaybooks, type ScrapedPlaybook, syncScrapedPlaybooks } from '../../playbooks/index.js';
import { type CrdItemRow, crdItemsOf, MISSION_CONTROL_TYPE_PREFIX, scraperSavedBy } from './crd-items.repo.js';

const PLAYBOOK_TYPE = `${MISSION_CONTROL_TYPE_PREFIX}Playbook`;

function playbookOf(row: CrdItemRow, scraperNamespace: string): ScrapedPlaybook | null {
  if (!row.name) return null;
  return { itemId: row.id, name: row.name, namespace: row.tags?.namespace || scraperNamespace, resource: row.config };
}

/** Syncs the playbooks of a crdSync scraper's items after its scrape; answers the scrape's errors. */
export async function syncCrdItems(database: Database, scraperId: string, scraperNamespace: string): Promise<string[]> {
  const rows = await crdItemsOf(database.db, scraperId);
  const errors = [
    ...new Set(rows.filter((row) => row.type !== PLAYBOOK_TYPE && row.deleted_at === null).map((row) => row.type)),
  ].map((type) => `crdSync: ${type} items are not turned into definitions by this server (only ${PLAYBOOK_TYPE})`);
  const playbooks = rows.filter((row) => row.type === PLAYBOOK_TYPE);
  const live = playbooks
    .filter((row) => row.deleted_at === null)
    .map((row) => playbookOf(row, scraperNamespace))
    .filter((item): item is ScrapedPlaybook => item !== null);
  const gone = playbooks.filter((row) => row.deleted_at !== null).map((row) => row.id);
  const savedBy = await scraperSavedBy(database.db, scraperId);
  errors.push(...(await syncScrapedPlaybooks(database, { savedBy, live, gone })));
  return errors;
}

/** Deletes the playbooks a deleted scraper's items made, in the deletion's transaction, audited as `actor`'s. */
export async function forgetCrdPlaybooks(trx: Transaction<Tables>, scraperId: string, actor: Actor): Promise<void> {
  const gone = (await crdItemsOf(trx, scraperId)).filter((row) => row.type === PLAYBOOK_TYPE).map((row) => row.id);
  await forgetScrapedPlaybooks(trx, gone, actor);
}
