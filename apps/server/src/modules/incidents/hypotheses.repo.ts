import type { Tables } from '@mc/db';
import { type Kysely, sql } from 'kysely';

type Db = Kysely<Tables>;

/** A hypothesis row as stored. */
export interface HypothesisRow {
  id: string;
  incident_id: string;
  parent_id: string | null;
  type: string;
  title: string;
  status: string;
  created_by: string;
  created_at: Date;
  updated_at: Date;
}

/** A hypothesis, only when it belongs to `incidentId` (a hypothesis of another incident is not found). */
export async function findHypothesis(db: Db, incidentId: string, id: string): Promise<HypothesisRow | undefined> {
  const row = await db
    .selectFrom('hypotheses')
    .selectAll()
    .where('id', '=', id)
    .where('incident_id', '=', incidentId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row as HypothesisRow | undefined; // row shape of the hypotheses table
}

/** The incident's hypotheses, oldest first. */
export async function listHypotheses(db: Db, incidentId: string): Promise<HypothesisRow[]> {
  const rows = await db
    .selectFrom('hypotheses')
    .selectAll()
    .where('incident_id', '=', incidentId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows as HypothesisRow[]; // row shape of the hypotheses table
}

/** Inserts a hypothesis; the database checks the tree and records `hypothesis.created`. */
export async function insertHypothesis(
  db: Db,
  values: Pick<HypothesisRow, 'incident_id' | 'title' | 'type' | 'status' | 'parent_id'>,
  createdBy: string,
): Promise<HypothesisRow> {
  const row = await db
    .insertInto('hypotheses')
    .values({ ...values, created_by: createdBy })
    .returningAll()
    .executeTakeFirstOrThrow();
  return row as HypothesisRow; // row shape of the hypotheses table
}

/** Edits title and/or status in place. */
export async function updateHypothesis(
  db: Db,
  id: string,
  values: Partial<Pick<HypothesisRow, 'title' | 'status'>>,
): Promise<HypothesisRow> {
  const row = await db
    .updateTable('hypotheses')
    .set(values)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return row as HypothesisRow; // row shape of the hypotheses table
}

/** What deleting a hypothesis removed. */
export interface DeletedTree {
  hypotheses: string[];
  evidences: number;
  comments: number;
}

/**
 * Deletes a hypothesis with its subtree: first the comments and the evidence of every hypothesis in
 * it, then the hypotheses (spec 000 §4). The caller's transaction makes it all or nothing.
 */
export async function deleteHypothesisTree(db: Db, id: string): Promise<DeletedTree> {
  const tree = await sql<{ id: string }>`WITH RECURSIVE tree AS (
      SELECT id FROM hypotheses WHERE id = ${id}::uuid
      UNION SELECT h.id FROM hypotheses h JOIN tree t ON h.parent_id = t.id
    ) SELECT id FROM tree`.execute(db);
  const ids = tree.rows.map((row) => row.id);
  if (ids.length === 0) return { hypotheses: [], evidences: 0, comments: 0 };
  const comments = await db.deleteFrom('comments').where('hypothesis_id', 'in', ids).executeTakeFirst();
  const evidences = await db.deleteFrom('evidences').where('hypothesis_id', 'in', ids).executeTakeFirst();
  await db.deleteFrom('hypotheses').where('id', 'in', ids).execute();
  return { hypotheses: ids, evidences: Number(evidences.numDeletedRows), comments: Number(comments.numDeletedRows) };
}
