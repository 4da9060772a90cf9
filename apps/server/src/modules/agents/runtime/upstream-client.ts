import { hostname } from 'node:os';
import {
  type AgentCanary,
  type AgentLogAnswer,
  type AgentLogQuery,
  type AgentPushAnswer,
  type AgentPushResult,
  type AgentRunRequest,
  type AgentScrape,
  type AgentScrapeAnswer,
  type AgentScraper,
  agentCanarySchema,
  agentLogQuerySchema,
  agentPushAnswerSchema,
  agentRunRequestSchema,
  agentScrapeAnswerSchema,
  agentScraperSchema,
} from '@mc/contracts';
import { z } from 'zod';
import { withDeadline } from '../../../platform/deadline.js';

/** Longest wait for one upstream call. */
export const UPSTREAM_TIMEOUT_MS = 15_000;

/** A poll the upstream may hold (agent-work-waits.ts): seconds it may wait for work, and the agent's stop. */
export interface HeldPoll {
  waitS: number;
  signal?: AbortSignal;
}

/** An upstream answer other than success: `retry` says whether sending the same request later may work. */
export class UpstreamError extends Error {
  override name = 'UpstreamError';
  constructor(
    message: string,
    readonly retry: boolean,
  ) {
    super(message);
  }
}

/**
 * The agent's HTTP(S) client of its upstream: its token on every call, its version and host name as
 * headers (shown on /settings/agents), a timeout, and errors sorted into worth-retrying (network,
 * 5xx, 401 while a token is being fixed, 408, 429) and not (other 4xx: the request itself is wrong).
 * It carries check results, scraper runs and the answers to relayed log searches.
 */
export function upstreamClient(options: { url: string; token: string; version: string }) {
  const base = options.url.replace(/\/$/, '');
  const headers = {
    authorization: `Bearer ${options.token}`,
    'x-agent-version': options.version,
    'x-agent-hostname': hostname(),
  };
  // a held poll may take its whole wait before the upstream answers
  const call = (path: string, init: RequestInit = {}, held?: HeldPoll): Promise<unknown> =>
    withDeadline(UPSTREAM_TIMEOUT_MS + (held?.waitS ?? 0) * 1000, held?.signal, async (limit) => {
      let response: Response;
      try {
        response = await fetch(`${base}${path}${held ? `?wait=${held.waitS}` : ''}`, {
          ...init,
          headers: { ...headers, ...(init.body ? { 'content-type': 'application/json' } : {}) },
          signal: limit.signal,
        });
      } catch (error) {
        throw new UpstreamError(`upstream unreachable: ${(error as Error).message}`, true); // fetch rejects with Error
      }
      const text = await response.text();
      if (!response.ok) {
        const retry = response.status >= 500 || [401, 408, 429].includes(response.status);
        throw new UpstreamError(`upstream answered ${response.status}: ${text.slice(0, 300)}`, retry);
      }
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw new UpstreamError('upstream answered with something that is not JSON', true);
      }
    });
  return {
    async canaries(): Promise<AgentCanary[]> {
      return z.array(agentCanarySchema).parse(await call('/api/upstream/canaries'));
    },
    async push(results: readonly AgentPushResult[]): Promise<AgentPushAnswer> {
      return agentPushAnswerSchema.parse(
        await call('/api/upstream/push', { method: 'POST', body: JSON.stringify({ results }) }),
      );
    },
    async scrapers(): Promise<AgentScraper[]> {
      return z.array(agentScraperSchema).parse(await call('/api/upstream/scrapers'));
    },
    async pushScrape(scrape: AgentScrape): Promise<AgentScrapeAnswer> {
      return agentScrapeAnswerSchema.parse(
        await call('/api/upstream/scrapes', { method: 'POST', body: JSON.stringify(scrape) }),
      );
    },
    /** The log searches relayed to this agent; `held`: the upstream may wait for one (a long poll). */
    async logQueries(held?: HeldPoll): Promise<AgentLogQuery[]> {
      return z.array(agentLogQuerySchema).parse(await call('/api/upstream/log-queries', {}, held));
    },
    /** Run Now requests of this agent's multi-location checks; `held` as for {@link logQueries}. */
    async runRequests(held?: HeldPoll): Promise<AgentRunRequest[]> {
      return z.array(agentRunRequestSchema).parse(await call('/api/upstream/run-requests', {}, held));
    },
    async answerLogQuery(id: string, answer: AgentLogAnswer): Promise<void> {
      await call(`/api/upstream/log-queries/${encodeURIComponent(id)}/answer`, {
        method: 'POST',
        body: JSON.stringify(answer),
      });
    },
  };
}

/** The agent's upstream client. */
export type UpstreamClient = ReturnType<typeof upstreamClient>;
