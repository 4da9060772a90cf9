/**
 * The server for the data-API benchmarks on a real HTTP port (0 = any free port), in a child process:
 * `node --import tsx bench/data-api/server.ts <database-url> [session|open]` prints `{"port": n, "token": t}`
 * once listening.
 *
 * - `session` (the product as it runs): the product's app (createApp: every platform middleware) with every
 *   module and the identity module's real sessions and access policy, on the product's HTTP listener
 *   (gracefulHttpServer) and heap setting (MC_HEAP_GROWING_PERCENT); a viewer is created and signed in through
 *   the API login flow, and each request carries its session token. Unlike `npm start` it runs no job thread
 *   (MC_ROLE=http), mounts no built console (so the CSP has no per-request script hashes) and logs at `error`.
 * - `open` (a second, labelled line only): the data API alone with the allow-everything policy and no
 *   sign-in, to show what authentication and the policy cost.
 */
import { connectPostgres } from '@mc/db';
import { registerModules } from '../../apps/server/src/composition/register-routes.js';
import { apiSignIn, buildUser } from '../../apps/server/src/modules/auth/testing/auth-factory.js';
import { registerRestRoutes } from '../../apps/server/src/modules/rest/index.js';
import { createApp } from '../../apps/server/src/platform/app.js';
import { loadConfig } from '../../apps/server/src/platform/config.js';
import { gracefulHttpServer } from '../../apps/server/src/platform/graceful-http-server.js';
import { limitHeapGrowth } from '../../apps/server/src/platform/heap-growth.js';
import { createLogger } from '../../apps/server/src/platform/logger.js';
import { openAccess } from '../../apps/server/src/test/open-access.js';

const url = process.argv[2];
const mode = process.argv[3] ?? 'session';
if (!url || (mode !== 'session' && mode !== 'open')) throw new Error('usage: server.ts <database-url> [session|open]');
const config = loadConfig({});
limitHeapGrowth(config.MC_HEAP_GROWING_PERCENT); // as main.ts does first thing
const database = connectPostgres(url, { max: 10, applicationName: `bench-data-api-${mode}` });
const logger = createLogger('error', {}, (line) => process.stderr.write(`${line}\n`));
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
const server = gracefulHttpServer(app.fetch, '127.0.0.1');
const address = await server.listen(0, '127.0.0.1');
process.stdout.write(`${JSON.stringify({ port: address.port, token })}\n`);
process.on('SIGTERM', () => {
  void server
    .close(Date.now() + 1_000)
    .then(() => database.close())
    .then(() => process.exit(0));
});
