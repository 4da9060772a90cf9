/**
 * The health routes on a fresh database behind the real authentication middleware and role matrix;
 * only how the actor is found differs from production (a header instead of a session cookie).
 */
import type { Database } from '@mc/db';
import { createTestDatabase } from '@mc/db/testing';
import type { Hono } from 'hono';
import type { AppEnv } from '../../../platform/request-context.js';
import { createHeaderAuthApp, TEST_PERSON_HEADER, type TestResponse } from '../../../test/header-auth-app.js';
import { setRoles } from '../../rbac/index.js';
import { registerHealthRoutes } from '../health.routes.js';

/** The app, its database, a request helper and a person factory. */
export interface HealthTestApp {
  app: Hono<AppEnv>;
  database: Database;
  call(person: string | null, method: string, path: string, body?: unknown, type?: string): Promise<TestResponse>;
  person(roles: string[]): Promise<string>;
  close(): Promise<void>;
}

/** Builds the health test app. */
export async function createHealthTestApp(): Promise<HealthTestApp> {
  const database = await createTestDatabase();
  const app = createHeaderAuthApp(database, (router, deps) => registerHealthRoutes(router, deps));
  let n = 0;
  return {
    app,
    database,
    call: async (person, method, path, body, type = 'application/json') =>
      app.request(path, {
        method,
        headers: { 'content-type': type, ...(person ? { [TEST_PERSON_HEADER]: person } : {}) },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      }),
    async person(roles) {
      n++;
      const { rows } = await database.pool.query<{ id: string }>(
        'INSERT INTO people (name, email) VALUES ($1, $2) RETURNING id',
        [`Person ${n}`, `health-${n}-${Date.now()}@example.com`],
      );
      const id = rows[0]?.id ?? '';
      await setRoles(database.db, id, roles);
      return id;
    },
    close: () => database.close(),
  };
}
