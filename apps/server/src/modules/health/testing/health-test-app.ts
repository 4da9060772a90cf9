/**
 * The whole app (createTestApp: real sign-in, roles and access policy) on a fresh database, for the
 * health routes' tests; callers are people signed in through the identity flow.
 */
import type { Database } from '@mc/db';
import type { Hono } from 'hono';
import type { AppEnv } from '../../../platform/request-context.js';
import { signedInPeople, type TestResponse } from '../../../test/signed-in-people.js';
import { createTestApp } from '../../../test/test-app.js';

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
  const t = await createTestApp();
  const people = signedInPeople(t, 'health');
  return {
    app: t.app,
    database: t.database,
    call: people.call,
    person: (roles) => people.person(roles),
    close: t.close,
  };
}
