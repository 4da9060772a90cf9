import { sql } from 'kysely';
import type { Db } from '../identity.repo.js';
import type { UiContainer } from '../kratos/ui-node.js';

/** Kinds of self-service flow. */
export type FlowKind = 'login' | 'registration' | 'recovery' | 'verification' | 'settings';

/** A flow row. `internal` holds server-only state (e.g. the address a code went to). */
export interface FlowRow {
  id: string;
  kind: FlowKind;
  type: 'browser' | 'api';
  state: string;
  csrf_token: string;
  request_url: string;
  return_to: string | null;
  refresh: boolean;
  requested_aal: 'aal1' | 'aal2';
  identity_id: string | null;
  session_id: string | null;
  active: string | null;
  ui: UiContainer;
  internal: Record<string, unknown>;
  issued_at: Date;
  expires_at: Date;
  updated_at: Date;
}

/** Values of a new flow. */
export type NewFlow = Pick<
  FlowRow,
  'kind' | 'type' | 'state' | 'csrf_token' | 'request_url' | 'return_to' | 'ui' | 'expires_at'
> &
  Partial<Pick<FlowRow, 'refresh' | 'requested_aal' | 'identity_id' | 'session_id' | 'internal'>>;

/** Inserts a flow; its id is generated here and put into the action URL by the caller afterwards. */
export async function insertFlow(db: Db, flow: NewFlow & { id: string }): Promise<FlowRow> {
  const { rows } = await sql<FlowRow>`
    INSERT INTO selfservice_flows (id, kind, type, state, csrf_token, request_url, return_to, refresh, requested_aal,
      identity_id, session_id, ui, internal, expires_at)
    VALUES (${flow.id}, ${flow.kind}, ${flow.type}, ${flow.state}, ${flow.csrf_token}, ${flow.request_url}, ${flow.return_to},
      ${flow.refresh ?? false}, ${flow.requested_aal ?? 'aal1'}, ${flow.identity_id ?? null}, ${flow.session_id ?? null},
      ${JSON.stringify(flow.ui)}::jsonb, ${JSON.stringify(flow.internal ?? {})}::jsonb, ${flow.expires_at})
    RETURNING *`.execute(db);
  return rows[0] as FlowRow; // INSERT … RETURNING yields one row
}

/** Reads a flow by id (any kind); undefined for unknown or malformed ids. */
export async function getFlow(db: Db, id: string): Promise<FlowRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const { rows } = await sql<FlowRow>`SELECT * FROM selfservice_flows WHERE id = ${id}`.execute(db);
  return rows[0];
}

/** Saves the mutable parts of a flow after a submission. */
export async function saveFlow(db: Db, flow: FlowRow): Promise<void> {
  await sql`
    UPDATE selfservice_flows SET state = ${flow.state}, ui = ${JSON.stringify(flow.ui)}::jsonb,
      internal = ${JSON.stringify(flow.internal)}::jsonb, active = ${flow.active}, identity_id = ${flow.identity_id},
      updated_at = now()
    WHERE id = ${flow.id}`.execute(db);
}

/** Stores an error a browser is sent to, returning its id. */
export async function insertFlowError(db: Db, error: Record<string, unknown>): Promise<string> {
  const { rows } = await sql<{
    id: string;
  }>`INSERT INTO selfservice_errors (error) VALUES (${JSON.stringify(error)}::jsonb) RETURNING id`.execute(db);
  return (rows[0] as { id: string }).id; // INSERT … RETURNING yields one row
}

/** Reads a stored flow error. */
export async function getFlowError(
  db: Db,
  id: string,
): Promise<{ id: string; error: Record<string, unknown>; created_at: Date; updated_at: Date } | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const { rows } = await sql<{ id: string; error: Record<string, unknown>; created_at: Date; updated_at: Date }>`
    SELECT * FROM selfservice_errors WHERE id = ${id}`.execute(db);
  return rows[0];
}
