import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { Database } from '@mc/db';
import type { Config } from '../../platform/config.js';
import type { Logger } from '../../platform/logger.js';
import type { AppEnv } from '../../platform/request-context.js';
import { selfRegistrationEnabled } from '../auth/index.js';
import { type ApiDocsTag, registerApiDocsRoutes } from './api-docs.routes.js';
import { registerMetricsRoutes } from './metrics.routes.js';

const healthRoute = createRoute({
  method: 'get',
  path: '/health',
  summary: 'Liveness with a database round trip',
  'x-permission': { public: true },
  responses: {
    200: {
      description: 'Healthy',
      content: { 'application/json': { schema: z.object({ status: z.literal('ok'), database: z.literal('ok') }) } },
    },
    503: {
      description: 'The database did not answer',
      content: {
        'application/json': {
          schema: z.object({ status: z.literal('error'), database: z.string(), message: z.string() }),
        },
      },
    },
  },
});

/** How long /health waits for the database before it reports it as not answering. */
export const HEALTH_DATABASE_TIMEOUT_MS = 5_000;

/**
 * One round trip through the extended protocol with a parameter, as every repository query makes
 * it (a simple `SELECT 1` passed while parameterised statements failed); rejects when the database
 * errs or has not answered within {@link HEALTH_DATABASE_TIMEOUT_MS}.
 */
async function databaseAnswers(database: Database): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${HEALTH_DATABASE_TIMEOUT_MS / 1000} s`)),
      HEALTH_DATABASE_TIMEOUT_MS,
    );
  });
  try {
    const answer = database.pool.query<{ ok: number }>('SELECT $1::int AS ok', [1]);
    answer.catch(() => {}); // a late failure after the timeout has nobody to tell
    const { rows } = await Promise.race([answer, timeout]);
    if (rows[0]?.ok !== 1) throw new Error('unexpected answer');
  } finally {
    clearTimeout(timer);
  }
}

const aboutSchema = z.object({
  version: z.string(),
  engine: z.enum(['postgres', 'pglite']),
  /** Whether /registration works without an invitation (the sign-in page hides its link otherwise). */
  selfRegistration: z.boolean(),
});
const aboutRoute = createRoute({
  method: 'get',
  path: '/api/about',
  summary: 'Server version, database engine and whether self-registration is open',
  'x-permission': { public: true },
  responses: { 200: { description: 'About', content: { 'application/json': { schema: aboutSchema } } } },
});

/**
 * Liveness and version endpoints, public since load balancers and the sign-in page call them; the
 * admins' `/metrics`; and the API document of every route (`apiDocs`, from the modules' faces).
 */
export function registerSystemRoutes(
  app: OpenAPIHono<AppEnv>,
  deps: { config: Config; database: Database; logger: Logger; version: string },
  apiDocs: readonly ApiDocsTag[],
): void {
  app.openapi(healthRoute, async (c) => {
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
  app.openapi(aboutRoute, (c) =>
    c.json({ version: deps.version, engine: deps.database.engine, selfRegistration }, 200),
  );
  registerMetricsRoutes(app, deps);
  registerApiDocsRoutes(app, deps.version, apiDocs);
}
