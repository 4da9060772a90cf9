import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Database } from '@mc/db';
import { loadConfig } from '../../../platform/config.js';
import { createLogger } from '../../../platform/logger.js';
import type { ModuleDeps } from '../../../platform/module-deps.js';
import type { AppEnv } from '../../../platform/request-context.js';
import { signedInUser } from '../../../test/signed-in-api.js';
import { createTestApp } from '../../../test/test-app.js';

/** The product's app with an administrator signed in: for the administration modules' own tests. */
export interface AdminTestApp {
  app: OpenAPIHono<AppEnv>;
  database: Database;
  /** What a module's services are built from, on the app's database (e.g. `connectionsServiceFor(t.deps)`). */
  deps: ModuleDeps;
  /** A request as the signed-in administrator (their session token is added to `init`'s headers). */
  request(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/**
 * Builds the full app (createTestApp: the identity module's sign-in, roles and access policy, every
 * router) on a fresh test database and signs in a person with the `admin` role through the API login
 * flow, so a module's rules and data are tested through the front door as an administrator would meet
 * them. The permission answers (401/403) of other roles are tested with their own signed-in people.
 */
export async function createAdminTestApp(): Promise<AdminTestApp> {
  const t = await createTestApp();
  const admin = await signedInUser(t, { roles: ['admin'] });
  const deps: ModuleDeps = {
    config: loadConfig({}),
    database: t.database,
    logger: createLogger('error', {}, () => {}),
    version: 'test',
  };
  const request = (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${admin.token}`);
    return Promise.resolve(t.app.request(path, { ...init, headers }));
  };
  return { app: t.app, database: t.database, deps, request, close: t.close };
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
