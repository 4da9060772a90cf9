/** SQL of playbook recipients: the playbook a rule names, and the run a history row already started. */
import type { Sql } from './sql.js';

/** A live playbook as a rule's save-time checks read it. */
export interface PlaybookRef {
  id: string;
  name: string;
  namespace: string;
  spec: Record<string, unknown> | null;
}

/**
 * The live playbook named by `ref`: its id, `namespace/name`, or a name (the `default` namespace's
 * first, then by namespace).
 */
export async function livePlaybook(db: Sql, ref: string): Promise<PlaybookRef | undefined> {
  const { rows } = await db.query<PlaybookRef>(
    `SELECT id, name, namespace, spec FROM playbooks
     WHERE deleted_at IS NULL AND (id::text = $1 OR namespace || '/' || name = $1 OR name = $1)
     ORDER BY (id::text = $1) DESC, (namespace || '/' || name = $1) DESC, (namespace = 'default') DESC, namespace
     LIMIT 1`,
    [ref],
  );
  return rows[0];
}

/**
 * The run a history row's delivery already started: the audit row of `playbook.run` written with the
 * run, in its transaction, by the row's own system actor (audit_log_actor_idx).
 */
export async function runStartedBy(db: Sql, actorName: string): Promise<string | undefined> {
  const { rows } = await db.query<{ run_id: string | null }>(
    `SELECT target_ids[1] AS run_id FROM audit_log
     WHERE actor_id = $1 AND actor_kind = 'system' AND action = 'playbook.run' LIMIT 1`,
    [actorName],
  );
  return rows[0]?.run_id ?? undefined;
}
