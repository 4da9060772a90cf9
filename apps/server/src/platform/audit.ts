import type { Database, Tables } from '@mc/db';
import { sql, type Transaction } from 'kysely';
import { redact } from './log-redaction.js';
import type { Actor } from './request-context.js';

/** Column names that hold credentials anywhere in the schema: never shown by the data API, masked in audit rows. */
export const SECRET_COLUMN_NAMES: readonly string[] = [
  'password',
  'certificate',
  'secret',
  'client_secret',
  'private_key',
  'api_key',
  'token',
  'access_token',
  'refresh_token',
  'csrf_token',
  'bearer_token',
];

/** Per-table secrets whose name alone does not say so (a connection's username is a credential). */
const TABLE_SECRETS: Readonly<Record<string, readonly string[]>> = {
  connections: ['username', 'password', 'certificate'],
};

const SECRET_SUFFIX = /(_hash|_secret|_token|_password|_key)$/;

/** True when `column` of `table` holds a credential or secret (by the shared list, suffix, or table rule). */
export function isSecretColumn(table: string, column: string): boolean {
  return SECRET_COLUMN_NAMES.includes(column) || SECRET_SUFFIX.test(column) || !!TABLE_SECRETS[table]?.includes(column);
}

/** What replaces a secret value in an audit row (a null secret stays null: "was unset" is not a secret). */
export const MASK = '********';

type JsonObject = Record<string, unknown>;

/** One changed record: its id and its before/after images (null before = created, null after = deleted). */
export interface AuditRecord {
  id: string | null;
  before: object | null;
  after: object | null;
}

/** One audit entry: one row in `audit_log` per mutating request (see docs/audit.md). */
export interface AuditEntry {
  actor: Actor;
  /** create | update | delete | upsert, or a route's verb such as `incident.resolve`. */
  action: string;
  /** The table (`checks`) or route (`POST /api/incidents/:id/resolve`) that was changed. */
  target: string;
  requestId?: string | null;
  /** Changed records with their images; the diff and masking happen here. */
  records?: readonly AuditRecord[];
  /** Shorthand for a single record: ids plus one before/after pair. */
  ids?: readonly string[];
  before?: object | null;
  after?: object | null;
}

/** Anything with `query(text, params)`: a `pg` pool client inside a transaction, or the pool itself. */
export interface Queryable {
  query(text: string, params?: unknown[]): Promise<unknown>;
}

/**
 * A secret column's value becomes {@link MASK}; every other value goes through the log redactor, so a
 * secret nested in a JSON column (a spec's `password`, a URL's `user:pass@`, a `token=` parameter) is
 * not kept either (issue 25).
 */
function mask(table: string, image: object | null): JsonObject | null {
  if (!image) return null;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(image)) {
    out[key] = value !== null && isSecretColumn(table, key) ? MASK : redact(value);
  }
  return out;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The stored difference of one record: a create keeps the whole new row, a delete the whole old row,
 * an update only the keys whose value changed (old values in `before`, new in `after`). Secret values
 * are masked, so a changed password shows as changed without showing either value.
 */
export function diffRecord(table: string, record: AuditRecord): AuditRecord {
  const before = record.before as JsonObject | null;
  const after = record.after as JsonObject | null;
  if (!before || !after) return { id: record.id, before: mask(table, before), after: mask(table, after) };
  const changedBefore: JsonObject = {};
  const changedAfter: JsonObject = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (sameJson(before[key], after[key])) continue;
    changedBefore[key] = before[key] ?? null;
    changedAfter[key] = after[key] ?? null;
  }
  return { id: record.id, before: mask(table, changedBefore), after: mask(table, changedAfter) };
}

function actorColumns(actor: Actor): { kind: string; id: string | null } {
  if (actor.kind === 'person') return { kind: 'person', id: actor.id };
  if (actor.kind === 'system') return { kind: 'system', id: actor.name };
  return { kind: 'anonymous', id: null };
}

function toRow(entry: AuditEntry): unknown[] {
  const table = entry.target;
  const records = entry.records ?? [
    { id: entry.ids?.join(',') ?? null, before: entry.before ?? null, after: entry.after ?? null },
  ];
  const changes = records.map((r) => diffRecord(table, r));
  const ids = entry.ids ?? records.map((r) => r.id).filter((id): id is string => id !== null);
  const actor = actorColumns(entry.actor);
  const organization = entry.actor.kind === 'person' ? (entry.actor.organization ?? null) : null;
  return [
    actor.kind,
    actor.id,
    entry.action,
    entry.target,
    ids,
    JSON.stringify(changes),
    entry.requestId ?? null,
    organization,
  ];
}

const INSERT_AUDIT = `INSERT INTO audit_log (actor_kind, actor_id, action, target, target_ids, changes, request_id,
  organization_id) VALUES ($1, $2, $3, $4, $5::text[], $6::jsonb, $7, $8)`;

/**
 * Writes one audit row. Call it with the SAME client (or Kysely transaction, see {@link recordAuditIn})
 * that made the change, inside its transaction, so a rolled-back change leaves no audit row and a
 * committed one always has its row.
 */
export async function recordAudit(client: Queryable, entry: AuditEntry): Promise<void> {
  await client.query(INSERT_AUDIT, toRow(entry));
}

/** {@link recordAudit} for repositories that run their transaction through Kysely (`db.transaction()`). */
export async function recordAuditIn(trx: Transaction<Tables>, entry: AuditEntry): Promise<void> {
  const [kind, id, action, target, ids, changes, requestId, organization] = toRow(entry);
  await sql`INSERT INTO audit_log (actor_kind, actor_id, action, target, target_ids, changes, request_id, organization_id)
    VALUES (${kind}, ${id}, ${action}, ${target}, ${ids}::text[], ${changes}::jsonb, ${requestId}, ${organization})`.execute(
    trx,
  );
}

/** Who made a change and in which request: what a service needs to audit it. */
export interface AuditContext {
  actor: Actor;
  requestId?: string | null;
}

/** What a change reports about itself; the actor and request come from the {@link AuditContext}. */
export type AuditChange = Omit<AuditEntry, 'actor' | 'requestId'>;

/**
 * Runs `work` in one transaction over a {@link Database} bound to it and writes the audit row it reports
 * (null: nothing changed, no row) before COMMIT, so the change and its audit row land or vanish together.
 * Inside `work`, use only `tx.db` (never a pool query: the embedded engine has one connection).
 */
export async function auditedTransaction<T>(
  database: Database,
  context: AuditContext,
  work: (tx: Database) => Promise<{ value: T; audit: AuditChange | null }>,
): Promise<T> {
  return database.db.transaction().execute(async (trx) => {
    const { value, audit } = await work({ ...database, db: trx });
    if (audit) await recordAuditIn(trx, { ...audit, actor: context.actor, requestId: context.requestId ?? null });
    return value;
  });
}

/** The person behind a change, for created_by columns; null for system or anonymous callers. */
export function actorPersonId(context: AuditContext): string | null {
  return context.actor.kind === 'person' ? context.actor.id : null;
}
