import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { lockDataDir } from '../data-dir-lock.js';
import { createPglite } from '../pglite-factory.js';
import { openEmbedded } from './embedded-database.js';

/** Raised when a restore would overwrite a database: the operator must say `--force`. */
export class RestoreTargetNotEmptyError extends Error {
  override name = 'RestoreTargetNotEmptyError';
}

/**
 * Backs up the embedded database of `dataDir` to `file` when no server holds it (it takes the
 * data-directory lock, so a running server gives DataDirInUseError: back it up through its API,
 * `POST /api/system/backup`). Returns the tarball's size in bytes.
 */
export async function backupStoppedEmbedded(dataDir: string, file: string): Promise<number> {
  const database = await openEmbedded(dataDir);
  try {
    if (!database.backup) throw new Error('the embedded database offers no backup');
    return await database.backup(file);
  } finally {
    await database.close();
  }
}

/**
 * Restores a backup tarball (from `npm run backup` or `POST /api/system/backup`) into `dataDir`.
 * A folder that already holds a database is refused unless `force`, which replaces only the database
 * (`pgdata`): the secret key file beside it stays. The data-directory lock is held throughout, so a
 * running server's database is never overwritten.
 */
export async function restoreEmbedded(file: string, dataDir: string, options: { force?: boolean } = {}): Promise<void> {
  const absolute = resolve(dataDir);
  const pgdata = join(absolute, 'pgdata');
  const tarball = readFileSync(file); // read first: a missing backup must not cost the current database
  const release = lockDataDir(absolute);
  try {
    if (existsSync(pgdata) && readdirSync(pgdata).length > 0) {
      if (!options.force) {
        throw new RestoreTargetNotEmptyError(
          `${absolute} already holds a database; restore into an empty folder, or pass --force to replace it`,
        );
      }
      rmSync(pgdata, { recursive: true, force: true });
    }
    const pglite = await createPglite({ dataDir: pgdata, loadDataDir: new Blob([tarball]) });
    await pglite.query('SELECT 1');
    await pglite.close();
  } finally {
    release();
  }
}
