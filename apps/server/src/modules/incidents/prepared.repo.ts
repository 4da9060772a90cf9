import { createHash } from 'node:crypto';
import type { Database, Tables } from '@mc/db';
import type { Kysely, RawBuilder } from 'kysely';

/**
 * Runs a read as a named prepared statement (name = hash of its text), so each pooled connection
 * plans it once and reuses the plan: the detail and list queries join many tables and spend more
 * time planning than executing.
 */
export async function runPrepared<T>(database: Database, query: RawBuilder<T>): Promise<T[]> {
  const compiled = query.compile(database.db as Kysely<Tables>);
  if (database.engine === 'pglite') {
    // One embedded session behind a socket multiplexer: named statements are not shared safely there.
    return (await database.pool.query(compiled.sql, [...compiled.parameters])).rows as T[]; // the RawBuilder names the row shape
  }
  const name = `mc_incidents_${createHash('sha1').update(compiled.sql).digest('hex').slice(0, 20)}`;
  const result = await database.pool.query({ name, text: compiled.sql, values: [...compiled.parameters] });
  return result.rows as T[]; // the RawBuilder names the row shape
}
