export { DataDirInUseError, lockDataDir } from './data-dir-lock.js';
export { connectPostgres, createPostgresPool, type Database, type Engine, type Tables, wrapPool } from './database.js';
export { openEmbedded } from './embedded/embedded-database.js';
export { loadMigrations, MIGRATIONS_DIR, type Migration, migrate } from './migrate.js';
export { createPglite } from './pglite-factory.js';
