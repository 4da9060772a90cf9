/**
 * A rule's document (`kind: Notification`, upstream's format) to its row and back. Recipients given by
 * email, name or `connection://namespace/name` are resolved to ids here, so a rule naming nobody real is
 * refused when saved rather than failing at delivery.
 */
import { type NotificationDocument, notificationDocumentSchema, parseDurationMs } from '@mc/contracts';
import { AppError } from '../../platform/errors.js';
import { expressionError } from '../health/index.js';
import { type MayRunPlaybook, resolvePlaybookRecipient } from './playbook-recipient.js';
import type { RuleColumns, RuleRow } from './rules.repo.js';
import type { Sql } from './sql.js';

/** The API version of the document. */
export const NOTIFICATION_API_VERSION = 'mission-control.flanksource.com/v1';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Validates a body as a rule document; 400 with every problem, each prefixed by its path. */
export function parseRuleDocument(body: unknown): NotificationDocument {
  const parsed = notificationDocumentSchema.safeParse(body);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const path = issue.path.join('.');
      return issue.message.startsWith(path) || !path ? issue.message : `${path}: ${issue.message}`;
    });
    throw new AppError('bad_request', problems.join('; '), parsed.error.issues);
  }
  const filter = parsed.data.spec.filter?.trim();
  if (filter) {
    const problem = expressionError(filter);
    if (problem) throw new AppError('bad_request', `spec.filter: ${problem}`);
  }
  return parsed.data;
}

async function firstId(db: Sql, text: string, value: string): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string }>(text, [value]);
  return rows[0]?.id;
}

const seconds = (text: string | undefined): number | null =>
  text ? Math.round((parseDurationMs(text) ?? 0) / 1000) : null;

/**
 * The row columns of a valid document, recipients resolved; a playbook recipient is checked against the
 * playbook and `mayRun` (the author's permission to run it).
 */
export async function columnsOf(db: Sql, doc: NotificationDocument, mayRun: MayRunPlaybook): Promise<RuleColumns> {
  const to = doc.spec.to;
  let personId: string | null = null;
  let playbookId: string | null = null;
  let teamId: string | null = null;
  let services: RuleColumns['custom_services'] = null;
  if (to.person) {
    personId =
      (await firstId(
        db,
        `SELECT id FROM people WHERE deleted_at IS NULL AND (lower(email) = lower($1) OR id::text = $1) LIMIT 1`,
        to.person,
      )) ?? null;
    if (!personId) throw new AppError('bad_request', `to.person: no person '${to.person}'`);
  } else if (to.team) {
    teamId =
      (await firstId(
        db,
        `SELECT id FROM teams WHERE deleted_at IS NULL AND (name = $1 OR id::text = $1) LIMIT 1`,
        to.team,
      )) ?? null;
    if (!teamId) throw new AppError('bad_request', `to.team: no team '${to.team}'`);
  } else if (to.connection) {
    const match = /^connection:\/\/([^/]+)\/([^/]+)$/.exec(to.connection);
    if (!match && !UUID.test(to.connection)) {
      throw new AppError('bad_request', 'to.connection: use a connection id or connection://<namespace>/<name>');
    }
    const id = match
      ? await firstId(
          db,
          `SELECT id FROM connections WHERE deleted_at IS NULL AND (namespace || '/' || name = $1 OR type || '/' || name = $1) LIMIT 1`,
          `${match[1]}/${match[2]}`,
        )
      : await firstId(db, 'SELECT id FROM connections WHERE deleted_at IS NULL AND id = $1', to.connection);
    if (!id) throw new AppError('bad_request', `to.connection: no connection '${to.connection}'`);
    services = [{ connection: id }];
  } else if (to.email) {
    services = [{ email: to.email }];
  } else if (to.playbook) {
    playbookId = await resolvePlaybookRecipient(db, doc, mayRun);
  }
  return {
    name: doc.metadata.name,
    namespace: doc.metadata.namespace,
    events: doc.spec.events,
    title: doc.spec.title?.trim() || null,
    template: doc.spec.template?.trim() || null,
    filter: doc.spec.filter?.trim() || null,
    properties: { to },
    person_id: personId,
    team_id: teamId,
    playbook_id: playbookId,
    custom_services: services,
    repeat_interval: doc.spec.repeatInterval ?? null,
    wait_for: seconds(doc.spec.waitFor),
    group_by: doc.spec.groupBy?.length ? doc.spec.groupBy : null,
    group_by_interval: seconds(doc.spec.groupByInterval),
    inhibitions: doc.spec.inhibitions?.length ? doc.spec.inhibitions : null,
  };
}

const durationText = (value: string | number | null): string | undefined =>
  value === null || value === undefined ? undefined : `${Number(value)}s`;

/** The document of a stored rule, as the resource editor shows it. */
export function documentOf(row: RuleRow): Record<string, unknown> {
  const to = (row.properties?.to as Record<string, string> | undefined) ?? {
    ...(row.person_id ? { person: row.person_id } : {}),
    ...(row.team_id ? { team: row.team_id } : {}),
    ...(row.custom_services?.[0]?.connection ? { connection: row.custom_services[0].connection } : {}),
    ...(row.custom_services?.[0]?.email ? { email: row.custom_services[0].email } : {}),
    ...(row.playbook_id ? { playbook: row.playbook_id } : {}),
  };
  const spec: Record<string, unknown> = { events: row.events, to };
  if (row.filter) spec.filter = row.filter;
  if (row.title) spec.title = row.title;
  if (row.template) spec.template = row.template;
  if (row.repeat_interval) spec.repeatInterval = row.repeat_interval;
  if (row.wait_for !== null) spec.waitFor = durationText(row.wait_for);
  if (row.group_by?.length) spec.groupBy = row.group_by;
  if (row.group_by_interval !== null) spec.groupByInterval = durationText(row.group_by_interval);
  if (row.inhibitions?.length) spec.inhibitions = row.inhibitions;
  return {
    apiVersion: NOTIFICATION_API_VERSION,
    kind: 'Notification',
    metadata: { name: row.name, namespace: row.namespace },
    spec,
  };
}
