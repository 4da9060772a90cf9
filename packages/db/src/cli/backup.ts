import { DataDirInUseError } from '../data-dir-lock.js';
import { backupStoppedEmbedded } from '../embedded/backup-file.js';
import { backupThroughServer } from './backup-through-server.js';
import { runCli } from './open-target.js';

/**
 * `npm run backup [-- <file>]`: a gzip tarball of the embedded database (MC_DATA_DIR). With
 * MC_BACKUP_SERVER (the running server's address) and MC_BACKUP_TOKEN (an administrator's API token) the
 * running server takes a consistent copy; otherwise the folder of a stopped server is read. PostgreSQL is
 * backed up with pg_dump (docs/operations.md#back-up-and-restore).
 */
async function main(): Promise<void> {
  if (process.env.DATABASE_URL?.trim()) {
    throw new Error('DATABASE_URL is set: back up PostgreSQL with pg_dump (docs/operations.md#back-up-and-restore)');
  }
  const dataDir = process.env.MC_DATA_DIR?.trim() || './data';
  const file = process.argv[2] ?? `mission-control-${new Date().toISOString().replaceAll(':', '-')}.tar.gz`;
  const server = process.env.MC_BACKUP_SERVER?.trim();
  let bytes: number;
  if (server) {
    const token = process.env.MC_BACKUP_TOKEN?.trim();
    if (!token) throw new Error("MC_BACKUP_SERVER is set: MC_BACKUP_TOKEN must name an administrator's API token");
    bytes = await backupThroughServer(server, token, file);
  } else {
    try {
      bytes = await backupStoppedEmbedded(dataDir, file);
    } catch (error) {
      if (!(error instanceof DataDirInUseError)) throw error;
      throw new Error(
        `${error.message}. To back up the running server, set MC_BACKUP_SERVER to its address and MC_BACKUP_TOKEN to an administrator's API token`,
      );
    }
  }
  process.stdout.write(`backed up ${server ?? dataDir} to ${file} (${bytes} bytes)\n`);
  process.stdout.write(
    'keep MC_SECRET_KEY (or MC_DATA_DIR/secret.key) safe too: without it the connection secrets cannot be read\n',
  );
}

runCli(main);
