import type pg from 'pg';

/** Every table the demo generator fills, apart from people, teams and agents (which keep their core rows). */
export const SEEDED_TABLES = [
  'check_results',
  // packed hours of the same results (migration 0200); no foreign key, so TRUNCATE checks CASCADE misses them
  'check_result_blocks',
  'check_statuses_1h',
  'check_statuses_1d',
  'check_component_relationships',
  'check_config_relationships',
  'canaries',
  'checks',
  'config_scrapers',
  'config_items',
  'config_changes',
  'config_analysis',
  'config_relationships',
  'config_component_relationships',
  'topologies',
  'components',
  'component_relationships',
  'incidents',
  'hypotheses',
  'evidences',
  'comments',
  'responders',
  'incident_histories',
  'playbooks',
  'playbook_runs',
  'playbook_run_actions',
  'playbook_approvals',
  'notifications',
  'notification_silences',
  'notification_send_history',
  'permissions',
  'job_history',
  'event_queue',
  'integrations',
  'logging_backends',
  'connections',
] as const;

/**
 * Wipes the domain data before a fresh demo batch: truncates the seeded tables (and, by CASCADE, rows of
 * other tables that reference them), removes the extra demo people, teams and agents, and restarts the
 * incident numbers. The core demo people and teams, the local agent and properties stay.
 */
export async function resetDemoData(client: pg.PoolClient): Promise<void> {
  await client.query('BEGIN');
  try {
    await client.query(`TRUNCATE ${SEEDED_TABLES.join(', ')} CASCADE`);
    await client.query("DELETE FROM team_members WHERE team_id IN (SELECT id FROM teams WHERE name LIKE 'Team %')");
    await client.query("DELETE FROM teams WHERE name LIKE 'Team %'");
    const roles = await client.query<{ present: boolean }>("SELECT to_regclass('casbin_rule') IS NOT NULL AS present");
    if (roles.rows[0]?.present) {
      await client.query(
        "DELETE FROM casbin_rule WHERE v0 IN (SELECT id::text FROM people WHERE email LIKE 'person%@demo.local')",
      );
    }
    await client.query("DELETE FROM people WHERE email LIKE 'person%@demo.local'");
    await client.query("DELETE FROM agents WHERE description = 'Demo agent'");
    await client.query("DELETE FROM properties WHERE name = 'demo.seed.batches'");
    await client.query('ALTER SEQUENCE incident_id_seq RESTART');
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}
