import type { PermissionInput } from '@mc/contracts';
import type { Database } from '@mc/db';
import { sql } from 'kysely';

type Db = Database['db'];

/** The columns a permission create or update writes (every subject and resource column, nulls included). */
export const PERMISSION_FIELDS = [
  'action',
  'deny',
  'description',
  'object',
  'config_id',
  'component_id',
  'canary_id',
  'playbook_id',
  'connection_id',
  'check_id',
  'person_id',
  'team_id',
  'notification_id',
  'until',
] as const;

/** A permission row with the names of what it links (001 §3: the list carries nested subject and resource). */
export interface PermissionSummaryRow {
  id: string;
  action: string;
  deny: boolean;
  description: string | null;
  object: string | null;
  source: string;
  until: string | null;
  created_at: string;
  updated_at: string;
  created_by: string | null;
  updated_by: string | null;
  [link: string]: unknown;
}

/** Equality filters of the list (a resource's own permissions tab, a subject's). */
export type PermissionFilter = Partial<Record<(typeof PERMISSION_FIELDS)[number], string>>;

const SUMMARY_SELECT = sql`
  SELECT p.id, p.action, p.deny, p.description, p.object, p.source, p.until, p.created_at, p.updated_at,
    p.created_by, p.updated_by, p.person_id, p.team_id, p.notification_id, p.config_id, p.component_id,
    p.canary_id, p.playbook_id, p.connection_id, p.check_id,
    (SELECT json_build_object('id', x.id, 'name', x.name, 'email', x.email, 'avatar', x.avatar) FROM people x WHERE x.id = p.person_id) AS person,
    (SELECT json_build_object('id', x.id, 'name', x.name, 'icon', x.icon) FROM teams x WHERE x.id = p.team_id) AS team,
    (SELECT json_build_object('id', x.id, 'name', x.name) FROM notifications x WHERE x.id = p.notification_id) AS notification,
    (SELECT json_build_object('id', x.id, 'name', x.name, 'type', x.type) FROM config_items x WHERE x.id = p.config_id) AS catalog,
    (SELECT json_build_object('id', x.id, 'name', x.name, 'type', x.type) FROM components x WHERE x.id = p.component_id) AS component,
    (SELECT json_build_object('id', x.id, 'name', x.name) FROM canaries x WHERE x.id = p.canary_id) AS canary,
    (SELECT json_build_object('id', x.id, 'name', x.name, 'title', x.title) FROM playbooks x WHERE x.id = p.playbook_id) AS playbook,
    (SELECT json_build_object('id', x.id, 'name', x.name, 'type', x.type) FROM connections x WHERE x.id = p.connection_id) AS connection,
    (SELECT json_build_object('id', x.id, 'name', x.name) FROM checks x WHERE x.id = p.check_id) AS "check",
    (SELECT json_build_object('id', x.id, 'name', x.name, 'avatar', x.avatar) FROM people x WHERE x.id = p.created_by) AS "createdBy"
  FROM permissions p`;

function filterSql(filter: PermissionFilter) {
  const parts = Object.entries(filter).map(([column, value]) => sql`AND ${sql.ref(`p.${column}`)} = ${value}`);
  return sql.join(parts, sql` `);
}

/** One page of live permissions, newest first, and the total (001 §7 'paginated summary'). */
export async function listPermissions(
  db: Db,
  page: { index: number; size: number },
  filter: PermissionFilter,
): Promise<{ rows: PermissionSummaryRow[]; total: number }> {
  const where = sql`WHERE p.deleted_at IS NULL ${filterSql(filter)}`;
  const { rows } = await sql<PermissionSummaryRow>`${SUMMARY_SELECT} ${where}
      ORDER BY p.created_at DESC, p.id DESC LIMIT ${page.size} OFFSET ${page.index * page.size}`.execute(db);
  const count = await sql<{ n: number }>`SELECT count(*)::int AS n FROM permissions p ${where}`.execute(db);
  return { rows, total: count.rows[0]?.n ?? 0 };
}

/** One live permission with its links. */
export async function getPermission(db: Db, id: string): Promise<PermissionSummaryRow | undefined> {
  const { rows } =
    await sql<PermissionSummaryRow>`${SUMMARY_SELECT} WHERE p.id = ${id} AND p.deleted_at IS NULL`.execute(db);
  return rows[0];
}

const valuesOf = (input: PermissionInput) => PERMISSION_FIELDS.map((field) => input[field] ?? null);

/** Inserts a permission made in the console (source UI); returns its id. */
export async function insertPermission(db: Db, input: PermissionInput, by: string | null): Promise<string> {
  const columns = sql.join(PERMISSION_FIELDS.map((field) => sql.ref(field)));
  const { rows } = await sql<{ id: string }>`
    INSERT INTO permissions (${columns}, source, created_by, updated_by)
    VALUES (${sql.join(valuesOf(input))}, 'UI', ${by}, ${by}) RETURNING id`.execute(db);
  return rows[0]?.id as string; // INSERT … RETURNING yields one row
}

/** Replaces a permission's subject, resource, action and rule fields; false when no live row has the id. */
export async function updatePermission(
  db: Db,
  id: string,
  input: PermissionInput,
  by: string | null,
): Promise<boolean> {
  const sets = PERMISSION_FIELDS.map((field) => sql`${sql.ref(field)} = ${input[field] ?? null}`);
  const result = await sql`
    UPDATE permissions SET ${sql.join(sets)}, updated_by = ${by}, updated_at = now()
    WHERE id = ${id} AND deleted_at IS NULL`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

/** Soft-deletes a permission; it stops applying at once. */
export async function softDeletePermission(db: Db, id: string, by: string | null): Promise<boolean> {
  const result = await sql`
    UPDATE permissions SET deleted_at = now(), updated_by = ${by} WHERE id = ${id} AND deleted_at IS NULL`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

/** True when a row for `subject` (a person, or a team) would apply to `personId`: the person, or a team of theirs. */
export async function appliesTo(
  db: Db,
  personId: string,
  subject: Readonly<Record<string, unknown>>,
): Promise<boolean> {
  if (subject.person_id === personId) return true;
  if (typeof subject.team_id !== 'string') return false;
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM team_members
    WHERE team_id = ${subject.team_id} AND person_id = ${personId}`.execute(db);
  return (rows[0]?.n ?? 0) > 0;
}
