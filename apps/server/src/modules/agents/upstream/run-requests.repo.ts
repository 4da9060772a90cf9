/** SQL of the Run Now requests agents fetch (`agent_run_requests`, migration 0156). */
import { AGENT_RUN_REQUEST_TTL_SECONDS, type AgentRunRequest } from '@mc/contracts';
import type { Queryable } from '@mc/db';

/**
 * Claims and removes the agent's Run Now requests still in time, with each check's canary; each is
 * handed to one poll only (`FOR UPDATE SKIP LOCKED`, on any replica).
 */
export async function claimRunRequests(db: Queryable, agentId: string): Promise<AgentRunRequest[]> {
  const { rows } = await db.query<AgentRunRequest>(
    `WITH claimed AS (
       DELETE FROM agent_run_requests r USING (
         SELECT agent_id, check_id FROM agent_run_requests WHERE agent_id = $1
            AND requested_at > now() - make_interval(secs => $2) FOR UPDATE SKIP LOCKED) q
        WHERE r.agent_id = q.agent_id AND r.check_id = q.check_id
       RETURNING r.check_id)
     SELECT c.check_id, k.canary_id FROM claimed c JOIN checks k ON k.id = c.check_id AND k.deleted_at IS NULL
     ORDER BY c.check_id`,
    [agentId, AGENT_RUN_REQUEST_TTL_SECONDS],
  );
  return rows;
}
