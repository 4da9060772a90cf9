import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Database } from '@mc/db';
import { createTestDatabase } from '@mc/db/testing';
import { type DataAccessPolicy, openAccess } from '../../platform/access.js';
import { createApp } from '../../platform/app.js';
import { loadConfig } from '../../platform/config.js';
import { createLogger } from '../../platform/logger.js';
import type { AppEnv } from '../../platform/request-context.js';
import type { ExposedTable } from './exposed-resources.js';
import { registerRestRoutes } from './rest.routes.js';
import type { RestService } from './rest.service.js';

/** The HTTP app with only the data API mounted, on a fresh test database: for the data API's own tests. */
export interface RestTestApp {
  app: OpenAPIHono<AppEnv>;
  database: Database;
  service: RestService;
  logs: string[];
  /** A `fetch` that answers through `app.request()`, for @supabase/postgrest-js. */
  fetch: typeof fetch;
  close(): Promise<void>;
}

/** Builds the data API alone (policy `openAccess` unless given) on a fresh migrated database. */
export async function createRestTestApp(
  policy: DataAccessPolicy = openAccess,
  extraFunctions: readonly string[] = [],
  exposedTables?: Readonly<Record<string, ExposedTable>>,
): Promise<RestTestApp> {
  const database = await createTestDatabase();
  const logs: string[] = [];
  const logger = createLogger('debug', {}, (line) => logs.push(line));
  let service: RestService | undefined;
  const app = createApp({
    config: loadConfig({}),
    database,
    logger,
    version: 'test',
    registerModules: (router) => {
      service = registerRestRoutes(router, { database, logger, dataAccess: policy, extraFunctions, exposedTables });
    },
  });
  if (!service) throw new Error('data API routes were not mounted');
  const appFetch: typeof fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    return app.request(request);
  };
  return { app, database, service, logs, fetch: appFetch, close: () => database.close() };
}
