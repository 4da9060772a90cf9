import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Database } from '@mc/db';
import { createAccessControl, loadGrants } from '../modules/rbac/index.js';
import { createApp } from '../platform/app.js';
import { authenticate, denyAnonymousApi } from '../platform/authenticate.js';
import { loadConfig } from '../platform/config.js';
import { createLogger } from '../platform/logger.js';
import type { ModuleDeps } from '../platform/module-deps.js';
import type { AppEnv } from '../platform/request-context.js';

/** Header naming the person a test request acts as (test harnesses only; the real app uses sessions). */
export const TEST_PERSON_HEADER = 'x-test-person';

/** A JSON answer as tests read it: field by field, each asserted. */
// biome-ignore lint/suspicious/noExplicitAny: test bodies are untyped JSON that the assertions check
export type TestBody = any;

/** A response whose JSON body the test reads without declaring its whole shape. */
export type TestResponse = Omit<Response, 'json'> & { json(): Promise<TestBody> };

/**
 * The app behind the platform's real `authenticate` and `denyAnonymousApi` and the identity area's
 * access control (roles from casbin rows, permission rows), with one module's routes. Only how the
 * actor is found differs from production: {@link TEST_PERSON_HEADER} instead of a session cookie.
 */
export function createHeaderAuthApp(
  database: Database,
  registerRoutes: (router: OpenAPIHono<AppEnv>, deps: ModuleDeps) => void,
): OpenAPIHono<AppEnv> {
  const access = createAccessControl(database);
  const deps = {
    config: loadConfig({}),
    database,
    logger: createLogger('error', {}, () => {}),
    version: 'test',
    dataAccess: access.dataAccess,
  };
  return createApp({
    ...deps,
    registerModules: (router) => {
      router.use(
        '*',
        authenticate(async (c) => {
          const id = c.req.header(TEST_PERSON_HEADER);
          if (!id) return undefined;
          const grants = await loadGrants(database.db, id);
          return { kind: 'person', id, roles: grants.roles, via: 'session' };
        }, access.check),
      );
      router.use('*', denyAnonymousApi([]));
      registerRoutes(router, deps);
    },
  });
}
