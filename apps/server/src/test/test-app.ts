import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Database } from '@mc/db';
import { createTestDatabase } from '@mc/db/testing';
import { registerModules } from '../modules/register-modules.js';
import { createApp } from '../platform/app.js';
import { loadConfig } from '../platform/config.js';
import { createLogger } from '../platform/logger.js';
import type { AppEnv } from '../platform/request-context.js';

/** An app on a fresh test database, driven in-process with `app.request()`. */
export interface TestApp {
  app: OpenAPIHono<AppEnv>;
  database: Database;
  logs: string[];
  close(): Promise<void>;
}

/**
 * Builds the full HTTP app (every module) on a fresh migrated database of the suite's engine;
 * `env` sets configuration variables (e.g. MC_PUBLIC_URL) as the environment would.
 */
export async function createTestApp(options: { webDist?: string; env?: NodeJS.ProcessEnv } = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const logs: string[] = [];
  const logger = createLogger('debug', {}, (line) => logs.push(line));
  const config = loadConfig(options.env ?? {});
  const deps = { config, database, logger, version: 'test' };
  const app = createApp({
    ...deps,
    webDist: options.webDist,
    registerModules: (router) => registerModules(router, deps),
  });
  return { app, database, logs, close: () => database.close() };
}
