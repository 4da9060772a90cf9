/** SQL of heartbeat tokens (migration 0226) and the checks they belong to. */
import type pg from 'pg';

/** Where heartbeat statements run. */
export type Sql = pg.Pool | pg.PoolClient;

/** A live webhook check found by its token's hash, with what its run needs. */
export interface TokenCheck {
  check_id: string;
  name: string;
  spec: Record<string, unknown> | null;
  canary_name: string;
  canary_namespace: string;
}

/**
 * The live webhook check whose current token hashes to `hash` (one indexed probe whatever the answer, so an
 * unknown, replaced or revoked token costs the same).
 */
export async function checkByTokenHash(db: Sql, hash: string): Promise<TokenCheck | undefined> {
  const { rows } = await db.query<TokenCheck>(
    `SELECT c.id AS check_id, c.name, c.spec, cn.name AS canary_name, cn.namespace AS canary_namespace
     FROM heartbeat_tokens t JOIN checks c ON c.id = t.check_id JOIN canaries cn ON cn.id = c.canary_id
     WHERE t.token_hash = $1 AND c.type = 'webhook' AND c.deleted_at IS NULL AND cn.deleted_at IS NULL`,
    [hash],
  );
  return rows[0];
}

/** The webhook check `id` if it is live (undefined for another type or a deleted one). */
export async function liveWebhookCheck(db: Sql, id: string): Promise<{ id: string; type: string } | undefined> {
  const { rows } = await db.query<{ id: string; type: string }>(
    'SELECT id, type FROM checks WHERE id = $1 AND deleted_at IS NULL',
    [id],
  );
  return rows[0];
}

/** Stores a new token's hash and prefix for a check (replacing any earlier one). */
export async function storeToken(
  db: Sql,
  checkId: string,
  token: { hash: string; prefix: string },
  issuedBy: string | null,
): Promise<Date> {
  const { rows } = await db.query<{ issued_at: Date }>(
    `INSERT INTO heartbeat_tokens (check_id, token_hash, token_prefix, issued_by, issued_at, revoked_at)
     VALUES ($1, $2, $3, $4, now(), NULL)
     ON CONFLICT (check_id) DO UPDATE SET token_hash = EXCLUDED.token_hash, token_prefix = EXCLUDED.token_prefix,
       issued_by = EXCLUDED.issued_by, issued_at = EXCLUDED.issued_at, revoked_at = NULL
     RETURNING issued_at`,
    [checkId, token.hash, token.prefix, issuedBy],
  );
  return (rows[0] as { issued_at: Date }).issued_at; // INSERT … RETURNING gives the row
}

/** Revokes a check's token; false when it had none. */
export async function revokeToken(db: Sql, checkId: string): Promise<boolean> {
  const { rowCount } = await db.query(
    'UPDATE heartbeat_tokens SET token_hash = NULL, token_prefix = NULL, revoked_at = now() WHERE check_id = $1 AND token_hash IS NOT NULL',
    [checkId],
  );
  return (rowCount ?? 0) > 0;
}

/** Notes when a call arrived. */
export async function touchToken(db: Sql, checkId: string, at: Date): Promise<void> {
  await db.query('UPDATE heartbeat_tokens SET last_call_at = $2 WHERE check_id = $1', [checkId, at]);
}

/** A check's token row as the state shows it. */
export interface TokenStateRow {
  issued_at: Date | null;
  last_call_at: Date | null;
  active: boolean;
  token_prefix: string | null;
}

/** Whether a check has a live token, its prefix, when it was issued and when the last call came. */
export async function tokenState(db: Sql, checkId: string): Promise<TokenStateRow | undefined> {
  const { rows } = await db.query<TokenStateRow>(
    `SELECT issued_at, last_call_at, token_hash IS NOT NULL AS active, token_prefix
     FROM heartbeat_tokens WHERE check_id = $1`,
    [checkId],
  );
  return rows[0];
}
