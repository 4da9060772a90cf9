/** The reads of the linked-resources hook (linked-resources.hook.ts), inside the write's transaction. */
import type { Tables } from '@mc/db';
import { type Kysely, sql } from 'kysely';

type Db = Kysely<Tables>;

/** The name of the foreign-key constraint on `column` of `table`, when it has one. */
export async function foreignKeyName(db: Db, table: string, column: string): Promise<string | undefined> {
  const { rows } = await sql<{ conname: string }>`SELECT c.conname FROM pg_constraint c
    JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
    WHERE c.conrelid = ${`public.${table}`}::regclass AND c.contype = 'f' AND a.attname = ${column}
    LIMIT 1`.execute(db);
  return rows[0]?.conname;
}

/** The config item a row of `table` (a change or an insight) belongs to. */
export async function configIdOf(db: Db, table: string, id: string): Promise<string | undefined> {
  const { rows } = await sql<{ config_id: string | null }>`SELECT config_id FROM ${sql.table(table)}
    WHERE id = ${id}::uuid`.execute(db);
  return rows[0]?.config_id ?? undefined;
}
