import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Database } from '@mc/db';
import type { Hono } from 'hono';
import type { Config } from '../../platform/config.js';
import type { Lifecycle } from '../../platform/lifecycle.js';
import type { Logger } from '../../platform/logger.js';
import type { AppEnv } from '../../platform/request-context.js';
import { selfRegistrationEnabled } from '../auth/index.js';
import { type ApiDocsTag, registerApiDocsRoutes } from './api-docs.routes.js';
import { registerBackupRoutes } from './backup.routes.js';
import { registerMetricsRoutes } from './metrics.routes.js';
import { registerProbeRoutes } from './probes.routes.js';
import { databaseAnswers } from './system.service.js';

/** `/health` and `/api/about`, public (documented in system.openapi.ts). */
function registerLivenessRoutes(
  app: Hono<AppEnv>,
  deps: { config: Config; database: Database; version: string },
): void {
  app.get('/health', async (c) => {
    try {
      await databaseAnswers(deps.database);
      return c.json({ status: 'ok' as const, database: 'ok' as const }, 200);
    } catch (error) {
      c.var.log.warn('health check failed', { error });
      const message = `The database did not answer: ${(error as Error).message}`; // pg and the timeout reject with Errors
      return c.json({ status: 'error' as const, database: 'unreachable', message }, 503);
    }
  });
  const selfRegistration = selfRegistrationEnabled(deps.config);
  app.get('/api/about', (c) => c.json({ version: deps.version, engine: deps.database.engine, selfRegistration }, 200));
}

/**
 * Health, probe and version endpoints, public since load balancers, orchestrators and the sign-in page
 * call them; the admins' `/metrics` and embedded-database backup; and the API document of every route (`apiDocs`, from the modules'
 * faces).
 */
export function registerSystemRoutes(
  app: OpenAPIHono<AppEnv>,
  deps: { config: Config; database: Database; logger: Logger; version: string; lifecycle?: Lifecycle },
  apiDocs: readonly ApiDocsTag[],
): void {
  registerLivenessRoutes(app, deps);
  registerProbeRoutes(app, deps);
  registerMetricsRoutes(app, deps);
  registerBackupRoutes(app, deps);
  registerApiDocsRoutes(app, deps.version, apiDocs);
}
