import { sql } from 'kysely';
import type { Db } from '../identity.repo.js';

/** Stores the hash of an emailed one-time code for a flow (earlier codes of the flow stop working). */
export async function insertCode(
  db: Db,
  values: { flowId: string; identityId: string | null; address: string; codeHash: string; expiresAt: Date },
): Promise<void> {
  await sql`UPDATE selfservice_codes SET used_at = now() WHERE flow_id = ${values.flowId} AND used_at IS NULL`.execute(
    db,
  );
  await sql`
    INSERT INTO selfservice_codes (flow_id, identity_id, address, code_hash, expires_at)
    VALUES (${values.flowId}, ${values.identityId}, ${values.address}, ${values.codeHash}, ${values.expiresAt})`.execute(
    db,
  );
}

/** Uses the live code of a flow matching `codeHash`; returns its address and identity, once. */
export async function consumeCode(
  db: Db,
  flowId: string,
  codeHash: string,
): Promise<{ address: string; identity_id: string | null } | undefined> {
  const { rows } = await sql<{ address: string; identity_id: string | null }>`
    UPDATE selfservice_codes SET used_at = now()
    WHERE flow_id = ${flowId} AND code_hash = ${codeHash} AND used_at IS NULL AND expires_at > now()
    RETURNING address, identity_id`.execute(db);
  return rows[0];
}
