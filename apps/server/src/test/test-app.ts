import { randomBytes } from 'node:crypto';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Database } from '@mc/db';
import { createTestDatabase } from '@mc/db/testing';
import { registerModules } from '../composition/register-routes.js';
import { recordingMailer } from '../modules/auth/testing/recording-mailer.js';
import { createApp } from '../platform/app.js';
import { loadConfig } from '../platform/config.js';
import { createLogger } from '../platform/logger.js';
import type { Mail } from '../platform/mailer.js';
import type { AppEnv } from '../platform/request-context.js';
import { installResponseContract } from './response-contract.js';

/** An app on a fresh test database, driven in-process with `app.request()`. */
export interface TestApp {
  app: OpenAPIHono<AppEnv>;
  database: Database;
  logs: string[];
  /** Every mail the identity provider sent (the recording mailer); empty with `mailer: 'unconfigured'`. */
  mails: Mail[];
  close(): Promise<void>;
}

/**
 * Builds the full HTTP app (every module) on a fresh migrated database of the suite's engine;
 * `env` sets configuration variables (e.g. MC_PUBLIC_URL) as the environment would. The first admin gets
 * a random MC_ADMIN_PASSWORD unless `env` names one (or sets it undefined: the generated-password start).
 * Mail goes to the recording mailer (`mails`) unless `mailer` is 'unconfigured' (the real mailer without
 * SMTP) or `env` sets SMTP_HOST.
 */
export async function createTestApp(
  options: { webDist?: string; env?: NodeJS.ProcessEnv; mailer?: 'recording' | 'unconfigured' } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const logs: string[] = [];
  const logger = createLogger('debug', {}, (line) => logs.push(line));
  const config = loadConfig({ MC_ADMIN_PASSWORD: randomBytes(12).toString('base64url'), ...options.env });
  const recording = recordingMailer();
  const useRecording = options.mailer !== 'unconfigured' && !config.SMTP_HOST;
  const deps = { config, database, logger, version: 'test', ...(useRecording ? { mailer: recording } : {}) };
  const app = createApp({
    ...deps,
    webDist: options.webDist,
    registerModules: (router) => registerModules(router, deps),
  });
  installResponseContract(app);
  return { app, database, logs, mails: recording.outbox, close: () => database.close() };
}
