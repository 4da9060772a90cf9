/** What the system scraper (system.ts) reads of the database it runs on. */
import type { Database } from '@mc/db';
import { runQuery } from '../../jobs/index.js';

/** The database server's version text and the database's name. */
export async function databaseVersion(database: Database): Promise<{ version: string; database: string } | undefined> {
  const [row] = await runQuery<{ version: string; database: string }>(
    database.pool,
    'SELECT version() AS version, current_database() AS database',
  );
  return row;
}
