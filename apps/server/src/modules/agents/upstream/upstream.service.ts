import { type AgentCanary, type AgentPushAnswer, type AgentRunRequest, agentPushSchema } from '@mc/contracts';
import type { Database } from '@mc/db';
import { AppError } from '../../../platform/errors.js';
import { locatedChecksOf, recordLocationResults, recordResults } from '../../health/index.js';
import { hashAgentToken } from '../agents.service.js';
import { claimRunRequests } from './run-requests.repo.js';
import { type AgentPrincipal, upstreamRepo } from './upstream.repo.js';

/** What an agent reports about itself on every call (headers X-Agent-Version, X-Agent-Hostname). */
export interface AgentSighting {
  version?: string;
  hostname?: string;
}

const clip = (value: string | undefined) => (value ? value.slice(0, 200) : undefined);

/**
 * The upstream side of agents (spec 000 §3; docs/agents.md): an agent authenticates with the token
 * `POST /api/agent/generate` gave it, pulls the canaries assigned to it and pushes their results. A
 * push is idempotent per result key (agent_push_receipts), stored with the scheduler's result writer
 * in one transaction with its receipts, so a retried or replayed push never stores a result twice and
 * a failed one stores nothing.
 */
export function upstreamService(database: Database) {
  const repo = upstreamRepo(database);
  return {
    /** The live agent of a bearer token, or a 401. */
    async authenticate(authorization: string | undefined): Promise<AgentPrincipal> {
      const token = /^Bearer\s+(mca_[A-Za-z0-9_-]{10,100})$/.exec(authorization ?? '')?.[1];
      const agent = token ? await repo.agentByTokenHash(hashAgentToken(token)) : undefined;
      if (!agent) throw new AppError('unauthorized', 'A valid agent token is required (Authorization: Bearer mca_…)');
      return agent;
    },
    async canaries(agent: AgentPrincipal, seen: AgentSighting): Promise<AgentCanary[]> {
      await repo.touch(agent.id, { version: clip(seen.version), hostname: clip(seen.hostname) });
      return repo.assignedCanaries(agent);
    },
    async push(agent: AgentPrincipal, body: unknown, seen: AgentSighting): Promise<AgentPushAnswer> {
      const parsed = agentPushSchema.safeParse(body ?? {});
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
        throw new AppError('bad_request', `${where}${issue?.message ?? 'Invalid push'}`);
      }
      const results = parsed.data.results;
      const answer = await database.db.transaction().execute(async (tx) => {
        const ids = [...new Set(results.map((result) => result.check_id))];
        const owned = await repo.ownedChecks(tx, agent.id, ids);
        // Only a check not the agent's, or one of a canary naming locations, can be one of its locations:
        // the usual push (every check the agent's own, no locations) asks nothing more.
        const located = await locatedChecksOf(
          tx,
          agent.name,
          ids.filter((id) => owned.get(id) !== false),
        );
        const accepted = (checkId: string) => owned.has(checkId) || located.has(checkId);
        const refused = results
          .filter((result) => !accepted(result.check_id))
          .map((result) => ({ key: result.key, reason: `check ${result.check_id} is not assigned to this agent` }));
        const mine = results.filter((result) => accepted(result.check_id));
        const seen = await repo.receipt(tx, agent.id, [...new Set(mine.map((result) => result.key))]);
        // a key repeated within the push is stored once, as its first result
        const storing = mine.filter((result) => !seen.has(result.key) && seen.add(result.key));
        await recordResults(
          tx,
          storing
            .filter((result) => !located.has(result.check_id))
            .map((result) => ({
              checkId: result.check_id,
              time: new Date(result.time),
              nextRuntime: null,
              result: {
                status: result.status,
                duration: result.duration,
                message: result.message,
                details: result.details ?? {},
                ...(result.error ? { error: result.error } : {}),
                ...(result.invalid ? { invalid: true } : {}),
              },
            })),
        );
        // a multi-location check's result is its location's vote; the check follows the quorum
        await recordLocationResults(
          tx,
          agent.id,
          storing
            .filter((result) => located.has(result.check_id))
            .map((result) => ({
              checkId: result.check_id,
              time: new Date(result.time),
              status: result.status,
              duration: result.duration,
              message: result.message,
              error: result.error ?? null,
            })),
        );
        return { stored: storing.length, duplicates: mine.length - storing.length, refused };
      });
      await repo.touch(agent.id, { version: clip(seen.version), hostname: clip(seen.hostname), received: true });
      return answer;
    },
    /** Claims the agent's Run Now requests still in time; each is handed to one poll only. */
    runRequests(agent: AgentPrincipal): Promise<AgentRunRequest[]> {
      return claimRunRequests(database.pool, agent.id);
    },
  };
}
