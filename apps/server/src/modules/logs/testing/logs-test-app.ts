/**
 * The whole app (createTestApp: real sign-in, roles and access policy) on a fresh database, with people
 * signed in through the identity flow and helpers to store log backends and search them.
 */
import type { Database } from '@mc/db';
import type { Hono } from 'hono';
import { loadConfig } from '../../../platform/config.js';
import type { AppEnv } from '../../../platform/request-context.js';
import { signedInPeople, type TestResponse } from '../../../test/signed-in-people.js';
import { createTestApp } from '../../../test/test-app.js';

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
  const t = await createTestApp();
  const { app, database } = t;
  const people = signedInPeople(t, 'logs');
  const call = (person: string | null, method: string, path: string, body?: unknown): Promise<TestResponse> =>
    people.call(person, method, path, body);
  return {
    app,
    database,
    config: loadConfig({}),
    call,
    search: (person, body) => call(person, 'POST', '/api/logs', body),
    person: (roles) => people.person(roles),
    async backend(name, spec) {
      const { rows } = await database.pool.query<{ id: string }>(
        `INSERT INTO logging_backends (name, spec, source) VALUES ($1, $2, 'UI') RETURNING id`,
        [name, JSON.stringify(spec)],
      );
      return rows[0]?.id ?? '';
    },
    close: t.close,
  };
}
