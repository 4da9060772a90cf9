/**
 * The data API's allow-list: the only tables, views and functions `/api/db` serves. Anything not listed
 * here answers 404 (PGRST205 / PGRST202) as if it did not exist. Adding a view or function is one line.
 */

/** How one table or view is exposed. */
export interface ExposedTable {
  /** POST/PATCH/DELETE allowed (every write is audited). Views and history tables are read-only. */
  writable: boolean;
  /**
   * Why and where a table refused here is written instead (`use /api/connections …`): its writes need
   * rules or effects the generic API cannot give, so a write answers 405 naming the route.
   */
  writeVia?: string;
  /**
   * Columns never readable, filterable or orderable, on top of the shared secret list
   * (platform/audit.ts `isSecretColumn`, which masks the same columns in audit rows).
   */
  hidden?: readonly string[];
  /**
   * Columns that may hold a value encrypted at rest (`mcenc:…`, e.g. a connection URL with a password
   * in it): readable, but an encrypted value reads as the secret mask (`SECRET_MASK`), never as its
   * ciphertext. The
   * dedicated route decrypts and masks it.
   */
  sealed?: readonly string[];
  /**
   * A view's primary key and foreign keys (pg_constraint holds none for views), so embeds reach it as
   * they reached the table it replaced.
   */
  viewKeys?: {
    primaryKey: readonly string[];
    foreignKeys: readonly { columns: readonly string[]; refTable: string; refColumns: readonly string[] }[];
  };
}

const rw: ExposedTable = { writable: true };
const ro: ExposedTable = { writable: false };

/** A catalog view of whole items: keyed by id, embedding the agent, scraper and parent as config_items does. */
const CONFIG_VIEW_KEYS: ExposedTable['viewKeys'] = {
  primaryKey: ['id'],
  foreignKeys: [
    { columns: ['agent_id'], refTable: 'agents', refColumns: ['id'] },
    { columns: ['scraper_id'], refTable: 'config_scrapers', refColumns: ['id'] },
    { columns: ['parent_id'], refTable: 'config_items', refColumns: ['id'] },
  ],
};

