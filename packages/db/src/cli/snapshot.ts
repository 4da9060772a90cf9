import { ensureMigratedSnapshot, migratedSnapshotFile } from '../migrated-snapshot.js';
import { runCli } from './open-target.js';

/**
 * Part of `npm run build`: writes the migrated PGlite snapshot, so the first start on a fresh
 * embedded data directory restores it instead of running initdb and every migration.
 */
async function main(): Promise<void> {
  const started = performance.now();
  const file = migratedSnapshotFile();
  await ensureMigratedSnapshot(file);
  process.stdout.write(`Migrated snapshot ${file} ready (${Math.round(performance.now() - started)} ms)\n`);
}

runCli(main);
