/**
 * Global setup of the server test project: names this run (`MC_TEST_RUN_ID`, inherited by every test
 * process it starts), so a test file's closed database is reset and reused by the next file of its process
 * instead of made and dropped for each file (packages/db testing: ~2 s of CPU per file on PGlite, a
 * checkpoint per drop on PostgreSQL), and at the end drops the run's PostgreSQL databases.
 */
import { randomBytes } from 'node:crypto';
import { dropRunDatabases, testEngine } from '@mc/db/testing';

export default function setup() {
  const run = randomBytes(4).toString('hex');
  process.env.MC_TEST_RUN_ID = run;
  return async () => {
    if (testEngine() === 'postgres') await dropRunDatabases(run);
  };
}
