/**
 * playbooks SQL: the columns derived from a definition's spec, and the reads the run endpoints need.
 * Soft-delete aware: a deleted playbook is not found.
 */
import { type Executor, runQuery } from '../jobs/index.js';

/** A playbooks row. */
export interface PlaybookRow {
  id: string;
  name: string;
  namespace: string;
  title: string;
  icon: string | null;
  description: string | null;
  category: string;
  spec: Record<string, unknown>;
  source: string;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

/** The columns the console lists by, as the spec says them. */
export interface PlaybookDerivedColumns {
  title: string;
  icon: string | null;
  description: string | null;
  category: string;
}

/** Writes the title, icon, description and category a spec gives (the console groups and labels by them). */
export async function setDerivedColumns(db: Executor, id: string, columns: PlaybookDerivedColumns): Promise<void> {
  await runQuery(
    db,
    `UPDATE playbooks SET title = $2, icon = $3, description = $4, category = $5
      WHERE id = $1 AND (title, icon, description, category) IS DISTINCT FROM ($2, $3, $4, $5)`,
    [id, columns.title, columns.icon, columns.description, columns.category],
  );
}

/** A live playbook by id. */
export async function findPlaybook(db: Executor, id: string): Promise<PlaybookRow | undefined> {
  const [row] = await runQuery<PlaybookRow>(db, 'SELECT * FROM playbooks WHERE id = $1 AND deleted_at IS NULL', [id]);
  return row;
}
