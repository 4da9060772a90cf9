import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { createPglite, type Database, migrate, wrapPool } from '@mc/db';
import { createTestDatabase, testEngine } from '@mc/db/testing';
import pg from 'pg';
import { type DataAccessPolicy, openAccess } from '../../platform/access.js';
import { createApp } from '../../platform/app.js';
import { loadConfig } from '../../platform/config.js';
import { createLogger } from '../../platform/logger.js';
import type { AppEnv } from '../../platform/request-context.js';
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

/**
 * On PGlite, a migrated in-memory database served through pglite-socket, as the embedded server
 * runs it. The in-process node-postgres shim loses protocol sync after an error raised while a
 * parameterised statement is parsed (e.g. `timestamptz LIKE $1`), which the data API's tests and
 * fuzzing provoke on purpose; the socket server handles those errors like PostgreSQL does.
 */
async function createSocketPgliteDatabase(): Promise<Database> {
  const pglite = await createPglite();
  const shim = new pg.Pool(createPgConfig(pglite));
  await migrate(shim);
  await shim.end();
  const dir = mkdtempSync(join(tmpdir(), 'mc-rest-'));
  const server = new PGLiteSocketServer({ db: pglite, path: join(dir, '.s.PGSQL.5432'), maxConnections: 8 });
  await server.start();
  const pool = new pg.Pool({ host: dir, port: 5432, user: 'postgres', database: 'postgres', max: 4 });
  return wrapPool('pglite', pool, async () => {
    await pool.end();
    await server.stop();
    await pglite.close();
    rmSync(dir, { recursive: true, force: true });
  });
}

/** Builds the data API alone (policy `openAccess` unless given) on a fresh migrated database. */
export async function createRestTestApp(
  policy: DataAccessPolicy = openAccess,
  extraFunctions: readonly string[] = [],
): Promise<RestTestApp> {
  const database = testEngine() === 'pglite' ? await createSocketPgliteDatabase() : await createTestDatabase();
  const logs: string[] = [];
  const logger = createLogger('debug', {}, (line) => logs.push(line));
  let service: RestService | undefined;
  const app = createApp({
    config: loadConfig({}),
    database,
    logger,
    version: 'test',
    registerModules: (router) => {
      service = registerRestRoutes(router, { database, logger, dataAccess: policy, extraFunctions });
    },
  });
  if (!service) throw new Error('data API routes were not mounted');
  const appFetch: typeof fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    return app.request(request);
  };
  return { app, database, service, logs, fetch: appFetch, close: () => database.close() };
}
