import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Database } from '@mc/db';
import { createTestDatabase } from '@mc/db/testing';
import { createApp } from '../../platform/app.js';
import { loadConfig } from '../../platform/config.js';
import { createLogger } from '../../platform/logger.js';
import type { ModuleDeps } from '../../platform/module-deps.js';
import type { AppEnv } from '../../platform/request-context.js';

/** An app with only the given routers, called by a system actor: for the administration modules' own tests. */
export interface AdminTestApp {
  app: OpenAPIHono<AppEnv>;
  database: Database;
  deps: ModuleDeps;
  close(): Promise<void>;
}

/**
 * Builds the HTTP app on a fresh test database with `register` as its only module and every request
 * made by a system actor, so a module's rules and data are tested apart from sign-in. The permission
 * answers (401/403) are tested through the full app once identity is mounted.
 */
export async function createAdminTestApp(
  register: (app: OpenAPIHono<AppEnv>, deps: ModuleDeps) => void,
): Promise<AdminTestApp> {
  const database = await createTestDatabase();
  const logger = createLogger('error', {}, () => {});
  const deps: ModuleDeps = { config: loadConfig({}), database, logger, version: 'test' };
  const app = createApp({
    ...deps,
    registerModules: (router) => {
      router.use('/api/*', async (c, next) => {
        c.set('actor', { kind: 'system', name: 'test' });
        await next();
      });
      register(router, deps);
    },
  });
  return { app, database, deps, close: () => database.close() };
}

/** A JSON answer in tests: an object whose fields are checked with expect. */
export type JsonObject = Record<string, unknown>;

/** Reads a test answer's JSON object. */
export async function jsonOf(response: Response): Promise<JsonObject> {
  // Every API answer these tests read is a JSON object.
  return (await response.json()) as JsonObject;
}

/** Reads a test answer's JSON array. */
export async function jsonListOf(response: Response): Promise<JsonObject[]> {
  // List endpoints answer JSON arrays of objects.
  return (await response.json()) as JsonObject[];
}
