import { migrate } from '../migrate.js';
import { openTarget, runCli } from './open-target.js';

/** `npm run migrate`: applies the pending migrations to DATABASE_URL or the embedded MC_DATA_DIR database. */
async function main(): Promise<void> {
  const { database, label } = await openTarget();
  try {
    process.stdout.write(`Migrating ${label}\n`);
    const started = performance.now();
    const applied = await migrate(database.pool);
    const millis = Math.round(performance.now() - started);
    if (applied.length === 0) process.stdout.write(`Up to date, nothing to apply (${millis} ms)\n`);
    for (const name of applied) process.stdout.write(`applied ${name}\n`);
    if (applied.length > 0) process.stdout.write(`Applied ${applied.length} migration(s) in ${millis} ms\n`);
  } finally {
    await database.close();
  }
}

runCli(main);
