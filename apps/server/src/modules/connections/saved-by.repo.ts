/**
 * The statements of "naming a connection needs permission to read it" (connection-access.ts,
 * connection-references.ts): whether a saver still exists, the connections a reference may mean, and
 * recording who saved a definition.
 */
import type { Tables } from '@mc/db';
import { type Kysely, sql } from 'kysely';

/** A live connection as a reference check needs it; `url` may be sealed. */
export interface ReferencedConnectionRow {
  id: string;
  name: string;
  namespace: string;
  type: string;
  url: string | null;
}

/** Which connections a reference names: `connection://<type or namespace>/<name>`, an id, or a bare name. */
export type ConnectionRefQuery = { typeOrNamespace: string; name: string } | { id: string } | { name: string };

/** Whether the person row exists and is live; undefined when there is no such row. */
export async function personIsLive(db: Kysely<Tables>, personId: string): Promise<boolean | undefined> {
  const { rows } = await sql<{ live: boolean }>`SELECT deleted_at IS NULL AS live FROM people
    WHERE id = ${personId}::uuid`.execute(db);
  return rows[0]?.live;
}

/** The live connections a reference names, by namespace and name. */
export async function connectionsByRef(
  db: Kysely<Tables>,
  ref: ConnectionRefQuery,
): Promise<ReferencedConnectionRow[]> {
  const base = sql`SELECT id, name, namespace, type, url FROM connections WHERE deleted_at IS NULL`;
  const where =
    'typeOrNamespace' in ref
      ? sql`AND name = ${ref.name} AND (type = ${ref.typeOrNamespace} OR namespace = ${ref.typeOrNamespace})`
      : 'id' in ref
        ? sql`AND id = ${ref.id}::uuid`
        : sql`AND name = ${ref.name}`;
  const { rows } = await sql<ReferencedConnectionRow>`${base} ${where} ORDER BY namespace, name`.execute(db);
  return rows;
}

/** Sets `saved_by` of row `id` of a definition table (one of connection-references.ts's SAVED_BY_TABLES). */
export async function setSavedBy(db: Kysely<Tables>, table: string, id: string, savedBy: string | null): Promise<void> {
  await sql`UPDATE ${sql.table(table)} SET saved_by = ${savedBy}
    WHERE id = ${id}::uuid`.execute(db);
}
