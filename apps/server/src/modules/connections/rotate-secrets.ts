/**
 * Re-encrypts every connection secret with the current key (MC_SECRET_KEY or the key file), reading
 * older values with the previous keys (MC_SECRET_KEY_PREVIOUS or the key file's later lines). The last
 * step of a key rotation; see docs/secrets.md.
 *
 *   node --import tsx apps/server/src/modules/connections/rotate-secrets.ts
 */
import { loadConfig } from '../../platform/config.js';
import { createLogger } from '../../platform/logger.js';
import { openDatabase } from '../../platform/open-database.js';
import { connectionsServiceFor } from './connections.service.js';

const config = loadConfig();
const logger = createLogger(config.LOG_LEVEL);
const database = await openDatabase(config, logger);
try {
  const changed = await connectionsServiceFor({ database, config }).reencryptAll();
  logger.info('connection secrets re-encrypted with the current key', { connections: changed });
} finally {
  await database.close();
}
