/**
 * The log routes on a fresh database behind the real authentication middleware and role matrix (a
 * header names the person), with helpers to store backends and search them.
 */
import type { Database } from '@mc/db';
import { createTestDatabase } from '@mc/db/testing';
import type { Hono } from 'hono';
import { loadConfig } from '../../../platform/config.js';
import type { AppEnv } from '../../../platform/request-context.js';
import { createHeaderAuthApp, TEST_PERSON_HEADER, type TestResponse } from '../../../test/header-auth-app.js';
import { setRoles } from '../../rbac/index.js';
import { registerLogsRoutes } from '../logs.routes.js';

/** The app, its database and helpers. */
export interface LogsTestApp {
  app: Hono<AppEnv>;
  database: Database;
  config: ReturnType<typeof loadConfig>;
  call(person: string | null, method: string, path: string, body?: unknown): Promise<TestResponse>;
  search(person: string | null, body: unknown): Promise<TestResponse>;
  person(roles: string[]): Promise<string>;
  /** Stores a log backend row as the form does; answers its id. */
  backend(name: string, spec: Record<string, unknown>): Promise<string>;
  close(): Promise<void>;
}

/** Builds the logs test app. */
export async function createLogsTestApp(): Promise<LogsTestApp> {
  const database = await createTestDatabase();
  const app = createHeaderAuthApp(database, (router, deps) => registerLogsRoutes(router, deps));
  let n = 0;
  const call = async (person: string | null, method: string, path: string, body?: unknown): Promise<TestResponse> =>
    app.request(path, {
      method,
      headers: { 'content-type': 'application/json', ...(person ? { [TEST_PERSON_HEADER]: person } : {}) },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
  return {
    app,
    database,
    config: loadConfig({}),
    call,
    search: (person, body) => call(person, 'POST', '/api/logs', body),
    async person(roles) {
      n++;
      const { rows } = await database.pool.query<{ id: string }>(
        'INSERT INTO people (name, email) VALUES ($1, $2) RETURNING id',
        [`Person ${n}`, `logs-${n}-${Date.now()}@example.com`],
      );
      const id = rows[0]?.id ?? '';
      await setRoles(database.db, id, roles);
      return id;
    },
    async backend(name, spec) {
      const { rows } = await database.pool.query<{ id: string }>(
        `INSERT INTO logging_backends (name, spec, source) VALUES ($1, $2, 'UI') RETURNING id`,
        [name, JSON.stringify(spec)],
      );
      return rows[0]?.id ?? '';
    },
    close: () => database.close(),
  };
}
