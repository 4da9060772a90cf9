import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database.js';
import { createTestDatabase } from './testing/index.js';

const NIL_AGENT = '00000000-0000-0000-0000-000000000000';

/** The fields spec 000 §3 and 001 §3 name for each entity (computed ones such as uptime come from views). */
const TABLES: Record<string, string[]> = {
  people: ['id', 'name', 'avatar', 'email', 'team_id', 'properties', 'last_login', 'deleted_at'],
  teams: ['id', 'name', 'icon', 'spec', 'source', 'created_by', 'deleted_at'],
  team_members: ['team_id', 'person_id', 'source'],
  agents: ['id', 'name', 'description', 'properties', 'created_by', 'last_seen', 'cleanup', 'deleted_at'],
  properties: ['name', 'value', 'created_by', 'deleted_at'],
  connections: ['id', 'name', 'namespace', 'type', 'url', 'username', 'password', 'certificate', 'insecure_tls'],
  canaries: ['id', 'agent_id', 'name', 'namespace', 'source', 'spec', 'labels', 'deleted_at'],
  checks: [
    'id',
    'name',
    'icon',
    'type',
    'status',
    'canary_id',
    'agent_id',
    'namespace',
    'endpoint',
    'labels',
    'severity',
    'description',
    'last_runtime',
    'last_transition_time',
    'next_runtime',
    'deleted_at',
  ],
  check_statuses: ['check_id', 'time', 'status', 'duration', 'message', 'error', 'details'],
  check_statuses_1h: ['check_id', 'created_at', 'total', 'passed', 'failed', 'duration'],
  check_statuses_1d: ['check_id', 'created_at', 'total', 'passed', 'failed', 'duration'],
  check_component_relationships: ['component_id', 'check_id', 'canary_id', 'selector_id', 'deleted_at'],
  check_config_relationships: ['config_id', 'check_id', 'canary_id', 'selector_id', 'deleted_at'],
  config_scrapers: ['id', 'name', 'namespace', 'spec', 'source', 'agent_id', 'deleted_at'],
  config_items: [
    'id',
    'type',
    'config_class',
    'status',
    'health',
    'labels',
    'name',
    'tags',
    'description',
    'namespace',
    'external_id',
    'created_at',
    'updated_at',
    'deleted_at',
    'cost_per_minute',
    'cost_total_1d',
    'cost_total_7d',
    'cost_total_30d',
    'agent_id',
    'parent_id',
    'path',
  ],
  config_changes: [
    'id',
    'config_id',
    'change_type',
    'created_at',
    'external_created_by',
    'source',
    'diff',
    'details',
    'patches',
    'created_by',
    'severity',
    'summary',
  ],
  config_analysis: [
    'id',
    'analyzer',
    'analysis_type',
    'message',
    'severity',
    'status',
    'analysis',
    'first_observed',
    'last_observed',
    'source',
  ],
  config_relationships: ['config_id', 'related_id', 'relation', 'deleted_at'],
  config_component_relationships: ['component_id', 'config_id', 'selector_id', 'deleted_at'],
  topologies: ['id', 'name', 'namespace', 'source', 'labels', 'spec', 'agent_id', 'deleted_at'],
  components: ['id', 'name', 'topology_id', 'parent_id', 'status', 'summary', 'path', 'deleted_at'],
  component_relationships: ['component_id', 'relationship_id', 'selector_id', 'relationship_path'],
  incidents: [
    'id',
    'incident_id',
    'title',
    'type',
    'status',
    'severity',
    'commander_id',
    'communicator_id',
    'created_by',
  ],
  hypotheses: ['id', 'title', 'type', 'status', 'incident_id', 'created_by', 'parent_id'],
  evidences: [
    'id',
    'description',
    'type',
    'config_id',
    'config_analysis_id',
    'config_change_id',
    'component_id',
    'check_id',
    'hypothesis_id',
    'properties',
    'definition_of_done',
    'done',
    'script',
    'created_by',
  ],
  comments: ['comment', 'created_at', 'hypothesis_id', 'responder_id', 'external_created_by', 'incident_id'],
  responders: ['id', 'incident_id', 'type', 'person_id', 'team_id', 'created_by'],
  incident_histories: ['id', 'incident_id', 'type', 'description', 'hypothesis_id', 'evidence_id', 'comment_id'],
  playbooks: ['id', 'name', 'title', 'icon', 'category', 'spec', 'created_by', 'deleted_at'],
  playbook_runs: [
    'id',
    'status',
    'parent_id',
    'start_time',
    'created_at',
    'playbook_id',
    'component_id',
    'config_id',
    'check_id',
  ],
  playbook_run_actions: ['id', 'playbook_run_id', 'name', 'status', 'start_time', 'end_time', 'result'],
  playbook_approvals: ['id', 'run_id', 'person_id', 'team_id'],
  notifications: ['id', 'person_id', 'team_id', 'custom_services', 'created_by', 'events', 'deleted_at'],
  notification_silences: ['id', 'until', 'check_id', 'config_id', 'component_id', 'canary_id', 'deleted_at'],
  notification_send_history: ['id', 'notification_id', 'resource_id', 'status', 'source_event', 'created_at'],
  permissions: [
    'id',
    'action',
    'deny',
    'description',
    'object',
    'subject',
    'subject_type',
    'config_id',
    'component_id',
    'canary_id',
    'playbook_id',
    'connection_id',
    'check_id',
    'team_id',
    'person_id',
    'notification_id',
    'until',
    'source',
    'created_at',
    'created_by',
    'updated_at',
    'updated_by',
    'deleted_at',
  ],
  job_history: ['id', 'resource_type', 'resource_id', 'name', 'status', 'duration_millis', 'created_at', 'details'],
  event_queue: ['id', 'name', 'properties', 'error', 'attempts', 'last_attempt', 'priority', 'created_at'],
  integrations: ['id', 'name', 'integration_type', 'spec', 'deleted_at'],
  logging_backends: ['id', 'name', 'labels', 'spec', 'source', 'created_by', 'created_at', 'updated_at'],
};

