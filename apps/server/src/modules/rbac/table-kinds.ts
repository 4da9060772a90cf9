import type { ResourceKind } from '@mc/contracts';
import type { ScopeField } from './authorize.js';

/** How the data API's tables map onto the role matrix, and which column a row scope filters. */
export interface TableRule {
  kind: ResourceKind;
  /** For row scope: the table's column holding the id a permission row names, per scope field. */
  scope?: Partial<Record<ScopeField, string>>;
}

/**
 * Tables the data API never serves to anyone: credentials, sessions, flows, one-time codes, token
 * hashes, and the server's own log lines (read through `/api/logs` with `server_logs`, issue 25).
 * Secrets never appear in an API answer.
 */
export const SECRET_TABLES: ReadonlySet<string> = new Set([
  'identity_credentials',
  'identity_credential_identifiers',
  'sessions',
  'selfservice_flows',
  'selfservice_codes',
  'auth_attempts',
  'access_tokens',
  'schema_migrations',
  'log_lines',
]);

/**
 * Tables only administrators read through the data API, whatever the matrix or permission rows say:
 * the audit trail holds every change's before and after (docs/audit.md).
 */
export const ADMIN_TABLES: ReadonlySet<string> = new Set(['audit_log']);

const CONFIG_SCOPE = { config_id: 'config_id' } as const;

