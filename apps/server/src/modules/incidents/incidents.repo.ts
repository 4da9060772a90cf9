import type { IncidentSummary, ListIncidentsQuery } from '@mc/contracts';
import type { Database, Tables } from '@mc/db';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { runPrepared } from './prepared.repo.js';

type Db = Kysely<Tables>;

/** An incident row as stored. */
export interface IncidentRow {
  id: string;
  incident_id: string;
  title: string;
  description: string;
  type: string;
  status: string;
  severity: string;
  created_by: string;
  commander_id: string | null;
  communicator_id: string | null;
  acknowledged: Date | null;
  resolved: Date | null;
  closed: Date | null;
  created_at: Date;
  updated_at: Date;
  /** Shown on status pages (migration 0221). */
  public?: boolean;
}

/** Columns a create or edit sets. */
export type IncidentWrite = Partial<
  Pick<
    IncidentRow,
    'title' | 'description' | 'type' | 'status' | 'severity' | 'commander_id' | 'communicator_id' | 'public'
  >
>;

function filtersOf(q: ListIncidentsQuery): RawBuilder<unknown> {
  const where: RawBuilder<unknown>[] = [sql`deleted_at IS NULL`];
  if (q.status?.length) where.push(sql`status = ANY(${q.status}::text[])`);
  if (q.severity?.length) where.push(sql`severity = ANY(${q.severity}::text[])`);
  if (q.type?.length) where.push(sql`type = ANY(${q.type}::text[])`);
  if (q.commander) where.push(sql`commander_id = ${q.commander}::uuid`);
  if (q.from) where.push(sql`created_at >= ${q.from}::timestamptz`);
  if (q.to) where.push(sql`created_at < ${q.to}::timestamptz`);
  if (q.search) {
    const like = `%${q.search.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    where.push(sql`(lower(title) LIKE ${like} OR lower(incident_id) LIKE ${like})`);
  }
  return sql.join(where, sql` AND `);
}

function orderOf(q: ListIncidentsQuery): RawBuilder<unknown> {
  const dir = q.sortOrder === 'asc' ? sql`ASC` : sql`DESC`;
  const column = q.sortBy === 'severity' ? sql`incident_severity_rank(severity)` : sql.ref(q.sortBy);
  return sql`${column} ${dir}, id ${dir}`;
}

/**
 * One page of `incident_summary` under the list's filters and sort, and the filtered total. The page
 * ids come from the base table (its indexes serve filter, sort and limit); only those 50 rows pay
 * for the summary's commander, responders and commenters.
 */
export async function listIncidents(
  database: Database,
  q: ListIncidentsQuery,
): Promise<{ rows: IncidentSummary[]; total: number }> {
  const where = filtersOf(q);
  const [page, count] = await Promise.all([
    runPrepared(
      database,
      sql<IncidentSummary>`SELECT s.* FROM unnest(ARRAY(
        SELECT id FROM incidents WHERE ${where} ORDER BY ${orderOf(q)} LIMIT ${q.pageSize} OFFSET ${q.pageIndex * q.pageSize}
      )) WITH ORDINALITY AS p(id, ord)
      JOIN incident_summary s ON s.id = p.id ORDER BY p.ord`,
    ),
    runPrepared(database, sql<{ total: number }>`SELECT count(*)::int AS total FROM incidents WHERE ${where}`),
  ]);
  return { rows: page, total: count[0]?.total ?? 0 };
}

/** One incident's summary row, or undefined. */
export async function findSummary(db: Db, id: string): Promise<IncidentSummary | undefined> {
  const { rows } = await sql<IncidentSummary>`SELECT * FROM incident_summary WHERE id = ${id}::uuid`.execute(db);
  return rows[0];
}

/** The incident row, locked for the rest of the transaction when `forUpdate`. */
export async function findIncident(db: Db, id: string, forUpdate = false): Promise<IncidentRow | undefined> {
  let query = db.selectFrom('incidents').selectAll().where('id', '=', id).where('deleted_at', 'is', null);
  if (forUpdate) query = query.forUpdate();
  return (await query.executeTakeFirst()) as IncidentRow | undefined; // row shape of the incidents table
}

/** Inserts an incident; the database numbers it and records `incident.created`. */
export async function insertIncident(db: Db, values: IncidentWrite, createdBy: string): Promise<IncidentRow> {
  const row = await db
    .insertInto('incidents')
    .values({ ...values, created_by: createdBy })
    .returningAll()
    .executeTakeFirstOrThrow();
  return row as IncidentRow; // row shape of the incidents table
}

/** Applies an edit; the triggers record status and field changes. */
export async function updateIncident(db: Db, id: string, values: IncidentWrite): Promise<IncidentRow> {
  const row = await db
    .updateTable('incidents')
    .set(values)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return row as IncidentRow; // row shape of the incidents table
}

/** True when a live person with this id exists. */
export async function personExists(db: Db, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('people')
    .select('id')
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** True when a live team with this id exists. */
export async function teamExists(db: Db, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('teams')
    .select('id')
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Names the person behind the transaction's writes for the incident history triggers (`mc.actor_id`). */
export async function setHistoryActor(db: Db, personId: string): Promise<void> {
  await sql`SELECT set_config('mc.actor_id', ${personId}, true)`.execute(db);
}
