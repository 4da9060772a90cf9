import { connectPostgres, type Database, migrate, openEmbedded } from '@mc/db';
import type { Config } from './config.js';
import type { Logger } from './logger.js';

/** Opens the configured database (PostgreSQL when DATABASE_URL is set, else embedded) and migrates it. */
export async function openDatabase(config: Config, logger: Logger): Promise<Database> {
  const database = config.DATABASE_URL
    ? connectPostgres(config.DATABASE_URL, {
        max: config.MC_DB_POOL_MAX,
        statementTimeoutMs: config.MC_DB_STATEMENT_TIMEOUT_MS,
        idleTimeoutMs: config.MC_DB_POOL_IDLE_MS,
      })
    : await openEmbedded(config.MC_DATA_DIR);
  try {
    const applied = await migrate(database.pool);
    logger.info('database ready', {
      engine: database.engine,
      ...(config.DATABASE_URL ? {} : { dataDir: config.MC_DATA_DIR }),
      migrationsApplied: applied.length,
    });
    return database;
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
}
