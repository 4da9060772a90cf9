/**
 * Hard relationships a scraper found in its source (owner references, selectors), stored in
 * config_relationships with the scraper's id. A scrape adds the new ones, revives ones that came back
 * and soft-deletes (deleted_at) the scraper's ones no longer found; unchanged rows are not touched.
 */
import { type Executor, runQuery } from '../../jobs/index.js';

/** One stored or wanted relationship. */
export interface RelationshipRow {
  config_id: string;
  related_id: string;
  relation: string;
}

/** The scraper's live relationships. */
export function loadRelationships(executor: Executor, scraperId: string): Promise<RelationshipRow[]> {
  return runQuery(
    executor,
    'SELECT config_id, related_id, relation FROM config_relationships WHERE scraper_id = $1 AND deleted_at IS NULL',
    [scraperId],
  );
}

/** Adds relationships (or revives deleted ones) for the scraper. */
export async function addRelationships(
  executor: Executor,
  scraperId: string,
  rows: readonly RelationshipRow[],
): Promise<void> {
  await runQuery(
    executor,
    `INSERT INTO config_relationships (config_id, related_id, relation, scraper_id)
     SELECT r.config_id, r.related_id, r.relation, $1
       FROM jsonb_to_recordset($2::jsonb) AS r(config_id uuid, related_id uuid, relation text)
     ON CONFLICT (config_id, related_id, relation) DO UPDATE SET deleted_at = NULL, scraper_id = excluded.scraper_id`,
    [scraperId, JSON.stringify(rows)],
  );
}

/** Soft-deletes relationships the scraper no longer finds. */
export async function removeRelationships(
  executor: Executor,
  scraperId: string,
  rows: readonly RelationshipRow[],
): Promise<void> {
  await runQuery(
    executor,
    `UPDATE config_relationships c SET deleted_at = now()
       FROM jsonb_to_recordset($2::jsonb) AS r(config_id uuid, related_id uuid, relation text)
      WHERE c.scraper_id = $1 AND c.config_id = r.config_id AND c.related_id = r.related_id AND c.relation = r.relation`,
    [scraperId, JSON.stringify(rows)],
  );
}
