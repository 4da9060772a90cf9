import type { EvidenceLinkColumn } from '@mc/contracts';
import type { Tables } from '@mc/db';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { type ResourceReach, reachSql } from '../../platform/resource-visibility.js';

type Db = Kysely<Tables>;

/** An evidence row as stored. */
export interface EvidenceRow {
  id: string;
  hypothesis_id: string;
  description: string;
  type: string;
  evidence: Record<string, unknown> | null;
  properties: Record<string, unknown> | null;
  config_id: string | null;
  config_change_id: string | null;
  config_analysis_id: string | null;
  component_id: string | null;
  check_id: string | null;
  definition_of_done: boolean;
  done: boolean;
  script: string | null;
  created_by: string;
  created_at: Date;
  updated_at: Date;
}

/** Columns a create sets. */
export type EvidenceInsert = Omit<EvidenceRow, 'id' | 'created_by' | 'created_at' | 'updated_at'>;

/** Columns an edit sets. */
export type EvidenceUpdate = Partial<Pick<EvidenceRow, 'description' | 'definition_of_done' | 'done' | 'script'>>;

const LINK_TABLE: Readonly<Record<EvidenceLinkColumn, string>> = {
  config_id: 'config_items',
  config_change_id: 'config_changes',
  config_analysis_id: 'config_analysis',
  component_id: 'components',
  check_id: 'checks',
};

/** SQL true when the linked row `r` may be read: its own table's scopes, or its config item's for a change or insight. */
function linkVisibleSql(column: EvidenceLinkColumn, reach: ResourceReach): RawBuilder<boolean> {
  switch (column) {
    case 'component_id':
      return reachSql(reach.component, 'r');
    case 'check_id':
      return reachSql(reach.check, 'r');
    case 'config_id':
      return reachSql(reach.config, 'r');
    default:
      return sql<boolean>`EXISTS (SELECT 1 FROM config_items ci WHERE ci.id = r.config_id AND ${reachSql(reach.config, 'ci')})`;
  }
}

/**
 * True when the resource an evidence link column points at exists (and is not deleted, where that
 * applies) and the writer may read it (`reach`): one they may not read answers as a missing one.
 */
export async function linkedResourceExists(
  db: Db,
  column: EvidenceLinkColumn,
  id: string,
  reach: ResourceReach,
): Promise<boolean> {
  const table = LINK_TABLE[column];
  const live = table === 'config_changes' || table === 'config_analysis' ? sql`true` : sql`r.deleted_at IS NULL`;
  const { rows } = await sql`SELECT 1 FROM ${sql.table(table)} AS r
    WHERE r.id = ${id}::uuid AND ${live} AND ${linkVisibleSql(column, reach)}`.execute(db);
  return rows.length > 0;
}

/** An evidence row, only when it belongs to a hypothesis of `incidentId`. */
export async function findEvidence(db: Db, incidentId: string, id: string): Promise<EvidenceRow | undefined> {
  const { rows } = await sql<EvidenceRow>`SELECT e.* FROM evidences e JOIN hypotheses h ON h.id = e.hypothesis_id
    WHERE e.id = ${id}::uuid AND h.incident_id = ${incidentId}::uuid AND e.deleted_at IS NULL`.execute(db);
  return rows[0];
}

/** Inserts evidence; the database checks its type and link and records `evidence.created`. */
export async function insertEvidence(db: Db, values: EvidenceInsert, createdBy: string): Promise<EvidenceRow> {
  const row = await db
    .insertInto('evidences')
    .values({ ...values, created_by: createdBy })
    .returningAll()
    .executeTakeFirstOrThrow();
  return row as EvidenceRow; // row shape of the evidences table
}

/** Edits evidence (done toggles record history through the trigger). */
export async function updateEvidence(db: Db, id: string, values: EvidenceUpdate): Promise<EvidenceRow> {
  const row = await db
    .updateTable('evidences')
    .set(values)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return row as EvidenceRow; // row shape of the evidences table
}

/** Removes one evidence row. */
export async function deleteEvidence(db: Db, id: string): Promise<void> {
  await db.deleteFrom('evidences').where('id', '=', id).execute();
}
