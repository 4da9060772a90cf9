/** SQL of relayed log searches (`agent_log_queries`, migration 0125): queue, claim, answer, collect. */
import type { Queryable } from '@mc/db';

/** Queued searches older than this are purged (their waiter gave up long ago). */
export const LOG_QUERY_PURGE_AFTER = '5 minutes';
/** Most searches one agent poll claims. */
export const LOG_QUERY_CLAIM_LIMIT = 10;

/** An agent as the relay needs it: name and when it last called. */
export interface RelayAgentRow {
  name: string;
  last_seen: Date | null;
  seen_seconds_ago: number | null;
}

/** The live agent, or undefined. */
export async function relayAgent(db: Queryable, agentId: string): Promise<RelayAgentRow | undefined> {
  const { rows } = await db.query<RelayAgentRow>(
    `SELECT name, last_seen, extract(epoch FROM now() - last_seen)::float8 AS seen_seconds_ago
       FROM agents WHERE id = $1 AND deleted_at IS NULL`,
    [agentId],
  );
  return rows[0];
}

/** Queues a search for the agent (and purges abandoned ones); answers its id. */
export async function queueLogQuery(db: Queryable, agentId: string, request: unknown): Promise<string> {
  await db.query(`DELETE FROM agent_log_queries WHERE created_at < now() - interval '${LOG_QUERY_PURGE_AFTER}'`);
  const { rows } = await db.query<{ id: string }>(
    'INSERT INTO agent_log_queries (agent_id, request) VALUES ($1, $2::jsonb) RETURNING id',
    [agentId, JSON.stringify(request)],
  );
  const id = rows[0]?.id;
  if (!id) throw new Error('agent_log_queries insert returned no row');
  return id;
}

/** The answer of a search once the agent gave it. */
export async function answerOf(db: Queryable, id: string): Promise<unknown | undefined> {
  const { rows } = await db.query<{ answer: unknown }>(
    "SELECT answer FROM agent_log_queries WHERE id = $1 AND state = 'answered'",
    [id],
  );
  return rows[0]?.answer;
}

/** Forgets a search (answered, given up or abandoned). */
export async function dropLogQuery(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM agent_log_queries WHERE id = $1', [id]);
}

/** Claims the agent's pending searches, oldest first; each is handed to one poll only. */
export async function claimLogQueries(db: Queryable, agentId: string): Promise<{ id: string; request: unknown }[]> {
  const { rows } = await db.query<{ id: string; request: unknown }>(
    `UPDATE agent_log_queries SET state = 'taken', taken_at = now()
      WHERE id IN (SELECT id FROM agent_log_queries WHERE agent_id = $1 AND state = 'pending'
                    ORDER BY created_at LIMIT ${LOG_QUERY_CLAIM_LIMIT} FOR UPDATE SKIP LOCKED)
      RETURNING id, request`,
    [agentId],
  );
  return rows;
}

/** Stores the agent's answer to a search it claimed; false when there is no such search waiting. */
export async function storeLogAnswer(db: Queryable, agentId: string, id: string, answer: unknown): Promise<boolean> {
  const result = await db.query(
    `UPDATE agent_log_queries SET state = 'answered', answer = $3::jsonb, answered_at = now()
      WHERE id = $1 AND agent_id = $2 AND state = 'taken'`,
    [id, agentId, JSON.stringify(answer)],
  );
  return (result.rowCount ?? 0) > 0;
}
