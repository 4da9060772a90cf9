import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../database.js';
import { createTestDatabase } from '../testing/index.js';
import { seedDemo } from './generator.js';
import { parseSeedArgs } from './sizes.js';

const SIZES = {
  people: 9,
  teams: 4,
  canaries: 3,
  checks: 14,
  statusesPerCheck: 10,
  configs: 120,
  changes: 50,
  analysis: 20,
  configRelationships: 30,
  topologies: 2,
  components: 15,
  incidents: 8,
  comments: 33,
  playbooks: 7,
  playbookRuns: 12,
  notifications: 5,
  silences: 3,
  sendHistory: 25,
  jobHistory: 70,
  events: 9,
};

async function count(database: Database, table: string, where = 'true'): Promise<number> {
  const { rows } = await database.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`);
  return rows[0]?.n ?? -1;
}

describe('seedDemo', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('fills every entity with the requested counts, with foreign keys checked', async () => {
    const report = await seedDemo(database, SIZES, { checkForeignKeys: true });
    expect(report.batch).toBe(1);
    const expected: Record<string, number> = {
      people: 9,
      teams: 4,
      canaries: 3,
      checks: 14,
      check_statuses: 140,
      config_scrapers: 3,
      config_items: 120,
      config_changes: 50,
      config_analysis: 20,
      config_relationships: 30,
      topologies: 2,
      components: 15,
      incidents: 8,
      comments: 33,
      playbooks: 7,
      playbook_runs: 12,
      notifications: 5,
      notification_silences: 3,
      notification_send_history: 25,
      job_history: 70,
      // no demo log backend: it would name a log server that does not run here
      logging_backends: 0,
    };
    for (const [table, n] of Object.entries(expected)) expect(await count(database, table), table).toBe(n);
    // Other areas' triggers may queue events of their own; the generator's carry a sequence number.
    expect(await count(database, 'event_queue', "properties ? 'seq'")).toBe(9);
    for (const table of [
      'team_members',
      'agents',
      'check_statuses_1h',
      'check_statuses_1d',
      'check_component_relationships',
      'check_config_relationships',
      'config_component_relationships',
      'component_relationships',
      'hypotheses',
      'evidences',
      'responders',
      'incident_histories',
      'playbook_run_actions',
      'playbook_approvals',
      'playbook_run_transitions',
      'permissions',
      'connections',
      'properties',
      'integrations',
    ]) {
      expect(await count(database, table), table).toBeGreaterThan(0);
    }
  });

  it('makes coherent, realistic data: failing checks, a config tree, soft-deleted rows, no secrets', async () => {
    expect(await count(database, 'checks', "status = 'unhealthy'")).toBe(2);
    expect(await count(database, 'check_statuses', 'NOT status')).toBeGreaterThan(0);
    const rollup = await database.pool.query<{ total: number }>(
      'SELECT sum(total)::int AS total FROM check_statuses_1d',
    );
    expect(rollup.rows[0]?.total).toBe(140);
    expect(await count(database, 'config_items', 'parent_id IS NOT NULL')).toBeGreaterThan(100);
    expect(await count(database, 'config_items', "type LIKE 'AWS::%'")).toBeGreaterThan(0);
    expect(await count(database, 'config_items', 'deleted_at IS NOT NULL')).toBeGreaterThan(0);
    // the catalog's counters (kept by triggers, which the seed's load bypasses) count every live item
    const counted = await database.pool.query<{ n: number }>(
      "SELECT coalesce(sum(count), 0)::int AS n FROM catalog_option_counts WHERE facet = 'type'",
    );
    expect(counted.rows[0]?.n).toBe(await count(database, 'config_items', 'deleted_at IS NULL AND type IS NOT NULL'));
    const pod = await database.pool.query<{ path: string; namespace: string | null }>(
      "SELECT path, namespace FROM config_items WHERE type = 'Kubernetes::Pod' AND parent_id IS NOT NULL LIMIT 1",
    );
    expect(pod.rows[0]?.path.split('.')).toHaveLength(3);
    expect(pod.rows[0]?.namespace).toBeTruthy();
    expect(await count(database, 'incidents', "incident_id = 'INC-000001'")).toBe(1);
    const evidence = await database.pool.query('SELECT DISTINCT type FROM evidences ORDER BY type');
    expect(evidence.rows.map((row) => row.type)).toEqual(['check', 'config', 'topology']);
    expect(await count(database, 'evidences', "type = 'topology' AND component_id IS NULL")).toBe(0);
    expect(await count(database, 'connections', 'password IS NOT NULL OR certificate IS NOT NULL')).toBe(0);
    expect(await count(database, 'people', "email = 'admin@demo.local'")).toBe(1);
  });

  it("gives every run the status changes that led to its status, so its page's Timeline shows them", async () => {
    const { rows } = await database.pool.query<{ status: string; path: string[]; gaps: number; approver: boolean }>(
      `SELECT r.status, array_agg(t.to_status ORDER BY t.created_at, t.id) AS path,
         count(*) FILTER (WHERE t.from_status IS DISTINCT FROM t.prev)::int AS gaps,
         bool_or(t.from_status = 'pending_approval' AND t.actor_id = a.person_id) AS approver
       FROM playbook_runs r
       JOIN (SELECT *, lag(to_status) OVER (PARTITION BY run_id ORDER BY created_at, id) AS prev
             FROM playbook_run_transitions) t ON t.run_id = r.id
       LEFT JOIN playbook_approvals a ON a.run_id = r.id
       GROUP BY r.id, r.status`,
    );
    expect(rows).toHaveLength(12);
    for (const row of rows) {
      // each change starts where the last ended (the first from nothing) and the last is the run's status
      expect(row.gaps, row.path.join(' → ')).toBe(0);
      expect(row.path.at(-1)).toBe(row.status);
    }
    const paths = new Set(rows.map((row) => row.path.join(' → ')));
    expect(paths).toContain('scheduled → running → completed');
    expect(paths).toContain('pending_approval → scheduled → running → completed');
    expect(paths).toContain('scheduled → running → failed');
    expect(paths).toContain('pending_approval');
    // the approval step is made by the approver, who is not the requester
    expect(
      rows.filter((row) => row.path[0] === 'pending_approval' && row.path.length > 1).every((r) => r.approver),
    ).toBe(true);
    expect(
      await count(
        database,
        'playbook_approvals a JOIN playbook_runs r ON r.id = a.run_id',
        'a.person_id = r.created_by',
      ),
    ).toBe(0);
    // the first change is the requester's, the runner's steps have no actor, and no change comes after the run's end
    expect(
      await count(
        database,
        'playbook_run_transitions t JOIN playbook_runs r ON r.id = t.run_id',
        "(t.from_status IS NULL AND t.actor_id IS DISTINCT FROM r.created_by) OR (t.to_status IN ('running', 'completed', 'failed', 'timed_out', 'waiting') AND t.actor_id IS NOT NULL) OR t.created_at > coalesce(r.end_time, t.created_at)",
      ),
    ).toBe(0);
  });

  it('adds a second batch with distinct names instead of failing, and --reset restores exact counts', async () => {
    const second = await seedDemo(database, SIZES);
    expect(second.batch).toBe(2);
    expect(await count(database, 'checks')).toBe(28);
    expect(await count(database, 'people', "email = 'admin@demo.local'")).toBe(1);
    const reset = await seedDemo(database, { ...SIZES, checks: 5, statusesPerCheck: 4 }, { reset: true });
    expect(reset.batch).toBe(1);
    expect(await count(database, 'checks')).toBe(5);
    expect(await count(database, 'check_statuses')).toBe(20);
    expect(await count(database, 'people')).toBe(9);
    const roles = await database.pool.query("SELECT to_regclass('casbin_rule') IS NOT NULL AS present");
    if (roles.rows[0]?.present) expect(await count(database, 'casbin_rule', "ptype = 'g'")).toBe(9);
    expect(await count(database, 'incidents', "incident_id = 'INC-000001'")).toBe(1);
  });
});

describe('parseSeedArgs', () => {
  it('reads sizes in both flag forms and derives canaries from checks', () => {
    const args = parseSeedArgs(['--checks', '10000', '--configs=250000', '--statuses-per-check', '100', '--reset']);
    expect(args.reset).toBe(true);
    expect(args.sizes).toMatchObject({ checks: 10000, configs: 250000, statusesPerCheck: 100, canaries: 2000 });
  });

  it('refuses an unknown flag or a bad number with a clear message', () => {
    expect(() => parseSeedArgs(['--chekcs', '5'])).toThrow(/Unknown flag --chekcs/);
    expect(() => parseSeedArgs(['--checks', '-1'])).toThrow(/--checks needs a whole number of 0 or more, got '-1'/);
    expect(() => parseSeedArgs(['--checks'])).toThrow(/got nothing/);
  });
});
