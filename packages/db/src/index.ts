export { DataDirInUseError, lockDataDir } from './data-dir-lock.js';
export {
  connectEndpoint,
  connectPostgres,
  createPostgresPool,
  type Database,
  type DatabaseEndpoint,
  type Engine,
  JOBS_APPLICATION_NAME,
  type PoolSettings,
  type Tables,
  wrapPool,
} from './database.js';
export { backupStoppedEmbedded, RestoreTargetNotEmptyError, restoreEmbedded } from './embedded/backup-file.js';
export { openEmbedded } from './embedded/embedded-database.js';
export { onEmbeddedNotification } from './embedded/embedded-notifications.js';
export { loadMigrations, MIGRATIONS_DIR, type Migration, migrate } from './migrate.js';
export { createPglite } from './pglite-factory.js';
export {
  MAX_PREPARED_TEXTS,
  PREPARE_AFTER_USES,
  type PreparedReads,
  preparedReads,
  preparedReadsOf,
} from './prepared-reads.js';
export * from './seed/factories.js';
export { type SeedOptions, type SeedReport, type SeedStepReport, seedDemo } from './seed/generator.js';
export { insertRow, insertRows, type Queryable, type Row } from './seed/insert.js';
export { resetDemoData, SEEDED_TABLES } from './seed/reset.js';
export { DEMO_PEOPLE, DEMO_TEAMS } from './seed/seed-people.js';
export { DEFAULT_SEED_SIZES, parseSeedArgs, resolveSizes, type SeedArgs, type SeedSizes } from './seed/sizes.js';
export { waitForWorkerSignal } from './worker-signal.js';
