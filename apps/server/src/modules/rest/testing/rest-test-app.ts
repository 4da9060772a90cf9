import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Database } from '@mc/db';
import { createTestDatabase } from '@mc/db/testing';
import { createApp } from '../../../platform/app.js';
import { loadConfig } from '../../../platform/config.js';
import { createLogger } from '../../../platform/logger.js';
import type { AppEnv } from '../../../platform/request-context.js';
import { installResponseContract } from '../../../test/response-contract.js';
import { registerIdentityModule } from '../../auth/index.js';
import { apiSignIn, buildUser } from '../../auth/testing/auth-factory.js';
import { recordingMailer } from '../../auth/testing/recording-mailer.js';
import type { ExposedTable } from '../exposed-resources.js';
import { registerRestRoutes } from '../rest.routes.js';
import type { RestService } from '../rest.service.js';

/**
 * The HTTP app with the identity module (sign-in, roles, the data access policy) and the data API, on a
 * fresh test database, with an administrator signed in: for the data API's own tests.
 */
export interface RestTestApp {
  app: OpenAPIHono<AppEnv>;
  database: Database;
  service: RestService;
  logs: string[];
  /** A request as the signed-in administrator (their session token is added to `init`'s headers). */
  request(path: string, init?: RequestInit): Promise<Response>;
  /** A `fetch` that answers through {@link RestTestApp.request}, for @supabase/postgrest-js. */
  fetch: typeof fetch;
  close(): Promise<void>;
}

/**
 * Builds the data API behind the product's identity module and its real access policy, on a fresh
 * migrated database, and signs in a person with the `admin` role through the API login flow; every
 * request of the kit carries that session. `extraFunctions` and `exposedTables` widen what the API
 * serves (writable tables, RPC functions) for the engine's conformance; the policy is never replaced.
 */
export async function createRestTestApp(
  extraFunctions: readonly string[] = [],
  exposedTables?: Readonly<Record<string, ExposedTable>>,
): Promise<RestTestApp> {
  const database = await createTestDatabase();
  const logs: string[] = [];
  const logger = createLogger('debug', {}, (line) => logs.push(line));
  const config = loadConfig({});
  // The administrator exists before the identity module starts, so no first admin is bootstrapped.
  const admin = await buildUser(database, { roles: ['admin'], first: 'Data', last: 'Admin' });
  let service: RestService | undefined;
  let ready: Promise<void> = Promise.resolve();
  const app = createApp({
    config,
    database,
    logger,
    version: 'test',
    registerModules: (router) => {
      const identity = registerIdentityModule(router, { config, database, logger, mailer: recordingMailer() });
      ready = identity.ready;
      service = registerRestRoutes(router, {
        database,
        logger,
        dataAccess: identity.access.dataAccess,
        extraFunctions,
        exposedTables,
      });
    },
  });
  if (!service) throw new Error('data API routes were not mounted');
  installResponseContract(app);
  await ready;
  const token = await apiSignIn(app, admin.email, admin.password);
  const request = (path: string | Request, init: RequestInit = {}) => {
    const original = path instanceof Request ? path : new Request(new URL(path, 'http://localhost'), init);
    const headers = new Headers(original.headers);
    headers.set('authorization', `Bearer ${token}`);
    return Promise.resolve(app.request(new Request(original, { headers })));
  };
  const appFetch: typeof fetch = async (input, init) =>
    request(input instanceof Request ? input : new Request(input, init));
  return { app, database, service, logs, request, fetch: appFetch, close: () => database.close() };
}
