import type pg from 'pg';

/** Sizes of the benchmark data set. */
export interface BenchSizes {
  checks: number;
  statusesPerCheck: number;
  configs: number;
}

/**
 * Seeds canaries, checks, check_statuses (checks × statusesPerCheck) and config_items with server-side
 * `INSERT … SELECT generate_series`. The rollup trigger on check_results is paused while seeding (it
 * would add a million row-by-row upserts that the benchmark does not read); the tables are then vacuumed.
 */
export async function seedBench(pool: pg.Pool, sizes: BenchSizes): Promise<void> {
  await pool.query(`
    INSERT INTO canaries (name, namespace) SELECT 'bench-' || g, 'bench' FROM generate_series(1, 100) g;
    INSERT INTO checks (canary_id, type, name, status)
      SELECT c.id, 'http', 'check-' || g, CASE WHEN g % 7 = 0 THEN 'unhealthy' ELSE 'healthy' END
      FROM generate_series(1, ${sizes.checks}) g
      JOIN LATERAL (SELECT id FROM canaries ORDER BY id OFFSET (g % 100) LIMIT 1) c ON true;
    ALTER TABLE check_results DISABLE TRIGGER USER;
    INSERT INTO check_results (check_key, time, status, duration, message)
      SELECT k.result_key, '2026-11-01'::timestamptz + g * interval '1 minute', (g % 10) <> 0, (g * 37) % 2000, 'ok'
      FROM checks k, generate_series(1, ${sizes.statusesPerCheck}) g;
    ALTER TABLE check_results ENABLE TRIGGER USER;
    INSERT INTO config_items (config_class, type, name, health, status, tags, config)
      SELECT (ARRAY['Pod', 'Deployment', 'Node', 'Service', 'Namespace'])[1 + g % 5],
             'Kubernetes::' || (ARRAY['Pod', 'Deployment', 'Node', 'Service', 'Namespace'])[1 + g % 5],
             'item-' || lpad(g::text, 6, '0'),
             (ARRAY['healthy', 'unhealthy', 'warning', 'unknown'])[1 + (g / 5) % 4],
             'Running', jsonb_build_object('namespace', 'ns-' || (g % 50)), jsonb_build_object('replicas', g % 5)
      FROM generate_series(1, ${sizes.configs}) g;
  `);
  // VACUUM sets hint bits and the visibility map, so the timed reads do not pay for the bulk load.
  // check_results is the table behind the check_statuses view (migration 0055).
  for (const table of ['canaries', 'checks', 'check_results', 'config_items'])
    await pool.query(`VACUUM ANALYZE ${table}`);
}
