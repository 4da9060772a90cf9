/**
 * The data API alone on a real HTTP port (0 = any free port), for the benchmark's child process:
 * `node --import tsx bench/data-api/server.ts <database-url>` prints `{"port": n}` once listening.
 * It mounts `/api/db` with the allow-everything policy: the benchmark measures the data API, not sign-in.
 */
import { serve } from '@hono/node-server';
import { connectPostgres } from '@mc/db';
import { registerRestRoutes } from '../../apps/server/src/modules/rest/rest.routes.js';
import { openAccess } from '../../apps/server/src/platform/access.js';
import { createApp } from '../../apps/server/src/platform/app.js';
import { loadConfig } from '../../apps/server/src/platform/config.js';
import { createLogger } from '../../apps/server/src/platform/logger.js';

const url = process.argv[2];
if (!url) throw new Error('usage: server.ts <database-url>');
const database = connectPostgres(url, { max: 10, applicationName: 'bench-data-api' });
const logger = createLogger('error', {}, (line) => process.stderr.write(`${line}\n`));
const app = createApp({
  config: loadConfig({}),
  database,
  logger,
  version: 'bench',
  registerModules: (router) => {
    registerRestRoutes(router, { database, logger, dataAccess: openAccess });
  },
});
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  process.stdout.write(`${JSON.stringify({ port: info.port })}\n`);
});
process.on('SIGTERM', () => {
  server.close();
  void database.close().then(() => process.exit(0));
});
