import type { Tables } from '@mc/db';
import type { Kysely } from 'kysely';

type Db = Kysely<Tables>;

/** A responder row as stored. */
export interface ResponderRow {
  id: string;
  incident_id: string;
  type: string;
  person_id: string | null;
  team_id: string | null;
  created_by: string;
  created_at: Date;
}

/** A comment row as stored. */
export interface CommentRow {
  id: string;
  incident_id: string;
  hypothesis_id: string | null;
  responder_id: string | null;
  comment: string;
  /** A public update on the status pages (migration 0221). */
  public: boolean;
  created_by: string;
  created_at: Date;
}

/** The live responder row of this person or team on the incident, if any. */
export async function findResponderFor(
  db: Db,
  incidentId: string,
  who: { person_id?: string; team_id?: string },
): Promise<ResponderRow | undefined> {
  let query = db
    .selectFrom('responders')
    .selectAll()
    .where('incident_id', '=', incidentId)
    .where('deleted_at', 'is', null);
  query = who.person_id
    ? query.where('person_id', '=', who.person_id)
    : query.where('team_id', '=', who.team_id ?? null);
  return (await query.executeTakeFirst()) as ResponderRow | undefined; // row shape of the responders table
}

/** One responder of the incident by id. */
export async function findResponder(db: Db, incidentId: string, id: string): Promise<ResponderRow | undefined> {
  const row = await db
    .selectFrom('responders')
    .selectAll()
    .where('id', '=', id)
    .where('incident_id', '=', incidentId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row as ResponderRow | undefined; // row shape of the responders table
}

/** Adds a responder; the database records `responder.created` and queues `incident.responder.added`. */
export async function insertResponder(
  db: Db,
  values: Pick<ResponderRow, 'incident_id' | 'type' | 'person_id' | 'team_id'>,
  createdBy: string,
): Promise<ResponderRow> {
  const row = await db
    .insertInto('responders')
    .values({ ...values, created_by: createdBy })
    .returningAll()
    .executeTakeFirstOrThrow();
  return row as ResponderRow; // row shape of the responders table
}

/** Removes a responder (soft delete, so history rows keep their link); queues `incident.responder.removed`. */
export async function removeResponder(db: Db, id: string): Promise<void> {
  await db.updateTable('responders').set({ deleted_at: new Date() }).where('id', '=', id).execute();
}

/** Adds a comment; the database records `responder.commented` and queues `incident.comment.added`. */
export async function insertComment(
  db: Db,
  values: Pick<CommentRow, 'incident_id' | 'hypothesis_id' | 'responder_id' | 'comment' | 'public'>,
  createdBy: string,
): Promise<CommentRow> {
  const row = await db
    .insertInto('comments')
    .values({ ...values, created_by: createdBy })
    .returningAll()
    .executeTakeFirstOrThrow();
  return row as CommentRow; // row shape of the comments table
}
