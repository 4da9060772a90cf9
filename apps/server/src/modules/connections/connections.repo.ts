import type { Database } from '@mc/db';
import { sql } from 'kysely';

/** A connection row as stored (secrets still encrypted). */
export interface ConnectionRow {
  id: string;
  name: string;
  namespace: string;
  type: string;
  url: string | null;
  username: string | null;
  password: string | null;
  certificate: string | null;
  insecure_tls: boolean;
  properties: Record<string, unknown> | null;
  source: string | null;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
}

/** Columns a write sets. */
export type ConnectionWrite = Pick<
  ConnectionRow,
  'name' | 'namespace' | 'type' | 'url' | 'username' | 'password' | 'certificate' | 'insecure_tls' | 'properties'
>;

const COLUMNS = [
  'id',
  'name',
  'namespace',
  'type',
  'url',
  'username',
  'password',
  'certificate',
  'insecure_tls',
  'properties',
  'source',
  'created_by',
  'created_at',
  'updated_at',
] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** SQL of the connections table; soft-deleted rows are invisible to every read. */
export function connectionsRepo(database: Database) {
  const live = () => database.db.selectFrom('connections').select(COLUMNS).where('deleted_at', 'is', null);
  // Rows are typed by COLUMNS; Kysely's loose table map cannot know their shapes.
  const typed = (row: unknown) => row as ConnectionRow | undefined;
  return {
    async list(filter: { type?: string; namespace?: string }): Promise<ConnectionRow[]> {
      let query = live().orderBy('namespace').orderBy('name');
      if (filter.type) query = query.where('type', '=', filter.type);
      if (filter.namespace) query = query.where('namespace', '=', filter.namespace);
      // Same shape as typed(); a list of rows.
      return (await query.execute()) as ConnectionRow[];
    },
    async byId(id: string): Promise<ConnectionRow | undefined> {
      if (!UUID.test(id)) return undefined;
      return typed(await live().where('id', '=', id).executeTakeFirst());
    },
    async byNamespaceName(namespace: string, name: string): Promise<ConnectionRow | undefined> {
      return typed(await live().where('namespace', '=', namespace).where('name', '=', name).executeTakeFirst());
    },
    /** Rows named `name` whose type or namespace is `scope` (the two `connection://` forms). */
    async byScopeName(scope: string, name: string): Promise<ConnectionRow[]> {
      const rows = await live()
        .where('name', '=', name)
        .where((eb) => eb.or([eb('type', '=', scope), eb('namespace', '=', scope)]))
        .execute();
      // Same shape as typed().
      return rows as ConnectionRow[];
    },
    async insert(values: ConnectionWrite, createdBy: string | null): Promise<ConnectionRow> {
      const row = await database.db
        .insertInto('connections')
        .values({ ...values, properties: JSON.stringify(values.properties ?? {}), created_by: createdBy, source: 'UI' })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
      // Same shape as typed().
      return row as ConnectionRow;
    },
    async update(id: string, values: ConnectionWrite): Promise<ConnectionRow | undefined> {
      const row = await database.db
        .updateTable('connections')
        .set({ ...values, properties: JSON.stringify(values.properties ?? {}) })
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .returning(COLUMNS)
        .executeTakeFirst();
      return typed(row);
    },
    async softDelete(id: string): Promise<boolean> {
      if (!UUID.test(id)) return false;
      const result = await database.db
        .updateTable('connections')
        .set({ deleted_at: sql`now()` })
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    /** Replaces only the URL (sealing a URL stored before its password was a secret). */
    async setUrl(id: string, url: string): Promise<void> {
      await database.db.updateTable('connections').set({ url }).where('id', '=', id).execute();
    },
    /** Every live row whose secrets are ciphertext of an older key, for rotation. */
    async all(): Promise<ConnectionRow[]> {
      // Same shape as typed().
      return (await live().execute()) as ConnectionRow[];
    },
  };
}

/** The repository's type. */
export type ConnectionsRepo = ReturnType<typeof connectionsRepo>;