/** Tables and views served at `/api/db/{name}`. */
export const EXPOSED_TABLES: Readonly<Record<string, ExposedTable>> = {
  // people and system
  people: {
    writable: false,
    writeVia:
      'use POST /api/auth/invite_user to add a person, POST /api/rbac/{id}/update_role to change a role, DELETE /api/people/{id} to delete one',
  },
  // writes to a team holding permission rows, or to its members, are for administrators (rbac/team-grants.hook.ts)
  teams: rw,
  team_members: rw,
  agents: {
    writable: false,
    hidden: ['token_hash'],
    writeVia: 'use POST /api/agent/generate (it issues the token), PATCH or DELETE /api/agents/{id}',
  },
  // security properties are written by administrators only (properties/properties-write.hook.ts)
  properties: rw,
  connections: {
    writable: false,
    hidden: ['username', 'password', 'certificate'],
    sealed: ['url'],
    writeVia: 'use /api/connections (it encrypts the secrets)',
  },
  integrations: rw,
  logging_backends: rw,
  permissions: {
    writable: false,
    writeVia: 'use /api/permissions (administrators only; nobody grants themselves)',
  },
  people_roles: ro,
  // health: a canary written here is scheduled like one written through /api/canaries (canaries-write.hook.ts)
  canaries: rw,
  checks: { writable: false, writeVia: 'a check is an entry of its canary: use /api/canaries or /api/db/canaries' },
  // a view over check_results since migration 0055
  check_statuses: {
    writable: false,
    writeVia: 'results are written by the check runner (Run Now: POST /api/canary/run/check/{id})',
    viewKeys: {
      primaryKey: ['check_id', 'time'],
      foreignKeys: [{ columns: ['check_id'], refTable: 'checks', refColumns: ['id'] }],
    },
  },
  check_statuses_1h: ro,
  check_statuses_1d: ro,
  canary_names: ro,
  checks_by_component: ro,
  // catalog
  config_scrapers: rw,
  config_items: rw,
  config_changes: rw,
  config_analysis: rw,
  config_relationships: {
    writable: false,
    writeVia:
      'link items by hand with POST /api/catalog/{id}/relationships and DELETE /api/catalog/{id}/relationships/{related_id}; scrapers write the other relationships',
  },
  // catalog views (migrations 0065, 0067): lists, detail, option lists kept by triggers
  configs: { writable: false, viewKeys: CONFIG_VIEW_KEYS },
  config_detail: { writable: false, viewKeys: CONFIG_VIEW_KEYS },
  config_names: ro,
  config_analysis_items: {
    writable: false,
    viewKeys: {
      primaryKey: ['id'],
      foreignKeys: [{ columns: ['config_id'], refTable: 'config_items', refColumns: ['id'] }],
    },
  },
  catalog_changes: {
    writable: false,
    viewKeys: {
      primaryKey: ['id'],
      foreignKeys: [{ columns: ['config_id'], refTable: 'config_items', refColumns: ['id'] }],
    },
  },
  config_types: ro,
  config_classes: ro,
  config_statuses: ro,
  config_healths: ro,
  config_tags: ro,
  config_labels: ro,
  change_types: ro,
  config_analysis_analyzers: ro,
  // topology: a topology written here is validated and scheduled (topology/topologies-write.hook.ts)
  topologies: rw,
  components: rw,
  component_relationships: rw,
  config_component_relationships: rw,
  check_component_relationships: rw,
  check_config_relationships: rw,
  // topology read views (migrations 0070, 0071)
  component_names: ro,
  component_labels: ro,
  components_with_logs: ro,
  team_components: ro,
  component_changes: {
    writable: false,
    writeVia: 'component changes are recorded by the topology builder and the health roll-up',
  },
  analysis_by_component: ro,
  changes_by_component: ro,
  component_config_items: ro,
  // incidents
  incidents: rw,
  responders: rw,
  hypotheses: rw,
  evidences: rw,
  comments: rw,
  incident_histories: { writable: false, writeVia: 'the timeline is written by the incidents themselves' },
  incident_summary: ro,
  incidents_by_component: ro,
  incidents_by_config: ro,
  // playbooks
  playbooks: rw,
  // runs, their actions and approvals come from the playbook runner (modules/playbooks)
  playbook_runs: {
    writable: false,
    writeVia:
      'runs are started with POST /api/playbook/run and cancelled with POST /api/playbook/run/cancel/{id} (the playbook runner)',
  },
  playbook_run_actions: { writable: false, writeVia: 'run actions are written by the playbook runner' },
  playbook_approvals: { writable: false, writeVia: 'approvals are given with POST /api/playbook/run/approve/{id}' },
  // notifications
  notifications: rw,
  notification_silences: rw,
  notification_send_history: {
    writable: false,
    writeVia: 'the send history is written by the notification sender (one row per message attempt)',
  },
  notifications_summary: ro,
  notification_send_history_summary: ro,
  // jobs and events (written by the server itself)
  job_history: ro,
  event_queue: ro,
  job_histories: ro,
  job_history_names: ro,
  event_queue_summary: ro,
  failed_events: ro,
  agents_summary: ro,
  integrations_with_status: ro,
  connections_list: ro,
  // the audit trail: readable by administrators only (rbac/table-kinds.ts), never writable
  audit_log: { writable: false, writeVia: 'the audit trail is written by the server with each change' },
};

/** Functions served at `/api/db/rpc/{name}`. Only read functions belong here (RPC calls are not audited). */
export const EXPOSED_FUNCTIONS: readonly string[] = [
  'check_summary_for_config',
  // catalog (migrations 0065, 0066)
  'related_configs_recursive',
  'lookup_analysis_by_component',
];

/**
 * Arguments of exposed functions that name a component: the call answers as if it found nothing for a
 * component its caller may not read (docs/topology.md, "Permissions on the tree").
 */
export const COMPONENT_ARGUMENTS: Readonly<Record<string, string>> = {
  lookup_analysis_by_component: 'id',
};
