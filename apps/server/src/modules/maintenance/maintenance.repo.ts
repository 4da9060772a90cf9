/** SQL of maintenance windows (migration 0225; soft-deleted). */
import type pg from 'pg';
import { timeBlockRangeSql } from '../health/index.js';

/** Where maintenance statements run: the pool, or one client holding a transaction. */
export type Sql = pg.Pool | pg.PoolClient;

/** A `maintenance_windows` row. */
export interface WindowRow {
  id: string;
  title: string;
  description: string;
  starts_at: Date;
  duration_minutes: number;
  timezone: string;
  rrule: string | null;
  series_ends_at: Date | null;
  exclude_from_uptime: boolean;
  filter: string | null;
  recursive: boolean;
  config_id: string | null;
  check_id: string | null;
  canary_id: string | null;
  component_id: string | null;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
}

/** The columns a window body sets. */
export type WindowColumns = Pick<
  WindowRow,
  | 'title'
  | 'description'
  | 'starts_at'
  | 'duration_minutes'
  | 'timezone'
  | 'rrule'
  | 'series_ends_at'
  | 'exclude_from_uptime'
  | 'filter'
  | 'recursive'
  | 'config_id'
  | 'check_id'
  | 'canary_id'
  | 'component_id'
>;

const COLUMNS = [
  'title',
  'description',
  'starts_at',
  'duration_minutes',
  'timezone',
  'rrule',
  'series_ends_at',
  'exclude_from_uptime',
  'filter',
  'recursive',
  'config_id',
  'check_id',
  'canary_id',
  'component_id',
] as const satisfies readonly (keyof WindowColumns)[];

/**
 * Live windows that may have an occurrence overlapping [from, to): started before `to`, and not over before
 * `from` (series_ends_at is the end of the last occurrence; NULL never ends). Uses maintenance_windows_span_idx.
 */
export async function windowsOverlapping(db: Sql, from: Date, to: Date): Promise<WindowRow[]> {
  const { rows } = await db.query<WindowRow>(
    `SELECT * FROM maintenance_windows
     WHERE deleted_at IS NULL AND starts_at < $2 AND (series_ends_at IS NULL OR series_ends_at > $1)
     ORDER BY starts_at, id`,
    [from, to],
  );
  return rows;
}

/** One page of live windows, newest first, and how many there are. */
export async function listWindows(
  db: Sql,
  limit: number,
  offset: number,
): Promise<{ rows: WindowRow[]; total: number }> {
  const { rows } = await db.query<WindowRow & { total: string }>(
    `SELECT *, count(*) OVER () AS total FROM maintenance_windows WHERE deleted_at IS NULL
     ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2`,
    [limit, offset],
  );
  return { rows: rows.map(({ total: _total, ...row }) => row), total: Number(rows[0]?.total ?? 0) };
}

/** One window by id (deleted ones too). */
export async function windowById(db: Sql, id: string): Promise<WindowRow | undefined> {
  const { rows } = await db.query<WindowRow>('SELECT * FROM maintenance_windows WHERE id = $1', [id]);
  return rows[0];
}

/** Inserts a window. */
export async function insertWindow(db: Sql, columns: WindowColumns, createdBy: string | null): Promise<WindowRow> {
  const { rows } = await db.query<WindowRow>(
    `INSERT INTO maintenance_windows (${COLUMNS.join(', ')}, created_by)
     VALUES (${COLUMNS.map((_, i) => `$${i + 1}`).join(', ')}, $${COLUMNS.length + 1}) RETURNING *`,
    [...COLUMNS.map((column) => columns[column]), createdBy],
  );
  return rows[0] as WindowRow; // INSERT … RETURNING gives the row
}

/** Replaces a live window's columns. */
export async function updateWindow(db: Sql, id: string, columns: WindowColumns): Promise<WindowRow | undefined> {
  const { rows } = await db.query<WindowRow>(
    `UPDATE maintenance_windows SET ${COLUMNS.map((c, i) => `${c} = $${i + 2}`).join(', ')}, updated_at = now()
     WHERE id = $1 AND deleted_at IS NULL RETURNING *`,
    [id, ...COLUMNS.map((column) => columns[column])],
  );
  return rows[0];
}

/** Soft-deletes a live window. */
export async function softDeleteWindow(db: Sql, id: string): Promise<WindowRow | undefined> {
  const { rows } = await db.query<WindowRow>(
    'UPDATE maintenance_windows SET deleted_at = now() WHERE id = $1 AND deleted_at IS NULL RETURNING *',
    [id],
  );
  return rows[0];
}

/**
 * Each check's runs (passed, failed) in [from, to), for the checks that ran (windows are short, so this stays
 * small); only the packed hours of the range are read (health's timeBlockRangeSql).
 */
export async function checkRunCounts(
  db: Sql,
  checkIds: readonly string[],
  from: Date,
  to: Date,
): Promise<{ check_id: string; passed: number; failed: number }[]> {
  const { rows } = await db.query<{ check_id: string; passed: string; failed: string }>(
    `SELECT check_id, count(*) FILTER (WHERE status) AS passed, count(*) FILTER (WHERE NOT status) AS failed
     FROM check_statuses WHERE check_id = ANY ($1::uuid[]) AND time >= $2 AND time < $3
       AND ${timeBlockRangeSql({ from: '$2', to: '$3' })} GROUP BY check_id`,
    [checkIds, from, to],
  );
  return rows.map((row) => ({ check_id: row.check_id, passed: Number(row.passed), failed: Number(row.failed) }));
}
