/**
 * The scrape engine's SQL on config_items: one narrow read of a scraper's items (ids, keys, hashes,
 * parents — never their documents), and set-based writes of up to {@link ITEM_BATCH} rows per statement
 * through `jsonb_to_recordset`, so 10,000 items take a few dozen statements on either engine.
 */
import { type Executor, runQuery } from '../../jobs/index.js';

/** Rows per insert or update statement. */
export const ITEM_BATCH = 500;

/** What the engine reads of a stored item. */
export interface StoredItem {
  id: string;
  type: string;
  scrape_key: string;
  content_hash: string | null;
  deleted_at: Date | null;
  parent_id: string | null;
  path: string | null;
  name: string | null;
}

/** A row to insert or update. */
export interface ItemWrite {
  id?: string;
  key: string;
  type: string;
  name: string;
  config_class: string;
  config: unknown;
  description: string | null;
  status: string | null;
  health: string | null;
  icon: string | null;
  labels: unknown;
  tags: unknown;
  properties: unknown;
  source: string | null;
  content_hash: string;
  created_at: string | null;
  /** Set by the entry's `deleteFields`: the row is stored soft-deleted (kinds/item-timestamps.ts). */
  deleted_at?: string | null;
  delete_reason?: string | null;
  /** Other names of the item (`transform.aliases`), stored after its id in external_id. */
  aliases?: string[];
}

/** Every item the scraper produced before (live or soft-deleted). */
export function loadScraperItems(executor: Executor, scraperId: string): Promise<StoredItem[]> {
  return runQuery<StoredItem>(
    executor,
    `SELECT id, type, scrape_key, content_hash, deleted_at, parent_id, path, name
       FROM config_items WHERE scraper_id = $1 AND scrape_key IS NOT NULL`,
    [scraperId],
  );
}

const RECORD = `key text, type text, name text, config_class text, config jsonb, description text, status text,
  health text, icon text, labels jsonb, tags jsonb, properties jsonb, source text, content_hash text,
  created_at timestamptz, deleted_at timestamptz, delete_reason text, aliases text[], id uuid`;

/** Inserts new items, owned by the scraper's agent (docs/agents.md); returns their ids by (type, key). */
export function insertItems(
  executor: Executor,
  scraperId: string,
  rows: readonly ItemWrite[],
): Promise<{ id: string; type: string; scrape_key: string }[]> {
  return runQuery(
    executor,
    `INSERT INTO config_items (scraper_id, scrape_key, type, name, config_class, config, description, status, health,
                               icon, labels, tags, properties, source, content_hash, external_id, ready,
                               last_scraped_time, created_at, deleted_at, delete_reason, agent_id)
     SELECT $1, r.key, r.type, r.name, r.config_class, r.config, r.description, r.status, r.health, r.icon, r.labels,
            r.tags, r.properties, r.source, r.content_hash, ARRAY[r.key] || coalesce(r.aliases, '{}'), true, now(), coalesce(r.created_at, now()),
            r.deleted_at, r.delete_reason,
            coalesce((SELECT s.agent_id FROM config_scrapers s WHERE s.id = $1), '00000000-0000-0000-0000-000000000000')
       FROM jsonb_to_recordset($2::jsonb) AS r(${RECORD})
     ON CONFLICT (scraper_id, type, scrape_key) WHERE scrape_key IS NOT NULL DO NOTHING
     RETURNING id, type, scrape_key`,
    [scraperId, JSON.stringify(rows)],
  );
}

/** Replaces changed items' fields (and revives soft-deleted ones, unless a delete field deletes them). */
export async function updateItems(executor: Executor, rows: readonly ItemWrite[]): Promise<void> {
  await runQuery(
    executor,
    `UPDATE config_items AS c
        SET name = r.name, config_class = r.config_class, config = r.config, description = r.description,
            status = r.status, health = r.health, icon = r.icon, labels = r.labels, tags = r.tags,
            properties = r.properties, source = r.source, content_hash = r.content_hash,
            external_id = ARRAY[r.key] || coalesce(r.aliases, '{}'),
            created_at = coalesce(r.created_at, c.created_at),
            deleted_at = r.deleted_at, delete_reason = r.delete_reason, last_scraped_time = now()
       FROM jsonb_to_recordset($1::jsonb) AS r(${RECORD})
      WHERE c.id = r.id`,
    [JSON.stringify(rows)],
  );
}

/** The stored documents of some items (only the changed ones are ever read). */
export function loadConfigs(executor: Executor, ids: readonly string[]): Promise<{ id: string; config: unknown }[]> {
  return runQuery(executor, 'SELECT id, config FROM config_items WHERE id = ANY($1::uuid[])', [ids]);
}

/** Soft-deletes items gone from the source, saying why. */
export async function softDeleteItems(executor: Executor, ids: readonly string[], reason: string): Promise<void> {
  await runQuery(
    executor,
    'UPDATE config_items SET deleted_at = now(), delete_reason = $2 WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL',
    [ids, reason],
  );
}

/** Sets parents and paths. */
export async function setParents(
  executor: Executor,
  rows: readonly { id: string; parent_id: string | null; path: string | null }[],
): Promise<void> {
  await runQuery(
    executor,
    `UPDATE config_items AS c SET parent_id = r.parent_id, path = r.path
       FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, parent_id uuid, path text)
      WHERE c.id = r.id`,
    [JSON.stringify(rows)],
  );
}
