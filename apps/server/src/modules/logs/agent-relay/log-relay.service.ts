/**
 * Log searches of backends assigned to an agent (docs/agents.md "Log queries"). The agent serves no
 * HTTP, so the upstream cannot call it: the search is queued in `agent_log_queries`, the agent polls
 * `GET /api/upstream/log-queries`, searches near its files and posts the answer, and the waiting request
 * reads it. An agent not seen within the health window is answered at once as offline; one that does not
 * answer in time is a 504 too — both say which agent and why.
 */
import {
  AGENT_HEALTHY_WITHIN_SECONDS,
  AGENT_LOG_QUERY_TIMEOUT_MS,
  type AgentLogAnswer,
  type AgentLogQuery,
  agentLogAnswerSchema,
} from '@mc/contracts';
import type { Database } from '@mc/db';
import { AppError } from '../../../platform/errors.js';
import {
  answerOf,
  claimLogQueries,
  dropLogQuery,
  queueLogQuery,
  relayAgent,
  storeLogAnswer,
} from './log-queries.repo.js';

/** How often the waiting request looks for the agent's answer. */
export const LOG_ANSWER_POLL_MS = 100;

/** One page of an entry as the agent answered it. */
export type RelayedPage = Extract<AgentLogAnswer, { pages: unknown }>['pages'][number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const wake = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', wake);
      resolve();
    };
    const timer = setTimeout(wake, ms);
    signal?.addEventListener('abort', wake, { once: true });
  });
}

/** The relay of one database; `timeoutMs` is how long a search waits for its agent. */
export function agentLogRelay(database: Database, options: { timeoutMs?: number } = {}) {
  const timeoutMs = options.timeoutMs ?? AGENT_LOG_QUERY_TIMEOUT_MS;
  const pool = database.pool;
  return {
    /**
     * Upstream side: relays a search to the agent and answers its pages, one per spec entry. A 504 when
     * the agent is offline or silent, a 400 or 502 with the backend's own message when it failed there.
     */
    async search(agentId: string, query: Omit<AgentLogQuery, 'id'>, signal?: AbortSignal): Promise<RelayedPage[]> {
      const agent = await relayAgent(pool, agentId);
      const backend = query.backend.name;
      if (!agent) throw new AppError('not_found', `Log backend '${backend}' belongs to an agent that was deleted`);
      if (agent.seen_seconds_ago === null || agent.seen_seconds_ago > AGENT_HEALTHY_WITHIN_SECONDS) {
        const seen = agent.last_seen ? `last seen ${agent.last_seen.toISOString()}` : 'never connected';
        throw new AppError(
          'gateway_timeout',
          `Log backend '${backend}' runs on agent '${agent.name}', which is offline (${seen}); its logs can be searched once it reconnects`,
        );
      }
      const id = await queueLogQuery(pool, agentId, query);
      const deadline = Date.now() + timeoutMs;
      try {
        for (;;) {
          const stored = await answerOf(pool, id);
          if (stored !== undefined) {
            const answer = agentLogAnswerSchema.safeParse(stored);
            if (!answer.success) throw new AppError('bad_gateway', `Agent '${agent.name}' answered something invalid`);
            if ('error' in answer.data) {
              const { kind, message } = answer.data.error;
              throw new AppError(kind === 'query' ? 'bad_request' : 'bad_gateway', message);
            }
            return answer.data.pages;
          }
          if (signal?.aborted) throw new AppError('bad_request', 'The search was cancelled');
          if (Date.now() >= deadline) {
            throw new AppError(
              'gateway_timeout',
              `Agent '${agent.name}' did not answer the search of log backend '${backend}' within ${Math.round(timeoutMs / 1000)} s`,
            );
          }
          await sleep(LOG_ANSWER_POLL_MS, signal);
        }
      } finally {
        await dropLogQuery(pool, id);
      }
    },

    /** Agent side: the searches waiting for this agent, each handed out once. */
    async claim(agentId: string): Promise<AgentLogQuery[]> {
      const rows = await claimLogQueries(pool, agentId);
      // the request column holds what search() queued, an AgentLogQuery without its id
      return rows.map((row) => ({ id: row.id, ...(row.request as Omit<AgentLogQuery, 'id'>) }));
    },

    /** Agent side: its answer to a search it claimed; 404 when nobody waits for it any more. */
    async answer(agentId: string, id: string, body: unknown): Promise<void> {
      const parsed = agentLogAnswerSchema.safeParse(body ?? {});
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
        throw new AppError('bad_request', `${where}${issue?.message ?? 'Invalid answer'}`);
      }
      if (!UUID.test(id) || !(await storeLogAnswer(pool, agentId, id, parsed.data))) {
        throw new AppError('not_found', `Log query ${id} is not waiting for an answer from this agent`);
      }
    },
  };
}
