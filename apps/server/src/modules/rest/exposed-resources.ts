/**
 * The data API's allow-list: the only tables, views and functions `/api/db` serves. Anything not listed
 * here answers 404 (PGRST205 / PGRST202) as if it did not exist. Adding a view or function is one line.
 */

/** How one table or view is exposed. */
export interface ExposedTable {
  /** POST/PATCH/DELETE allowed (every write is audited). Views and history tables are read-only. */
  writable: boolean;
  /**
   * Columns never readable, filterable or orderable, on top of the shared secret list
   * (platform/audit.ts `isSecretColumn`, which masks the same columns in audit rows).
   */
  hidden?: readonly string[];
}

const rw: ExposedTable = { writable: true };
const ro: ExposedTable = { writable: false };

/** Tables and views served at `/api/db/{name}`. */
export const EXPOSED_TABLES: Readonly<Record<string, ExposedTable>> = {
  // people and system
  people: rw,
  teams: rw,
  team_members: rw,
  agents: { writable: true, hidden: ['token_hash'] },
  properties: rw,
  // written only through /api/connections (it encrypts the secrets); never readable here
  connections: { writable: false, hidden: ['username', 'password', 'certificate'] },
  integrations: rw,
  logging_backends: rw,
  permissions: rw,
  people_roles: ro,
  // health
  canaries: rw,
  checks: rw,
  check_statuses: rw,
  check_statuses_1h: ro,
  check_statuses_1d: ro,
  canary_names: ro,
  checks_by_component: ro,
  // catalog
  config_scrapers: rw,
  config_items: rw,
  config_changes: rw,
  config_analysis: rw,
  config_relationships: rw,
  // topology
  topologies: rw,
  components: rw,
  component_relationships: rw,
  config_component_relationships: rw,
  check_component_relationships: rw,
  check_config_relationships: rw,
  // incidents
  incidents: rw,
  responders: rw,
  hypotheses: rw,
  evidences: rw,
  comments: rw,
  incident_histories: rw,
  incident_summary: ro,
  incidents_by_component: ro,
  incidents_by_config: ro,
  // playbooks
  playbooks: rw,
  playbook_runs: rw,
  playbook_run_actions: rw,
  playbook_approvals: rw,
  // notifications
  notifications: rw,
  notification_silences: rw,
  notification_send_history: rw,
  // jobs and events (written by the server itself)
  job_history: ro,
  event_queue: ro,
  job_histories: ro,
  job_history_names: ro,
  event_queue_summary: ro,
  failed_events: ro,
  agents_summary: ro,
  connections_list: ro,
  // the audit trail: readable (admins, by policy), never writable through the data API
  audit_log: ro,
};

/** Functions served at `/api/db/rpc/{name}`. Only read functions belong here (RPC calls are not audited). */
export const EXPOSED_FUNCTIONS: readonly string[] = ['check_summary_for_config'];
