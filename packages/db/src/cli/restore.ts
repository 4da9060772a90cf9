import { restoreEmbedded } from '../embedded/backup-file.js';
import { runCli } from './open-target.js';

/** `npm run restore -- <file> [--force]`: restores an embedded-database backup into MC_DATA_DIR. */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const files = args.filter((arg) => arg !== '--force');
  if (files.length !== 1) throw new Error('usage: npm run restore -- <backup.tar.gz> [--force]');
  const file = files[0] as string;
  const dataDir = process.env.MC_DATA_DIR?.trim() || './data';
  await restoreEmbedded(file, dataDir, { force });
  process.stdout.write(`restored ${file} into ${dataDir}\n`);
}

runCli(main);