describe('schema', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('has every entity table with the fields the spec names', async () => {
    const { rows } = await database.pool.query<{ table_name: string; column_name: string }>(
      "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public'",
    );
    const columns = new Map<string, Set<string>>();
    for (const row of rows) {
      const set = columns.get(row.table_name) ?? new Set<string>();
      set.add(row.column_name);
      columns.set(row.table_name, set);
    }
    for (const [table, fields] of Object.entries(TABLES)) {
      const present = columns.get(table);
      expect(present, `table ${table}`).toBeDefined();
      expect(
        fields.filter((field) => !present?.has(field)),
        `missing columns of ${table}`,
      ).toEqual([]);
    }
  });

  it('seeds the all-zero local agent and defaults agent_id to it', async () => {
    const { rows } = await database.pool.query('SELECT name FROM agents WHERE id = $1', [NIL_AGENT]);
    expect(rows).toEqual([{ name: 'local' }]);
    const canary = await database.pool.query<{ agent_id: string }>(
      "INSERT INTO canaries (name, spec) VALUES ('agent-default', '{}') RETURNING agent_id",
    );
    expect(canary.rows[0]?.agent_id).toBe(NIL_AGENT);
  });

  it('keeps updated_at current on update unless the statement sets it', async () => {
    const { rows } = await database.pool.query<{ id: string }>(
      "INSERT INTO people (name, email, updated_at) VALUES ('Ada', 'ada@example.com', now() - interval '1 day') RETURNING id",
    );
    const id = rows[0]?.id;
    const after = await database.pool.query<{ fresh: boolean }>(
      "UPDATE people SET title = 'SRE' WHERE id = $1 RETURNING updated_at > now() - interval '1 minute' AS fresh",
      [id],
    );
    expect(after.rows[0]?.fresh).toBe(true);
    const explicit = await database.pool.query<{ old: boolean }>(
      "UPDATE people SET updated_at = '2020-01-01' WHERE id = $1 RETURNING updated_at < '2021-01-01' AS old",
      [id],
    );
    expect(explicit.rows[0]?.old).toBe(true);
  });

  it('numbers incidents, cascades their children and refuses an unknown hypothesis type', async () => {
    const person = await database.pool.query<{ id: string }>("INSERT INTO people (name) VALUES ('Grace') RETURNING id");
    const by = person.rows[0]?.id;
    const incident = await database.pool.query<{ id: string; incident_id: string; status: string }>(
      "INSERT INTO incidents (title, type, severity, created_by) VALUES ('Down', 'availability', 'high', $1) RETURNING id, incident_id, status",
      [by],
    );
    const row = incident.rows[0];
    expect(row?.incident_id).toMatch(/^INC-\d{6}$/);
    expect(row?.status).toBe('open');
    const hypothesis = await database.pool.query<{ id: string; type: string; status: string }>(
      "INSERT INTO hypotheses (incident_id, title, created_by) VALUES ($1, 'DNS', $2) RETURNING id, type, status",
      [row?.id, by],
    );
    expect(hypothesis.rows[0]).toMatchObject({ type: 'root', status: 'possible' });
    await database.pool.query(
      "INSERT INTO comments (incident_id, hypothesis_id, comment, created_by) VALUES ($1, $2, 'looking', $3)",
      [row?.id, hypothesis.rows[0]?.id, by],
    );
    // Unbound on purpose: the PGlite test shim drops its connection when a bound-parameter statement fails.
    await expect(
      database.pool.query(
        "INSERT INTO hypotheses (incident_id, title, type, created_by) SELECT id, 'x', 'bogus', created_by FROM incidents WHERE title = 'Down'",
      ),
    ).rejects.toThrow();
    const constraint = await database.pool.query(
      "SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conname = 'hypotheses_type_check'",
    );
    expect(constraint.rows[0]?.def).toMatch(/root.*factor.*solution/);
    await database.pool.query('DELETE FROM incidents WHERE id = $1', [row?.id]);
    const left = await database.pool.query('SELECT count(*)::int AS n FROM comments WHERE incident_id = $1', [row?.id]);
    expect(left.rows[0]).toEqual({ n: 0 });
  });

  it('soft-deleted rows free their unique name and stay readable', async () => {
    await database.pool.query("INSERT INTO playbooks (name, spec) VALUES ('restart', '{}')");
    await expect(database.pool.query("INSERT INTO playbooks (name, spec) VALUES ('restart', '{}')")).rejects.toThrow(
      /duplicate key/,
    );
    await database.pool.query("UPDATE playbooks SET deleted_at = now() WHERE name = 'restart'");
    await database.pool.query("INSERT INTO playbooks (name, spec) VALUES ('restart', '{}')");
    const { rows } = await database.pool.query(
      "SELECT count(*)::int AS all, count(*) FILTER (WHERE deleted_at IS NULL)::int AS live FROM playbooks WHERE name = 'restart'",
    );
    expect(rows[0]).toEqual({ all: 2, live: 1 });
  });

  it('stamps last_transition_time when a check flips and derives config namespace from tags', async () => {
    const canary = await database.pool.query<{ id: string }>(
      "INSERT INTO canaries (name, spec) VALUES ('web', '{}') RETURNING id",
    );
    const check = await database.pool.query<{ id: string }>(
      "INSERT INTO checks (canary_id, type, name, status) VALUES ($1, 'http', 'home', 'healthy') RETURNING id",
      [canary.rows[0]?.id],
    );
    const flipped = await database.pool.query<{ stamped: boolean }>(
      "UPDATE checks SET status = 'unhealthy' WHERE id = $1 RETURNING last_transition_time IS NOT NULL AS stamped",
      [check.rows[0]?.id],
    );
    expect(flipped.rows[0]?.stamped).toBe(true);
    const config = await database.pool.query(
      `INSERT INTO config_items (config_class, type, name, tags) VALUES ('Deployment', 'Kubernetes::Deployment', 'api',
       '{"namespace":"prod","cluster":"eu"}') RETURNING namespace, tags_values`,
    );
    expect(config.rows[0]).toEqual({ namespace: 'prod', tags_values: ['eu', 'prod'] });
  });

  it('has the indexes the lists filter on', async () => {
    const { rows } = await database.pool.query<{ indexname: string; indexdef: string }>(
      "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public'",
    );
    const byName = new Map(rows.map((row) => [row.indexname, row.indexdef]));
    // check_statuses is a view over check_results since 0055: one btree per (check, time) and BRIN on time.
    expect(byName.get('check_results_pkey')).toMatch(/\(check_key, "?time"?\)/);
    expect(byName.get('check_results_time_brin')).toMatch(/USING brin/);
    expect(byName.get('checks_labels_idx')).toMatch(/USING gin/);
    expect(byName.get('config_items_name_trgm_idx')).toMatch(/gin_trgm_ops/);
    expect(byName.get('config_items_tags_idx')).toMatch(/USING gin/);
    expect(byName.get('config_changes_config_id_created_at_idx')).toMatch(/config_id, created_at DESC/);
    expect(byName.get('incidents_status_idx')).toMatch(/WHERE \(deleted_at IS NULL\)/);
    expect(byName.get('comments_incident_id_idx')).toBeDefined();
    expect(byName.get('job_history_resource_idx')).toMatch(/resource_type, resource_id/);
    expect(byName.get('event_queue_name_attempts_idx')).toBeDefined();
    expect(byName.get('notification_send_history_notification_id_idx')).toMatch(/notification_id, created_at DESC/);
    expect(byName.get('permissions_person_id_idx')).toBeDefined();
  });
});
