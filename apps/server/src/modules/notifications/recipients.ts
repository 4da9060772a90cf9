/**
 * Where a rule's message goes: its connection, a person's own channel (the person's
 * `properties.notifications.connection`: a connection id or connection://namespace/name), or email — a
 * person's address, a team's members'
 * addresses, or a literal address — through the email connection named by the property
 * `notifications.smtp.connection` (an id or connection://namespace/name), else the first email
 * connection by name.
 */
import { AppError } from '../../platform/errors.js';
import type { ConnectionsService, ResolvedConnection } from '../connections/index.js';
import type { RuleRow } from './rules.repo.js';
import type { Sql } from './sql.js';

/** The property naming the email connection that mails people and teams. */
export const SMTP_CONNECTION_PROPERTY = 'notifications.smtp.connection';

/** A resolved destination: a connection and, for email, the addresses. */
export interface Destination {
  connection: ResolvedConnection;
  to?: string[];
}

async function defaultSmtp(db: Sql, connections: ConnectionsService): Promise<ResolvedConnection> {
  const { rows: property } = await db.query<{ value: string }>(
    'SELECT value FROM properties WHERE name = $1 AND deleted_at IS NULL',
    [SMTP_CONNECTION_PROPERTY],
  );
  const named = property[0]?.value?.trim();
  if (named) return connections.resolveConnection(named, null);
  const { rows } = await db.query<{ id: string }>(
    "SELECT id FROM connections WHERE type = 'email' AND deleted_at IS NULL ORDER BY name, id LIMIT 1",
  );
  const first = rows[0];
  if (!first) {
    throw new AppError(
      'bad_request',
      'No email connection to mail people: add an email connection in Settings → Connections',
    );
  }
  return connections.resolveConnection(first.id, null);
}

/**
 * The destination of a rule. The rule's own connection is resolved with the rights of whoever last saved
 * it (docs/connections.md "Who may use a connection"); the SMTP connection of the administrators' property
 * and a person's own channel are the system's choice and the person's, not the rule's.
 */
export async function destinationOf(db: Sql, connections: ConnectionsService, rule: RuleRow): Promise<Destination> {
  const service = rule.custom_services?.[0];
  if (service?.connection)
    return { connection: await connections.resolveConnection(service.connection, rule.saved_by) };
  let to: string[] = [];
  if (service?.email) to = [service.email];
  else if (rule.person_id) {
    const { rows } = await db.query<{ email: string | null; channel: string | null }>(
      `SELECT email, properties -> 'notifications' ->> 'connection' AS channel FROM people WHERE id = $1`,
      [rule.person_id],
    );
    const channel = rows[0]?.channel?.trim();
    if (channel) return { connection: await connections.resolveConnection(channel, null) };
    to = rows.flatMap((row) => (row.email ? [row.email] : []));
  } else if (rule.team_id) {
    const { rows } = await db.query<{ email: string | null }>(
      `SELECT p.email FROM team_members m JOIN people p ON p.id = m.person_id
       WHERE m.team_id = $1 AND p.deleted_at IS NULL AND p.email IS NOT NULL ORDER BY p.email`,
      [rule.team_id],
    );
    to = rows.flatMap((row) => (row.email ? [row.email] : []));
  }
  if (to.length === 0) throw new AppError('bad_request', 'The rule has no recipient address');
  return { connection: await defaultSmtp(db, connections), to };
}
