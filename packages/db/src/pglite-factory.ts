import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { RANDOM_PAGE_COST } from './planner-settings.js';

/** Extensions every PGlite instance loads, so migrations that create them run the same on both engines. */
const extensions = { pg_trgm };

/**
 * Opens a PGlite instance with the extensions our migrations expect.
 * `dataDir` undefined means in memory; `loadDataDir` restores a snapshot (tests use it to skip migrations).
 */
export async function createPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<PGlite> {
  const db = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions,
  });
  // PGlite is one session: the planner settings of every PostgreSQL connection hold for it all.
  await db.exec(`SET random_page_cost = ${RANDOM_PAGE_COST}`);
  return db;
}
