/**
 * The SQL of `catalog.traverse` (catalog-traverse.ts): the items of one type related to an item within
 * config-db's depth, through the same `related_configs_recursive` the Relationships tab reads (relationship
 * edges in the asked direction plus the item's parent path, live items only), and those items as config-db's
 * ConfigItem. Only the id and type columns of the walk are read, so the function's change and insight
 * joins are left out by the planner.
 */
import type pg from 'pg';
import { runQuery } from '../../jobs/index.js';

/** config-db's depth of a traversal step (duty `getRelatedTypeConfigID`: related_configs_recursive's default, 5). */
export const TRAVERSE_DEPTH = 5;

/**
 * Ids of live items of `type` related to `id` within {@link TRAVERSE_DEPTH} in `direction`, nearest first,
 * the item itself left out; at most `limit` rows (the caller asks one more than it accepts, to tell).
 */
export async function relatedIdsOfType(
  pool: pg.Pool,
  id: string,
  type: string,
  direction: string,
  limit: number,
): Promise<string[]> {
  const rows = await runQuery<{ id: string }>(
    pool,
    `SELECT r.id FROM related_configs_recursive($1::uuid, $2, false, $3) r
     WHERE r.type = $4 AND r.id <> $1::uuid ORDER BY r.depth, r.name, r.id LIMIT $5`,
    [id, direction, TRAVERSE_DEPTH, type, limit],
  );
  return rows.map((row) => row.id);
}

/** One item as config-db's ConfigItem serialises it (its `config` is the document's JSON text). */
export interface TraversedItem {
  id: string;
  scraper_id: string | null;
  agent_id: string;
  config_class: string;
  external_id: string[] | null;
  type: string;
  status: string | null;
  ready: boolean;
  health: string | null;
  name: string | null;
  description: string | null;
  config: string | null;
  source: string | null;
  parent_id: string | null;
  path: string | null;
  labels: Record<string, string> | null;
  tags: Record<string, string> | null;
  properties: unknown;
  created_at: Date;
  inserted_at: Date;
  updated_at: Date | null;
  deleted_at: Date | null;
  delete_reason: string | null;
}

/** The items of `ids`, live ones only, in no particular order. */
export async function itemsByIds(pool: pg.Pool, ids: readonly string[]): Promise<TraversedItem[]> {
  if (ids.length === 0) return [];
  return runQuery<TraversedItem>(
    pool,
    `SELECT id, scraper_id, agent_id, config_class, external_id, type, status, ready, health, name, description,
       config::text AS config, source, parent_id, path, labels, tags, properties, created_at, inserted_at,
       updated_at, deleted_at, delete_reason
     FROM config_items WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL`,
    [[...new Set(ids)]],
  );
}

/** Who last saved the scraper (its rights are the scrape's); null: the system, or the scraper is gone. */
export async function scraperSaver(pool: pg.Pool, scraperId: string): Promise<string | null> {
  const rows = await runQuery<{ saved_by: string | null }>(
    pool,
    'SELECT saved_by FROM config_scrapers WHERE id::text = $1',
    [scraperId],
  );
  return rows[0]?.saved_by ?? null;
}
