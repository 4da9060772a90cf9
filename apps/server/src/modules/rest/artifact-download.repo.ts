/** The read of the artifact download redirect (artifact-download.ts). */
import type { Tables } from '@mc/db';
import { type Kysely, sql } from 'kysely';

/** The run (through the artifact's action) and the check an artifact belongs to; both null when unknown. */
export async function artifactParent(
  db: Kysely<Tables>,
  id: string,
): Promise<{ runId: string | null; checkId: string | null }> {
  const { rows } = await sql<{ run_id: string | null; check_id: string | null }>`
    SELECT a.check_id, pra.playbook_run_id AS run_id
    FROM artifacts a LEFT JOIN playbook_run_actions pra ON pra.id = a.playbook_run_action_id
    WHERE a.id = ${id}::uuid`.execute(db);
  return { runId: rows[0]?.run_id ?? null, checkId: rows[0]?.check_id ?? null };
}
