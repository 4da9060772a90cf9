import type { Database } from '@mc/db';
import { sql } from 'kysely';

/** A property row. */
export interface PropertyRow {
  name: string;
  value: string;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = ['name', 'value', 'created_by', 'created_at', 'updated_at'] as const;

/** SQL of the properties table; soft-deleted rows are invisible. */
export function propertiesRepo(database: Database) {
  // Rows are typed by COLUMNS; Kysely's loose table map cannot know their shapes.
  const typed = (row: unknown) => row as PropertyRow | undefined;
  return {
    async list(): Promise<PropertyRow[]> {
      const rows = await database.db
        .selectFrom('properties')
        .select(COLUMNS)
        .where('deleted_at', 'is', null)
        .orderBy('name')
        .execute();
      // Same shape as typed().
      return rows as PropertyRow[];
    },
    async get(name: string): Promise<PropertyRow | undefined> {
      return typed(
        await database.db
          .selectFrom('properties')
          .select(COLUMNS)
          .where('name', '=', name)
          .where('deleted_at', 'is', null)
          .executeTakeFirst(),
      );
    },
    /** Inserts, or revives a soft-deleted row of the same name; undefined when a live row exists. */
    async insert(name: string, value: string, createdBy: string | null): Promise<PropertyRow | undefined> {
      const row = await database.db
        .insertInto('properties')
        .values({ name, value, created_by: createdBy })
        .onConflict((oc) =>
          oc
            .column('name')
            .doUpdateSet({
              value,
              created_by: createdBy,
              deleted_at: null,
              created_at: sql`now()`,
              updated_at: sql`now()`,
            })
            .where('properties.deleted_at', 'is not', null),
        )
        .returning(COLUMNS)
        .executeTakeFirst();
      return typed(row);
    },
    async update(name: string, value: string): Promise<PropertyRow | undefined> {
      return typed(
        await database.db
          .updateTable('properties')
          .set({ value })
          .where('name', '=', name)
          .where('deleted_at', 'is', null)
          .returning(COLUMNS)
          .executeTakeFirst(),
      );
    },
    async softDelete(name: string): Promise<boolean> {
      const result = await database.db
        .updateTable('properties')
        .set({ deleted_at: sql`now()` })
        .where('name', '=', name)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
