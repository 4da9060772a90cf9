import { MANUAL_RELATION, MANUAL_SELECTOR } from '@mc/contracts';
import type { Tables } from '@mc/db';
import { type Kysely, sql } from 'kysely';

type Db = Kysely<Tables>;

/** A config_relationships row. */
export interface RelationshipRow {
  config_id: string;
  related_id: string;
  relation: string;
  /** Generated (0081): relation 'hard' or written by a scraper. */
  hard: boolean;
  scraper_id: string | null;
  selector_id: string | null;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
}

/** The ids among `ids` of items that exist and are not deleted. */
export async function liveItemIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  const { rows } = await sql<{ id: string }>`SELECT id FROM config_items
    WHERE id = ANY(${ids}::uuid[]) AND deleted_at IS NULL`.execute(db);
  return new Set(rows.map((r) => r.id));
}

/** The live relationships from `configId` to `relatedId`, of any relation. */
export async function liveRelationships(db: Db, configId: string, relatedId: string): Promise<RelationshipRow[]> {
  const { rows } = await sql<RelationshipRow>`SELECT * FROM config_relationships
    WHERE config_id = ${configId}::uuid AND related_id = ${relatedId}::uuid AND deleted_at IS NULL
    FOR UPDATE`.execute(db);
  return rows;
}

/** Stores a manual soft link (reviving a removed one); returns the row before and after. */
export async function upsertManualLink(
  db: Db,
  configId: string,
  relatedId: string,
): Promise<{ before: RelationshipRow | undefined; after: RelationshipRow }> {
  const { rows: before } = await sql<RelationshipRow>`SELECT * FROM config_relationships
    WHERE config_id = ${configId}::uuid AND related_id = ${relatedId}::uuid AND relation = ${MANUAL_RELATION}
    FOR UPDATE`.execute(db);
  const { rows } =
    await sql<RelationshipRow>`INSERT INTO config_relationships (config_id, related_id, relation, selector_id)
    VALUES (${configId}::uuid, ${relatedId}::uuid, ${MANUAL_RELATION}, ${MANUAL_SELECTOR})
    ON CONFLICT (config_id, related_id, relation)
    DO UPDATE SET deleted_at = NULL, selector_id = ${MANUAL_SELECTOR}, scraper_id = NULL
    RETURNING *`.execute(db);
  const after = rows[0];
  if (!after) throw new Error('INSERT … RETURNING answered no row');
  return { before: before[0], after };
}

/** Soft-deletes the manual link from `configId` to `relatedId`; returns it as it was, if there was one. */
export async function removeManualLink(
  db: Db,
  configId: string,
  relatedId: string,
): Promise<RelationshipRow | undefined> {
  const { rows } = await sql<RelationshipRow>`UPDATE config_relationships SET deleted_at = now()
    WHERE config_id = ${configId}::uuid AND related_id = ${relatedId}::uuid AND selector_id = ${MANUAL_SELECTOR}
      AND deleted_at IS NULL
    RETURNING *`.execute(db);
  return rows[0];
}
