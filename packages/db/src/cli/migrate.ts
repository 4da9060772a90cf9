import { migrateAndReport } from './migrate-report.js';
import { openTarget, runCli } from './open-target.js';

/** `npm run migrate`: applies the pending migrations to DATABASE_URL or the embedded MC_DATA_DIR database. */
async function main(): Promise<void> {
  const { database, label } = await openTarget();
  try {
    await migrateAndReport(database, label);
  } finally {
    await database.close();
  }
}

runCli(main);
