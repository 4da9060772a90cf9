/** SQL of the send history: one row per message attempt (upstream `notification_send_history`). */
import type { NotificationSendStatus } from '@mc/contracts';
import type { FinishStatement } from '../jobs/index.js';
import type { RuleRow } from './rules.repo.js';
import type { Sql } from './sql.js';

/** A new history row. */
export interface NewHistory {
  notification_id: string;
  source_event: string;
  resource_id: string;
  resource_health: string | null;
  resource_status: string | null;
  resource_health_description: string | null;
  status: NotificationSendStatus;
  body: string | null;
  payload: Record<string, unknown> | null;
  not_before: Date | null;
  person_id: string | null;
  team_id: string | null;
  connection_id: string | null;
  silenced_by: string | null;
  /** The maintenance window that held the message (migration 0225). */
  maintenance_window_id?: string | null;
  group_id: string | null;
  parent_id: string | null;
  error: string | null;
  created_at: Date;
}

/** A stored history row. */
export interface HistoryRow extends NewHistory {
  id: string;
  count: number;
  retries: number;
  duration_millis: number | null;
}

/** The columns a new history row is written with (here and by the consumer's one statement, consume.repo.ts). */
export const HISTORY_COLUMNS = [
  'notification_id',
  'source_event',
  'resource_id',
  'resource_health',
  'resource_status',
  'resource_health_description',
  'status',
  'body',
  'payload',
  'not_before',
  'person_id',
  'team_id',
  'connection_id',
  'silenced_by',
  'maintenance_window_id',
  'group_id',
  'parent_id',
  'error',
  'created_at',
] as const;

/** Inserts one row; `first_observed` is its creation time. */
export async function insertHistory(db: Sql, row: NewHistory): Promise<HistoryRow> {
  const values = HISTORY_COLUMNS.map((column) =>
    column === 'payload' && row.payload !== null ? JSON.stringify(row.payload) : (row[column] ?? null),
  );
  const { rows } = await db.query<HistoryRow>(
    `INSERT INTO notification_send_history (${HISTORY_COLUMNS.join(', ')}, first_observed)
     VALUES (${HISTORY_COLUMNS.map((_, i) => `$${i + 1}`).join(', ')}, $${HISTORY_COLUMNS.indexOf('created_at') + 1}) RETURNING *`,
    values,
  );
  return rows[0] as HistoryRow; // INSERT … RETURNING gives the row
}

/**
 * One row by id with its live rule (undefined when the rule is deleted), in one round trip: the sender
 * read them one after the other for every message (issue 32 item 5).
 */
export async function historyWithRule(
  db: Sql,
  id: string,
): Promise<{ row: HistoryRow; rule: RuleRow | undefined } | undefined> {
  const { rows } = await db.query<HistoryRow & { rule__: Record<string, unknown> | null }>(
    `SELECT h.*, to_jsonb(n) AS rule__ FROM notification_send_history h
     LEFT JOIN notifications n ON n.id = h.notification_id AND n.deleted_at IS NULL
     WHERE h.id = $1`,
    [id],
  );
  const found = rows[0];
  if (!found) return undefined;
  const { rule__: json, ...row } = found;
  if (!json) return { row, rule: undefined };
  // jsonb spells timestamps as text; the rule's other columns keep the types RuleRow allows
  const date = (value: unknown) => (typeof value === 'string' ? new Date(value) : null);
  const rule = {
    ...json,
    created_at: date(json.created_at),
    updated_at: date(json.updated_at),
    deleted_at: date(json.deleted_at),
  } as unknown as RuleRow;
  return { row, rule };
}

/**
 * The newest message of `rule` about `resource` for `event` sent (or on its way) since `since`: a
 * repeat within the interval is suppressed.
 */
export async function lastDelivered(
  db: Sql,
  rule: string,
  resource: string,
  event: string,
  since: Date,
  excluding?: string,
): Promise<HistoryRow | undefined> {
  const { rows } = await db.query<HistoryRow>(
    `SELECT * FROM notification_send_history
     WHERE notification_id = $1 AND resource_id = $2 AND source_event = $3 AND created_at >= $4
       AND status IN ('sent', 'pending') AND id IS DISTINCT FROM $5::uuid
     ORDER BY created_at DESC LIMIT 1`,
    [rule, resource, event, since, excluding ?? null],
  );
  return rows[0];
}

