/**
 * Stores the changes full mode took out of scraped documents (full-mode.ts): each goes to the item its
 * target names among the scraper's items (this scrape's or stored ones), as a change row keeping the
 * source's change id, author and time. A change whose item is not found is an error of the run naming
 * it. A re-scrape of the same document adds nothing (changes.repo.ts insertScrapedChanges).
 */
import type { Database } from '@mc/db';
import { insertScrapedChanges, type ScrapedChangeWrite } from '../changes/changes.repo.js';
import type { ItemRef, ScrapedChange, ScrapedItem } from '../kinds/scraper-kind.js';
import { canonicalJson, sha256 } from './canonical.js';

/** Rows written per statement. */
const CHANGE_BATCH = 500;

function writeOf(configId: string, change: ScrapedChange, source: string): ScrapedChangeWrite {
  const row = {
    config_id: configId,
    external_change_id: change.externalChangeId,
    external_created_by: change.createdBy,
    change_type: change.changeType,
    severity: change.severity ?? 'info',
    source: change.source ?? source,
    summary: change.summary,
    diff: change.diff,
    patches: change.patches,
    details: change.details,
    created_at: change.createdAt,
  };
  return { ...row, fingerprint: sha256(canonicalJson(row)) };
}

/** Saves every item's reported changes; answers how many rows were written and the unmatched ones. */
export async function saveScrapedChanges(
  pool: Database['pool'],
  items: readonly ScrapedItem[],
  idOf: (ref: ItemRef) => string | undefined,
  source: string,
): Promise<{ recorded: number; unmatched: string[] }> {
  const rows = new Map<string, ScrapedChangeWrite>();
  const unmatched: string[] = [];
  for (const item of items) {
    for (const change of item.changes ?? []) {
      const configId = idOf(change.target);
      if (!configId) {
        unmatched.push(
          `change ${change.changeType}: no item ${change.target.type}/${change.target.key} of this scraper`,
        );
        continue;
      }
      const write = writeOf(configId, change, source);
      rows.set(write.external_change_id ?? write.fingerprint, write);
    }
  }
  const all = [...rows.values()];
  let recorded = 0;
  for (let i = 0; i < all.length; i += CHANGE_BATCH) {
    recorded += await insertScrapedChanges(pool, all.slice(i, i + CHANGE_BATCH));
  }
  return { recorded, unmatched };
}
