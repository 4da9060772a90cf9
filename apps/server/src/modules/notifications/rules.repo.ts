/** SQL of notification rules (table `notifications`, upstream's columns). */
import type { Sql } from './sql.js';

/** A rule row as delivery reads it. Durations are seconds; `repeat_interval` keeps its text (`10m`). */
export interface RuleRow {
  id: string;
  name: string;
  namespace: string;
  events: string[];
  title: string | null;
  template: string | null;
  filter: string | null;
  properties: Record<string, unknown> | null;
  person_id: string | null;
  team_id: string | null;
  playbook_id: string | null;
  custom_services: { connection?: string; email?: string }[] | null;
  repeat_interval: string | null;
  wait_for: string | number | null;
  group_by: string[] | null;
  group_by_interval: string | number | null;
  inhibitions: { direction?: string; depth?: number }[] | null;
  source: string | null;
  /** Who last saved it (null: the system): its connection is resolved with their rights. */
  saved_by: string | null;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
}

/** Live rules listening to `event`. */
export async function rulesForEvent(db: Sql, event: string): Promise<RuleRow[]> {
  const { rows } = await db.query<RuleRow>(
    'SELECT * FROM notifications WHERE deleted_at IS NULL AND $1 = ANY (events) ORDER BY name',
    [event],
  );
  return rows;
}

/** One live rule by id. */
export async function ruleById(db: Sql, id: string): Promise<RuleRow | undefined> {
  const { rows } = await db.query<RuleRow>('SELECT * FROM notifications WHERE id = $1 AND deleted_at IS NULL', [id]);
  return rows[0];
}

/** The columns a rule document sets. */
export type RuleColumns = Pick<
  RuleRow,
  | 'name'
  | 'namespace'
  | 'events'
  | 'title'
  | 'template'
  | 'filter'
  | 'properties'
  | 'person_id'
  | 'team_id'
  | 'playbook_id'
  | 'custom_services'
  | 'repeat_interval'
  | 'wait_for'
  | 'group_by'
  | 'group_by_interval'
  | 'inhibitions'
>;

const COLUMNS = [
  'name',
  'namespace',
  'events',
  'title',
  'template',
  'filter',
  'properties',
  'person_id',
  'team_id',
  'playbook_id',
  'custom_services',
  'repeat_interval',
  'wait_for',
  'group_by',
  'group_by_interval',
  'inhibitions',
] as const;
const JSON_COLUMNS = new Set(['properties', 'custom_services', 'inhibitions']);

const valuesOf = (columns: RuleColumns) =>
  COLUMNS.map((column) => {
    const value = columns[column];
    return JSON_COLUMNS.has(column) && value !== null ? JSON.stringify(value) : value;
  });

/** Inserts a rule; a live rule of the same namespace and name answers with the unique violation. */
export async function insertRule(db: Sql, columns: RuleColumns, createdBy: string | null): Promise<RuleRow> {
  const placeholders = COLUMNS.map((_, index) => `$${index + 1}`).join(', ');
  const { rows } = await db.query<RuleRow>(
    `INSERT INTO notifications (${COLUMNS.join(', ')}, created_by, source) VALUES (${placeholders}, $${COLUMNS.length + 1}, 'UI') RETURNING *`,
    [...valuesOf(columns), createdBy],
  );
  return rows[0] as RuleRow; // INSERT … RETURNING gives the row
}

/** Replaces a live rule's columns. */
export async function updateRule(db: Sql, id: string, columns: RuleColumns): Promise<RuleRow | undefined> {
  const sets = COLUMNS.map((column, index) => `${column} = $${index + 2}`).join(', ');
  const { rows } = await db.query<RuleRow>(
    `UPDATE notifications SET ${sets} WHERE id = $1 AND deleted_at IS NULL RETURNING *`,
    [id, ...valuesOf(columns)],
  );
  return rows[0];
}

/** Soft-deletes a live rule. */
export async function softDeleteRule(db: Sql, id: string): Promise<RuleRow | undefined> {
  const { rows } = await db.query<RuleRow>(
    'UPDATE notifications SET deleted_at = now() WHERE id = $1 AND deleted_at IS NULL RETURNING *',
    [id],
  );
  return rows[0];
}

/** Records who last saved a rule (null: the system): its connection is resolved with their rights. */
export async function setRuleSaver(db: Sql, id: string, savedBy: string | null): Promise<void> {
  await db.query('UPDATE notifications SET saved_by = $2 WHERE id = $1', [id, savedBy]);
}

/** Notes on a rule why its filter could not be evaluated (shown on the rule until it next works). */
export async function recordRuleError(db: Sql, id: string, error: string): Promise<void> {
  await db.query('UPDATE notifications SET error = $2, error_at = now() WHERE id = $1', [id, error]);
}
