/**
 * The server for the data-API benchmarks on a real HTTP port (0 = any free port), in a child process:
 * `node --import tsx bench/data-api/server.ts <database-url> [session|open]` prints `{"port": n, "token": t}`
 * once listening.
 *
 * - `session` (the product as it runs): every module with the identity module's real access policy; a
 *   viewer is created and signed in through the API login flow, and each request carries its session token.
 * - `open` (a second, labelled line only): the data API alone with the allow-everything policy and no
 *   sign-in, to show what authentication and the policy cost.
 */
import { serve } from '@hono/node-server';
import { connectPostgres } from '@mc/db';
import { registerModules } from '../../apps/server/src/composition/register-routes.js';
import { apiSignIn, buildUser } from '../../apps/server/src/modules/auth/testing/auth-factory.js';
import { registerRestRoutes } from '../../apps/server/src/modules/rest/index.js';
import { createApp } from '../../apps/server/src/platform/app.js';
import { loadConfig } from '../../apps/server/src/platform/config.js';
import { createLogger } from '../../apps/server/src/platform/logger.js';
import { openAccess } from '../../apps/server/src/test/open-access.js';

const url = process.argv[2];
const mode = process.argv[3] ?? 'session';
if (!url || (mode !== 'session' && mode !== 'open')) throw new Error('usage: server.ts <database-url> [session|open]');
const database = connectPostgres(url, { max: 10, applicationName: `bench-data-api-${mode}` });
const logger = createLogger('error', {}, (line) => process.stderr.write(`${line}\n`));
const config = loadConfig({});
const deps = { config, database, logger, version: 'bench' };
const app = createApp({
  ...deps,
  registerModules: (router) => {
    if (mode === 'session') registerModules(router, deps);
    else registerRestRoutes(router, { database, logger, dataAccess: openAccess });
  },
});
let token = '';
if (mode === 'session') {
  const user = await buildUser(database, { roles: ['viewer'] });
  token = await apiSignIn(app, user.email, user.password);
}
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  process.stdout.write(`${JSON.stringify({ port: info.port, token })}\n`);
});
process.on('SIGTERM', () => {
  server.close();
  void database.close().then(() => process.exit(0));
});
