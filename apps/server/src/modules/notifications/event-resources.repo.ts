/**
 * The rows an event is about (event-resources.ts), each read by primary key with every column, as rule
 * filters and templates see them.
 */
import type { Sql } from './sql.js';

/** A row as the database returns it: the filters and templates read its columns by name. */
export type ResourceRow = Record<string, unknown>;

async function one(db: Sql, text: string, id: string): Promise<ResourceRow | undefined> {
  const { rows } = await db.query(text, [id]);
  return rows[0] as ResourceRow | undefined; // the query selects one row by primary key
}

/** A check. */
export const findCheck = (db: Sql, id: string) => one(db, 'SELECT * FROM checks WHERE id = $1', id);

/** The canary of a check, as the `canary` variable shows it. */
export const findCanarySummary = (db: Sql, id: string) =>
  one(db, 'SELECT id, name, namespace, labels FROM canaries WHERE id = $1', id);

/** The latest result of a check. */
export const findLatestCheckStatus = (db: Sql, checkId: string) =>
  one(
    db,
    `SELECT status, message, error, duration, time FROM check_statuses WHERE check_id = $1 ORDER BY time DESC LIMIT 1`,
    checkId,
  );

/** An incident. */
export const findIncident = (db: Sql, id: string) => one(db, 'SELECT * FROM incidents WHERE id = $1', id);

/** A catalog item. */
export const findConfigItem = (db: Sql, id: string) => one(db, 'SELECT * FROM config_items WHERE id = $1', id);

/** An insight on a catalog item. */
export const findConfigAnalysis = (db: Sql, id: string) => one(db, 'SELECT * FROM config_analysis WHERE id = $1', id);

/** An SLO with the name of its check or component (`slo.burn_rate` events). */
export const findSlo = (db: Sql, id: string) =>
  one(
    db,
    `SELECT s.*, coalesce(k.name, c.name) AS target_name FROM slos s
     LEFT JOIN checks k ON k.id = s.check_id LEFT JOIN components c ON c.id = s.component_id
     WHERE s.id = $1 AND s.deleted_at IS NULL`,
    id,
  );

/** A topology component. */
export const findComponent = (db: Sql, id: string) => one(db, 'SELECT * FROM components WHERE id = $1', id);

/** A playbook run. */
export const findPlaybookRun = (db: Sql, id: string) => one(db, 'SELECT * FROM playbook_runs WHERE id = $1', id);

/** The playbook of a run, as the `playbook` variable shows it. */
export const findPlaybookSummary = (db: Sql, id: string) =>
  one(db, 'SELECT id, name, title, category FROM playbooks WHERE id = $1', id);