const EXACT: Readonly<Record<string, TableRule>> = {
  incidents: { kind: 'incident' },
  incident_summary: { kind: 'incident' },
  incident_histories: { kind: 'incident' },
  // A component column filters by the reader's component rows, whatever the table's kind (rbac/component-scopes.ts).
  incidents_by_component: { kind: 'incident', scope: { component_id: 'component_id' } },
  incidents_by_config: { kind: 'incident' },
  hypotheses: { kind: 'incident' },
  incident_rules: { kind: 'incident' },
  // evidence on a component the reader may not read is left out with it (rbac/component-scopes.ts)
  evidences: { kind: 'evidences', scope: { component_id: 'component_id' } },
  comments: { kind: 'comments' },
  responders: { kind: 'responder' },
  people: { kind: 'database' },
  teams: { kind: 'database' },
  canaries: { kind: 'canaries', scope: { canary_id: 'id' } },
  checks: { kind: 'canaries', scope: { canary_id: 'canary_id', check_id: 'id' } },
  check_statuses: { kind: 'canaries', scope: { check_id: 'check_id' } },
  check_summary: { kind: 'canaries', scope: { canary_id: 'canary_id', check_id: 'id' } },
  // console views over checks and canaries (migration 0180): scoped as the base table
  check_names: { kind: 'canaries', scope: { canary_id: 'canary_id', check_id: 'id' } },
  check_summary_for_config: { kind: 'canaries', scope: { canary_id: 'canary_id', check_id: 'id' } },
  canaries_with_status: { kind: 'canaries', scope: { canary_id: 'id' } },
  // SLOs (migration 0230) are read as the health checks they measure, scoped by their check or component
  slos: { kind: 'canaries', scope: { check_id: 'check_id', component_id: 'component_id' } },
  topologies_with_status: { kind: 'topologies' },
  teams_with_status: { kind: 'database' },
  config_scrapers_with_status: { kind: 'config_scrapers' },
  // option lists: a reader scoped to some items or components reads none of them (no id column to scope)
  analysis_types: { kind: 'database', scope: CONFIG_SCOPE },
  component_labels_keys: { kind: 'topologies', scope: { component_id: 'component_id' } },
  // the kind of the call's rule; a read is asked of playbook_runs, row by row (exposed-resources RPC_READ_AS)
  'rpc/get_playbook_run_actions': { kind: 'playbook_runs' },
  checks_by_component: { kind: 'canaries', scope: { component_id: 'component_id' } },
  check_component_relationships: { kind: 'canaries', scope: { component_id: 'component_id' } },
  config_component_relationships: { kind: 'database', scope: { config_id: 'config_id', component_id: 'component_id' } },
  // a webhook check's token state is read as its check is
  heartbeat_tokens: { kind: 'canaries', scope: { check_id: 'check_id' } },
  topologies: { kind: 'topologies' },
  // status pages publish the topology: read and written as topologies are
  status_pages: { kind: 'topologies' },
  components: { kind: 'topologies', scope: { component_id: 'id' } },
  // maintenance windows are read and written as silences are (notifications)
  maintenance_windows: { kind: 'notifications' },
  component_relationships: { kind: 'topologies', scope: { component_id: 'component_id' } },
  // topology read views (migrations 0070, 0071)
  component_names: { kind: 'topologies', scope: { component_id: 'id' } },
  // no component column: the data API reads it for a restricted reader through component_labels_visible (rest/reader-sources.ts)
  component_labels: { kind: 'topologies', scope: { component_id: 'component_id' } },
  components_with_logs: { kind: 'topologies', scope: { component_id: 'id' } },
  team_components: { kind: 'topologies', scope: { component_id: 'component_id' } },
  component_changes: { kind: 'topologies', scope: { component_id: 'component_id' } },
  component_config_items: { kind: 'topologies', scope: { component_id: 'component_id' } },
  analysis_by_component: { kind: 'topologies', scope: { component_id: 'component_id' } },
  changes_by_component: { kind: 'topologies', scope: { component_id: 'component_id' } },
  config_scrapers: { kind: 'config_scrapers' },
  config_items: { kind: 'database', scope: { config_id: 'id' } },
  configs: { kind: 'database', scope: { config_id: 'id' } },
  config_detail: { kind: 'database', scope: { config_id: 'id' } },
  config_names: { kind: 'database', scope: { config_id: 'id' } },
  // access entries (migration 0170) say who may reach which item: read as the catalog is; the identities
  // name no item, so a reader held to some items (row scope) reads only the access rows of those items
  config_access: { kind: 'database', scope: CONFIG_SCOPE },
  config_access_logs: { kind: 'database', scope: CONFIG_SCOPE },
  config_access_summary: { kind: 'database', scope: CONFIG_SCOPE },
  external_users: { kind: 'database' },
  external_groups: { kind: 'database' },
  external_roles: { kind: 'database' },
  external_user_groups: { kind: 'database' },
  identities: { kind: 'identities' },
  identity_addresses: { kind: 'identities' },
  connections: { kind: 'connections', scope: { connection_id: 'id' } },
  connections_list: { kind: 'connections', scope: { connection_id: 'id' } },
  connection_details: { kind: 'connections', scope: { connection_id: 'id' } },
  agents: { kind: 'agents' },
  agents_summary: { kind: 'agents' },
  properties: { kind: 'feature_flags' },
  logging_backends: { kind: 'logging_backends' },
  integrations: { kind: 'integrations' },
  integrations_with_status: { kind: 'integrations' },
  playbooks: { kind: 'playbooks', scope: { playbook_id: 'id' } },
  playbook_names: { kind: 'playbooks', scope: { playbook_id: 'id' } },
  playbook_runs: { kind: 'playbook_runs', scope: { playbook_id: 'playbook_id' } },
  // a run's actions and approvals are read under their run's rule (exposed-resources `readAs`); this kind
  // answers writes, which the data API then refuses (405)
  playbook_run_actions: { kind: 'playbook_runs' },
  playbook_approvals: { kind: 'playbook_runs' },
  // read under its run's or its check's rule (the data API asks about playbook_runs and checks: rest
  // exposed-resources `readAs`); this kind answers writes, which the data API then refuses (405)
  artifacts: { kind: 'playbook_runs' },
  permissions: { kind: 'permissions' },
  // names the connection, canary, playbook, component or item a row grants on: for those who may read every kind
  permissions_summary: { kind: 'rbac' },
  permission_subjects: { kind: 'permissions' },
  permissions_group_summary: { kind: 'permissions' },
  casbin_rule: { kind: 'rbac' },
  invites: { kind: 'auth' },
  selfservice_errors: { kind: 'kratos' },
};

/**
 * The matrix kind of a table (or view). Families by prefix: `config_*` is the catalog (row scope by
 * config_id), `notification*` notifications, `check*`/`canary*` canaries, `playbook*` playbooks;
 * people, teams, jobs and anything else count as `database`.
 */
export function tableRule(table: string): TableRule {
  const exact = EXACT[table];
  if (exact) return exact;
  if (table.startsWith('config_')) return { kind: 'database', scope: CONFIG_SCOPE };
  if (table.startsWith('notification')) return { kind: 'notifications' };
  if (table.startsWith('check') || table.startsWith('canar')) return { kind: 'canaries' };
  if (table.startsWith('playbook')) return { kind: 'playbooks' };
  if (table.startsWith('incident')) return { kind: 'incident' };
  return { kind: 'database' };
}
