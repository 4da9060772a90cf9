/**
 * The rows an event is about (event-resources.ts), each read by primary key with every column, as rule
 * filters and templates see them.
 */
import { newestRunsBlockSql } from '../health/index.js';
import type { Sql } from './sql.js';

/** A row as the database returns it: the filters and templates read its columns by name. */
export type ResourceRow = Record<string, unknown>;

async function one(db: Sql, text: string, id: string): Promise<ResourceRow | undefined> {
  const { rows } = await db.query(text, [id]);
  return rows[0] as ResourceRow | undefined; // the query selects one row by primary key
}

/** A check. */
export const findCheck = (db: Sql, id: string) => one(db, 'SELECT * FROM checks WHERE id = $1', id);

/** A check's row, its canary's summary and its latest result, as {@link findCheckWithContext} answers. */
export interface CheckWithContext {
  check: ResourceRow;
  canary: ResourceRow | undefined;
  status: ResourceRow | undefined;
}

/**
 * A check with its canary (as the `canary` variable shows it) and its latest result, in one round trip
 * instead of three (one per check event, issue 32 item 5); every column keeps the type the separate
 * reads gave it. The canary's and result's columns come back prefixed and are split off here. The latest
 * result reads the check's rows not yet packed and its newest block only (health's newestRunsBlockSql).
 */
export async function findCheckWithContext(db: Sql, id: string): Promise<CheckWithContext | undefined> {
  const { rows } = await db.query(
    `SELECT k.*, c.id AS "canary.id", c.name AS "canary.name", c.namespace AS "canary.namespace",
       c.labels AS "canary.labels", s.found AS "status.found", s.status AS "status.status",
       s.message AS "status.message", s.error AS "status.error", s.duration AS "status.duration", s.time AS "status.time"
     FROM checks k LEFT JOIN canaries c ON c.id = k.canary_id
     LEFT JOIN LATERAL (SELECT true AS found, status, message, error, duration, time FROM check_statuses
       WHERE check_id = k.id AND time_block >= ${newestRunsBlockSql('k.id', '1')} ORDER BY time DESC LIMIT 1) s ON true
     WHERE k.id = $1`,
    [id],
  );
  const row = rows[0] as ResourceRow | undefined; // one row by primary key
  if (!row) return undefined;
  const parts: Record<'check' | 'canary' | 'status', ResourceRow> = { check: {}, canary: {}, status: {} };
  for (const [column, value] of Object.entries(row)) {
    const dot = column.indexOf('.');
    const part = dot > 0 ? column.slice(0, dot) : '';
    if (part === 'canary' || part === 'status') parts[part][column.slice(dot + 1)] = value;
    else parts.check[column] = value;
  }
  const { found, ...status } = parts.status;
  return {
    check: parts.check,
    canary: parts.canary.id === null ? undefined : parts.canary,
    status: found ? status : undefined,
  };
}

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
