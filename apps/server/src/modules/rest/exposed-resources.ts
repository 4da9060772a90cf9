/**
 * The data API's allow-list: the only tables, views and functions `/api/db` serves. Anything not listed
 * here answers 404 (PGRST205 / PGRST202) as if it did not exist. Adding a view or function is one line.
 */

/** A time-blocked view's time column, its block column and the SQL function mapping a time to its block. */
export interface TimeBlocks {
  column: string;
  block: string;
  /** A function of the view's migration, e.g. check_result_hour(timestamptz). */
  of: string;
}

/**
 * A parent whose read rule decides which rows of a table a reader sees (`readAs`): the access policy is
 * asked for a read of `table`, and a row is read where its parent — the row its `column` names, or the
 * `through` table's row it names and that row's parent — passes the policy's row scopes of `table`.
 * The path follows the schema's foreign keys (parent-reads.ts).
 */
export interface ParentRead {
  /** The table's column holding the id of the parent row, or of the row between (`through`). */
  column: string;
  /** The parent table whose read rule applies. */
  table: string;
  /** The table between, when `column` names a row of it whose foreign key names the parent. */
  through?: string;
}

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
   * A view's primary key and foreign keys, declared where the schema cache cannot take them from the
   * view's base tables (view-relationships.ts): a key column showing a referenced column (a table's
   * id) or coming out of a UNION. Other views have their base tables' keys without a declaration.
   */
  viewKeys?: {
    primaryKey: readonly string[];
    foreignKeys: readonly { columns: readonly string[]; refTable: string; refColumns: readonly string[] }[];
  };
  /** A view whose older rows are packed in blocks: filters and order on its time bound its blocks (time-blocks.ts). */
  timeBlocks?: TimeBlocks;
  /**
   * Rows that belong to another resource are read under that resource's read rule, not a kind of their
   * own: a reader sees a row when they may read one of its parents (any of them), and a reader who may
   * read none of the parent tables is refused as the policy refused them. Reads only: a write is still
   * asked of the policy for the table itself.
   */
  readAs?: readonly ParentRead[];
}

const rw: ExposedTable = { writable: true };
const ro: ExposedTable = { writable: false };

