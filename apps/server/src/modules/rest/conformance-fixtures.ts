import type { Database } from '@mc/db';
import { PostgrestClient } from '@supabase/postgrest-js';
import type { RestTestApp } from './testing/rest-test-app.js';

/** Fixed ids, so expectations read plainly. */
export const ID = {
  alice: '00000000-0000-0000-0000-00000000a001',
  bob: '00000000-0000-0000-0000-00000000a002',
  web: '00000000-0000-0000-0000-00000000c001',
  db: '00000000-0000-0000-0000-00000000c002',
  gone: '00000000-0000-0000-0000-00000000c003',
  http: '00000000-0000-0000-0000-00000000d001',
  root: '00000000-0000-0000-0000-00000000e001',
  child: '00000000-0000-0000-0000-00000000e002',
  grandchild: '00000000-0000-0000-0000-00000000e003',
} as const;

/** Seeds people, canaries (one soft-deleted), checks, 2,100 check statuses, a config tree, an incident and a connection. */
export async function seedConformance(database: Database, sizes: { statuses?: number } = {}): Promise<void> {
  const statuses = sizes.statuses ?? 2100;
  await database.pool.query(`
    INSERT INTO people (id, name, email) VALUES
      ('${ID.alice}', 'Alice', 'alice@example.com'), ('${ID.bob}', 'Bob', 'bob@example.com');
    INSERT INTO canaries (id, name, namespace, labels, created_at, deleted_at) VALUES
      ('${ID.web}', 'web', 'prod', '{"team": "blue"}', '2026-01-01T00:00:00Z', NULL),
      ('${ID.db}', 'db', 'prod', '{"team": "red"}', '2026-01-02T00:00:00Z', NULL),
      ('${ID.gone}', 'gone', 'dev', NULL, '2026-01-03T00:00:00Z', '2026-02-01T00:00:00Z');
    INSERT INTO checks (id, canary_id, type, name, description, status, severity, labels, created_at, deleted_at) VALUES
      ('${ID.http}', '${ID.web}', 'http', 'homepage', 'fast response from the web server', 'healthy', 'high',
        '{"app": "web", "tier": "front"}', '2026-01-01T01:00:00Z', NULL),
      ('00000000-0000-0000-0000-00000000d002', '${ID.web}', 'http', 'login page', 'slow disk on login', 'unhealthy', NULL,
        '{"app": "web", "tier": "auth"}', '2026-01-01T02:00:00Z', NULL),
      ('00000000-0000-0000-0000-00000000d003', '${ID.web}', 'dns', 'Resolver', 'dns answers quickly', NULL, 'low',
        NULL, '2026-01-01T03:00:00Z', NULL),
      ('00000000-0000-0000-0000-00000000d004', '${ID.db}', 'postgres', 'primary', 'disk is full and slow', 'unhealthy', 'critical',
        '{"app": "db", "tier": "data"}', '2026-01-02T01:00:00Z', NULL),
      ('00000000-0000-0000-0000-00000000d005', '${ID.db}', 'postgres', 'replica', 'replication lag', 'healthy', 'low',
        '{"app": "db"}', '2026-01-02T02:00:00Z', NULL),
      ('00000000-0000-0000-0000-00000000d006', '${ID.db}', 'tcp', 'old port', 'retired', 'healthy', NULL,
        NULL, '2026-01-02T03:00:00Z', '2026-02-01T00:00:00Z');
    INSERT INTO check_statuses (check_id, time, status, duration, message)
      SELECT '${ID.http}', '2026-01-01T00:00:00Z'::timestamptz + g * interval '1 minute',
             CASE WHEN g % 10 = 0 THEN false WHEN g % 17 = 0 THEN NULL ELSE true END, g % 500, 'run ' || g
      FROM generate_series(1, ${statuses}) g;
    INSERT INTO config_items (id, parent_id, config_class, type, name, external_id, tags, health, created_at) VALUES
      ('${ID.root}', NULL, 'Cluster', 'Kubernetes::Cluster', 'prod-cluster', ARRAY['k8s/prod'], '{"env": "prod"}', 'healthy', '2026-01-01T00:00:00Z'),
      ('${ID.child}', '${ID.root}', 'Namespace', 'Kubernetes::Namespace', 'payments', ARRAY['k8s/prod/payments', 'pay'],
        '{"env": "prod", "namespace": "payments"}', 'warning', '2026-01-01T01:00:00Z'),
      ('${ID.grandchild}', '${ID.child}', 'Deployment', 'Kubernetes::Deployment', 'api', ARRAY['k8s/prod/payments/api'],
        '{"env": "prod", "namespace": "payments"}', NULL, '2026-01-01T02:00:00Z');
    INSERT INTO incidents (id, title, type, severity, created_by, commander_id) VALUES
      ('00000000-0000-0000-0000-00000000f001', 'Checkout down', 'availability', 'Critical', '${ID.alice}', '${ID.bob}');
    INSERT INTO connections (name, type, url, username, password, certificate) VALUES
      ('vault', 'http', 'https://vault.example.com', 'admin', 'mcenc:v1:s3cret', 'secret://vault/cert');
    ANALYZE;
  `);
}

/** A postgrest-js client talking to the data API in-process. */
export function clientFor(t: RestTestApp): PostgrestClient {
  return new PostgrestClient('http://localhost/api/db', { fetch: t.fetch });
}

/** The same question asked in SQL: the rows of `text` as PostgreSQL's JSON, parsed (as the API's answer is). */
export async function sqlJson(database: Database, text: string, params: unknown[] = []): Promise<unknown> {
  const result = await database.pool.query<{ r: unknown }>(
    `SELECT COALESCE(json_agg(q), '[]'::json) AS r FROM (${text}) q`,
    params,
  );
  return result.rows[0]?.r;
}

/** One row of `text` as a JSON object (or null), for single-object answers. */
export async function sqlJsonOne(database: Database, text: string, params: unknown[] = []): Promise<unknown> {
  const result = await database.pool.query<{ r: unknown }>(`SELECT row_to_json(q) AS r FROM (${text}) q`, params);
  return result.rows[0]?.r ?? null;
}

/** A raw request to the data API (for headers postgrest-js does not expose). */
export async function raw(t: RestTestApp, path: string, init: RequestInit = {}): Promise<Response> {
  return t.request(`http://localhost/api/db/${path}`, init);
}
