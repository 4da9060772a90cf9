import type { Database } from '@mc/db';
import type { Hono } from 'hono';
import type { AppEnv } from '../../../platform/request-context.js';
import { signedInPeople, type TestResponse } from '../../../test/signed-in-people.js';
import { createTestApp } from '../../../test/test-app.js';
import { setRoles } from '../../rbac/index.js';

/** The whole app on a fresh database, with people signed in through the identity flow. */
export interface IncidentsTestApp {
  app: Hono<AppEnv>;
  database: Database;
  /** A new person with `roles`, signed in through the API login flow; answers their id. */
  person(roles: string[], name?: string): Promise<string>;
  /** A request as `personId` (with their session token; anonymous when null) with a JSON body. */
  call(personId: string | null, method: string, path: string, body?: unknown): Promise<TestResponse>;
  close(): Promise<void>;
}

/**
 * Builds the product's app (createTestApp: the identity module's sign-in, roles and access policy, every
 * router) for the incidents routes' tests; callers are people signed in the real way, not a header.
 */
export async function createIncidentsTestApp(): Promise<IncidentsTestApp> {
  const t = await createTestApp();
  const people = signedInPeople(t, 'incidents');
  return {
    app: t.app,
    database: t.database,
    person: people.person,
    call: (personId, method, path, body) => people.call(personId, method, path, body),
    close: t.close,
  };
}

/**
 * Factories for the rows incident tests need: people with roles written straight to the database (for
 * tests that call no route; a caller is {@link IncidentsTestApp.person}), teams and linkable resources.
 */
export function factories(database: Database) {
  const q = async <T>(text: string, params: unknown[] = []): Promise<T> => {
    const { rows } = await database.pool.query(text, params);
    return rows[0] as T; // each factory query returns exactly one row of the named shape
  };
  let n = 0;
  return {
    async person(roles: string[], name = `Person ${++n}`): Promise<string> {
      const row = await q<{ id: string }>('INSERT INTO people (name, email) VALUES ($1, $2) RETURNING id', [
        name,
        `p${n}-${Date.now()}@example.com`,
      ]);
      await setRoles(database.db, row.id, roles);
      return row.id;
    },
    async team(createdBy: string, name = `Team ${++n}`): Promise<string> {
      return (
        await q<{ id: string }>('INSERT INTO teams (name, created_by) VALUES ($1, $2) RETURNING id', [name, createdBy])
      ).id;
    },
    async check(status = 'unhealthy', name = `check-${++n}`): Promise<string> {
      const canary = await q<{ id: string }>('INSERT INTO canaries (name) VALUES ($1) RETURNING id', [`canary-${n}`]);
      const check = await q<{ id: string }>(
        "INSERT INTO checks (canary_id, type, name, status) VALUES ($1, 'http', $2, $3) RETURNING id",
        [canary.id, name, status],
      );
      await database.pool.query(
        `INSERT INTO check_statuses (check_id, time, status, duration)
         SELECT $1, now() - make_interval(mins => g), g % 4 <> 0, 100 FROM generate_series(1, 8) AS g`,
        [check.id],
      );
      return check.id;
    },
    async config(health = 'unhealthy'): Promise<string> {
      return (
        await q<{ id: string }>(
          "INSERT INTO config_items (config_class, type, name, health) VALUES ('Deployment', 'Kubernetes::Deployment', $1, $2) RETURNING id",
          [`deploy-${++n}`, health],
        )
      ).id;
    },
    async change(configId: string): Promise<string> {
      return (
        await q<{ id: string }>(
          "INSERT INTO config_changes (config_id, change_type, summary, diff) VALUES ($1, 'diff', 'image bumped', '-a\n+b') RETURNING id",
          [configId],
        )
      ).id;
    },
    async analysis(configId: string): Promise<string> {
      return (
        await q<{ id: string }>(
          "INSERT INTO config_analysis (config_id, analyzer, message, severity) VALUES ($1, 'trivy', 'CVE found', 'high') RETURNING id",
          [configId],
        )
      ).id;
    },
    async component(): Promise<string> {
      return (
        await q<{ id: string }>(
          "INSERT INTO components (name, external_id, status) VALUES ($1, $1, 'healthy') RETURNING id",
          [`component-${++n}`],
        )
      ).id;
    },
  };
}
