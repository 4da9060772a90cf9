/** SQL of notification silences (soft-deleted; `until` NULL holds indefinitely). */
import type { Sql } from './sql.js';

/** A silence row. */
export interface SilenceRow {
  id: string;
  name: string | null;
  namespace: string;
  description: string | null;
  filter: string | null;
  from: Date | null;
  until: Date | null;
  recursive: boolean;
  config_id: string | null;
  check_id: string | null;
  canary_id: string | null;
  component_id: string | null;
  source: string | null;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
}

/** Silences in force at `at`. */
export async function activeSilences(db: Sql, at: Date): Promise<SilenceRow[]> {
  const { rows } = await db.query<SilenceRow>(
    `SELECT * FROM notification_silences
     WHERE deleted_at IS NULL AND ("from" IS NULL OR "from" <= $1) AND (until IS NULL OR until > $1)
     ORDER BY created_at`,
    [at],
  );
  return rows;
}

/** Every live silence (not deleted), whatever its time range, oldest first: the consumer's cache. */
export async function liveSilences(db: Sql): Promise<SilenceRow[]> {
  const { rows } = await db.query<SilenceRow>(
    'SELECT * FROM notification_silences WHERE deleted_at IS NULL ORDER BY created_at',
  );
  return rows;
}

/** One silence by id (deleted ones too, for the history's reference). */
export async function silenceById(db: Sql, id: string): Promise<SilenceRow | undefined> {
  const { rows } = await db.query<SilenceRow>('SELECT * FROM notification_silences WHERE id = $1', [id]);
  return rows[0];
}

/** The columns a silence body sets. */
export type SilenceColumns = Pick<
  SilenceRow,
  | 'name'
  | 'namespace'
  | 'description'
  | 'filter'
  | 'from'
  | 'until'
  | 'recursive'
  | 'config_id'
  | 'check_id'
  | 'canary_id'
  | 'component_id'
>;

const COLUMNS = [
  'name',
  'namespace',
  'description',
  'filter',
  'from',
  'until',
  'recursive',
  'config_id',
  'check_id',
  'canary_id',
  'component_id',
] as const;

/** Inserts a silence. */
export async function insertSilence(db: Sql, columns: SilenceColumns, createdBy: string | null): Promise<SilenceRow> {
  const { rows } = await db.query<SilenceRow>(
    `INSERT INTO notification_silences (${COLUMNS.map((c) => `"${c}"`).join(', ')}, created_by, source)
     VALUES (${COLUMNS.map((_, i) => `$${i + 1}`).join(', ')}, $${COLUMNS.length + 1}, 'UI') RETURNING *`,
    [...COLUMNS.map((column) => columns[column]), createdBy],
  );
  return rows[0] as SilenceRow; // INSERT … RETURNING gives the row
}

/** Replaces a live silence's columns. */
export async function updateSilence(db: Sql, id: string, columns: SilenceColumns): Promise<SilenceRow | undefined> {
  const { rows } = await db.query<SilenceRow>(
    `UPDATE notification_silences SET ${COLUMNS.map((c, i) => `"${c}" = $${i + 2}`).join(', ')}
     WHERE id = $1 AND deleted_at IS NULL RETURNING *`,
    [id, ...COLUMNS.map((column) => columns[column])],
  );
  return rows[0];
}

/** Soft-deletes a live silence. */
export async function softDeleteSilence(db: Sql, id: string): Promise<SilenceRow | undefined> {
  const { rows } = await db.query<SilenceRow>(
    'UPDATE notification_silences SET deleted_at = now() WHERE id = $1 AND deleted_at IS NULL RETURNING *',
    [id],
  );
  return rows[0];
}