const SCRAPED_ACCESS = 'access entries are written by scrapers (ScrapeConfig full mode), never by hand';

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
  // written by PATCH/DELETE /api/agents/{id} (routed-writes.ts); created only by POST /api/agent/generate
  agents: { writable: false, hidden: ['token_hash'] },
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
  // written by /api/permissions (routed-writes.ts): administrators only, nobody grants themselves
  permissions: ro,
  people_roles: ro,
  // sign-in identities (traits: email and name); credentials live in tables never served (rbac SECRET_TABLES)
  identities: {
    writable: false,
    writeVia: 'use POST /api/auth/invite_user to add a person and DELETE /api/people/{id} to remove one',
  },
  // permission rows with their subject and resource as objects (migration 0180)
  permissions_summary: ro,
  // health: a canary written here is scheduled like one written through /api/canaries (canaries-write.hook.ts)
  canaries: rw,
  // result_key, details_hash, last_message(_at): the result writer's own state (last_message is stored packed)
  checks: {
    writable: false,
    writeVia: 'a check is an entry of its canary: use /api/canaries or /api/db/canaries',
    hidden: ['result_key', 'details_hash', 'last_message', 'last_message_at'],
  },
  // a view over check_results since migration 0055 and the packed hours since 0200; check_id shows
  // checks.id, a referenced column; time_block is the UTC hour a run is packed by
  check_statuses: {
    writable: false,
    hidden: ['time_block'],
    timeBlocks: { column: 'time', block: 'time_block', of: 'check_result_hour' },
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
  // console views over checks and canaries (migration 0180)
  check_names: ro,
  check_summary_for_config: ro,
  checks_labels_keys: ro,
  canaries_with_status: ro,
  // SLOs (migration 0230): read here, written through /api/slos, which checks the objective and its object
  slos: {
    writable: false,
    writeVia: 'use POST, PATCH and DELETE /api/slos (it checks the objective and the object it is on)',
  },
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
  configs: ro,
  config_detail: ro,
  config_names: ro,
  config_analysis_items: ro,
  catalog_changes: ro,
  // access entries (migration 0170): written by scrapes in full mode (docs/catalog.md)
  config_access: { writable: false, writeVia: SCRAPED_ACCESS },
  config_access_logs: { writable: false, writeVia: SCRAPED_ACCESS },
  // who may access an item, one row per person or group and role (migration 0171)
  config_access_summary: { writable: false, writeVia: SCRAPED_ACCESS },
  external_users: { writable: false, writeVia: SCRAPED_ACCESS },
  external_groups: { writable: false, writeVia: SCRAPED_ACCESS },
  external_roles: { writable: false, writeVia: SCRAPED_ACCESS },
  external_user_groups: { writable: false, writeVia: SCRAPED_ACCESS },
  config_types: ro,
  config_classes: ro,
  config_statuses: ro,
  config_healths: ro,
  config_tags: ro,
  config_labels: ro,
  change_types: ro,
  // console views over the catalog (migration 0180)
  config_changes_items: ro,
  analysis_types: ro,
  config_tags_labels_keys: ro,
  config_scrapers_with_status: ro,
  config_analysis_analyzers: ro,
  // saved catalog queries of the console's query builder (migration 0195): stored and answered as written
  saved_query: rw,
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
  // its keys come from team_component_links (migration 0196), as PostgREST reads them: nothing declared
  team_components: ro,
  component_changes: {
    writable: false,
    writeVia: 'component changes are recorded by the topology builder and the health roll-up',
  },
  analysis_by_component: ro,
  // a UNION (catalog changes and the component's own), whose columns have no single origin
  changes_by_component: {
    writable: false,
    viewKeys: {
      primaryKey: ['id'],
      foreignKeys: [
        { columns: ['component_id'], refTable: 'components', refColumns: ['id'] },
        { columns: ['config_id'], refTable: 'config_items', refColumns: ['id'] },
      ],
    },
  },
  component_config_items: ro,
  component_labels_keys: ro,
  topologies_with_status: ro,
  teams_with_status: ro,
  // status pages (migration 0220): read here, written through their route (token hash never served)
  status_pages: {
    writable: false,
    hidden: ['token_hash'],
    writeVia: 'use POST, PATCH and DELETE /api/status-pages (it issues read tokens and refreshes the public pages)',
  },
  // incidents
  incidents: rw,
  responders: rw,
  hypotheses: rw,
  evidences: rw,
  comments: rw,
  incident_histories: { writable: false, writeVia: 'the timeline is written by the incidents themselves' },
  incident_summary: ro,
  // upstream's incident rules (migration 0195): this server runs no rule engine, so none is accepted
  incident_rules: {
    writable: false,
    writeVia:
      'incident rules are not run by this server (a saved rule would never open an incident): declare incidents with POST /api/db/incidents',
  },
  incidents_by_component: ro,
  incidents_by_config: ro,
  // playbooks
  playbooks: rw,
  playbook_names: ro,
  // runs, their actions and approvals come from the playbook runner (modules/playbooks)
  playbook_runs: {
    writable: false,
    writeVia:
      'runs are started with POST /api/playbook/run and cancelled with POST /api/playbook/run/cancel/{id} (the playbook runner)',
  },
  // a run's actions and approvals are read as their run is (a reader held to some playbooks reads those
  // playbooks' runs' actions and approvals, and none of other runs')
  playbook_run_actions: {
    writable: false,
    writeVia: 'run actions are written by the playbook runner',
    readAs: [{ column: 'playbook_run_id', table: 'playbook_runs' }],
  },
  playbook_approvals: {
    writable: false,
    writeVia: 'approvals are given with POST /api/playbook/run/approve/{id}',
    readAs: [{ column: 'run_id', table: 'playbook_runs' }],
  },
  // files a playbook action or an exec check kept (migration 0090): their metadata, read as the run or the
  // check they belong to is read; the bytes (`content`) only through the download routes
  artifacts: {
    writable: false,
    hidden: ['content'],
    writeVia:
      'artifacts are kept by the playbook runner and exec checks; read one with GET /api/playbook/run/{id}/artifacts/{artifactId} or GET /api/checks/{id}/artifacts/{artifactId}',
    readAs: [
      { column: 'playbook_run_action_id', through: 'playbook_run_actions', table: 'playbook_runs' },
      { column: 'check_id', table: 'checks' },
    ],
  },
  // notifications
  notifications: rw,
  notification_silences: rw,
  notification_send_history: {
    writable: false,
    writeVia: 'the send history is written by the notification sender (one row per message attempt)',
  },
  notifications_summary: ro,
  // heartbeat tokens: only their hash and prefix are kept, never served; issued and revoked by /api/heartbeats
  heartbeat_tokens: {
    writable: false,
    hidden: ['token_hash', 'token_prefix'],
    writeVia: 'use POST and DELETE /api/heartbeats/{checkId}/token',
  },
  // maintenance windows: their rules (RRULE, zone, computed series end) are checked by /api/maintenance
  maintenance_windows: { writable: false, writeVia: 'use POST, PATCH and DELETE /api/maintenance' },
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
  // a run's actions and its child runs' (migration 0180)
  'get_playbook_run_actions',
];

/**
 * Arguments of exposed functions that name a component: the call answers as if it found nothing for a
 * component its caller may not read (docs/topology.md, "Permissions on the tree").
 */
export const COMPONENT_ARGUMENTS: Readonly<Record<string, string>> = {
  lookup_analysis_by_component: 'id',
};

/**
 * Functions whose rows are read as a parent's (the `readAs` of tables): the call is allowed to whoever may
 * read the parent table, and answers only the rows whose parent the caller may read. A run's actions
 * include its child runs' (which may be another playbook's), each shown as its own run is.
 */
export const RPC_READ_AS: Readonly<Record<string, ParentRead>> = {
  get_playbook_run_actions: { column: 'playbook_run_id', table: 'playbook_runs' },
};