/** A failure message of `rule` about one of `resources` delivered since `since` (the inhibiting parent). */
export async function parentFailure(
  db: Sql,
  rule: string,
  resources: string[],
  since: Date,
): Promise<HistoryRow | undefined> {
  if (resources.length === 0) return undefined;
  const { rows } = await db.query<HistoryRow>(
    `SELECT * FROM notification_send_history
     WHERE notification_id = $1 AND resource_id = ANY ($2::uuid[]) AND created_at >= $3
       AND status IN ('sent', 'pending', 'evaluating-waitfor', 'inhibited')
       AND source_event IN ('check.failed', 'config.unhealthy', 'component.unhealthy', 'playbook.run.failed')
     ORDER BY created_at DESC LIMIT 1`,
    [rule, resources, since],
  );
  return rows[0];
}

/**
 * The open group of `rule` with key `group` (a lead row still waiting to send), if any. Call inside the
 * writing transaction: it takes the group's advisory lock first, so consumers handling a burst side by
 * side see each other's lead instead of each opening one.
 */
export async function openGroupLead(db: Sql, rule: string, group: string, at: Date): Promise<HistoryRow | undefined> {
  await db.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`notification-group:${group}`]);
  const { rows } = await db.query<HistoryRow>(
    `SELECT * FROM notification_send_history
     WHERE notification_id = $1 AND group_id = $2::uuid AND parent_id IS NULL AND status = 'pending' AND not_before > $3
     ORDER BY created_at LIMIT 1 FOR UPDATE`,
    [rule, group, at],
  );
  return rows[0];
}

/** Adds one resource to an open group's lead row (its count and its list of grouped resources). */
export async function joinGroup(db: Sql, lead: string, member: { id: string; name: string }): Promise<void> {
  await db.query(
    `UPDATE notification_send_history SET count = count + 1,
       payload = jsonb_set(COALESCE(payload, '{}'), '{grouped}', COALESCE(payload -> 'grouped', '[]') || $2::jsonb)
     WHERE id = $1`,
    [lead, JSON.stringify([member])],
  );
}

/** What an attempt learnt about a row. */
export interface HistorySettlement {
  status: NotificationSendStatus;
  error?: string | null;
  durationMs?: number;
  retries?: number;
  body?: string;
  /** The playbook run a playbook recipient started. */
  playbookRunId?: string;
}

/**
 * The statement settling a row, for the send job to run with its own completion (one round trip:
 * `JobResult.finishWith`) or for {@link settleHistory} to run alone.
 */
export function settleHistoryStatement(id: string, change: HistorySettlement): FinishStatement {
  return {
    text: `UPDATE notification_send_history SET status = $2, error = $3, duration_millis = COALESCE($4, duration_millis),
       retries = COALESCE($5, retries), body = COALESCE($6, body), playbook_run_id = COALESCE($7, playbook_run_id)
     WHERE id = $1`,
    values: [
      id,
      change.status,
      change.error ?? null,
      change.durationMs ?? null,
      change.retries ?? null,
      change.body ?? null,
      change.playbookRunId ?? null,
    ],
  };
}

/** Settles a row: its status and what the attempt learnt. */
export async function settleHistory(db: Sql, id: string, change: HistorySettlement): Promise<void> {
  const { text, values } = settleHistoryStatement(id, change);
  await db.query(text, values);
}

/** Settles the still-pending members of a group with their lead's outcome. */
export async function settleGroupMembers(
  db: Sql,
  leadId: string,
  groupId: string,
  status: NotificationSendStatus,
  error: string | null,
): Promise<void> {
  await db.query(
    `UPDATE notification_send_history SET status = $3, error = $4 WHERE parent_id = $1 AND group_id = $2 AND status = 'pending'`,
    [leadId, groupId, status, error],
  );
}

/** Records the silence (or maintenance window) that covers a row. */
export async function markSilenced(db: Sql, id: string, holdId: string, maintenance = false): Promise<void> {
  const column = maintenance ? 'maintenance_window_id' : 'silenced_by';
  await db.query(`UPDATE notification_send_history SET ${column} = $2 WHERE id = $1`, [id, holdId]);
}

/** Deletes rows older than `days`, at most `batch`; returns how many. */
export async function pruneHistory(db: Sql, days: number, batch: number): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM notification_send_history WHERE id IN (
       SELECT id FROM notification_send_history WHERE created_at < now() - make_interval(days => $1) LIMIT $2)`,
    [days, batch],
  );
  return rowCount ?? 0;
}
