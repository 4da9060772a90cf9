/**
 * The SQL of crdSync (crd-sync.ts): a scraper's `MissionControl::…` items, live and deleted, and whose
 * rights the scraper uses.
 */
import type { Database } from '@mc/db';
import { sql } from 'kysely';

/** config-db's type prefix of the items crdSync turns into definitions. */
export const MISSION_CONTROL_TYPE_PREFIX = 'MissionControl::';

/** A scraped `MissionControl::…` item as crdSync reads it. */
export interface CrdItemRow {
  id: string;
  type: string;
  name: string | null;
  config: unknown;
  tags: Record<string, string> | null;
  deleted_at: Date | null;
}

/** The scraper's `MissionControl::…` items, live and deleted. */
export async function crdItemsOf(db: Database['db'], scraperId: string): Promise<CrdItemRow[]> {
  const { rows } = await sql<CrdItemRow>`SELECT id, type, name, config, tags, deleted_at FROM config_items
    WHERE scraper_id = ${scraperId} AND starts_with(type, ${MISSION_CONTROL_TYPE_PREFIX})`.execute(db);
  return rows;
}

/** The scraper's `saved_by` (null for the system, or when the scraper is gone). */
export async function scraperSavedBy(db: Database['db'], scraperId: string): Promise<string | null> {
  const { rows } = await sql<{ saved_by: string | null }>`SELECT saved_by FROM config_scrapers
    WHERE id = ${scraperId}`.execute(db);
  return rows[0]?.saved_by ?? null;
}
