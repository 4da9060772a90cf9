import {
  agentCanaryListSchema,
  agentGeneratedSchema,
  agentGenerateSchema,
  agentListSchema,
  agentLogAnsweredSchema,
  agentLogAnswerSchema,
  agentLogQueryListSchema,
  agentPatchSchema,
  agentPushAnswerSchema,
  agentPushSchema,
  agentRemovedSchema,
  agentRunRequestListSchema,
  agentScrapeAnswerSchema,
  agentScraperListSchema,
  agentScrapeSchema,
  agentSummarySchema,
} from '@mc/contracts';
import { z } from 'zod';
import type { RouteDoc } from '../../platform/openapi/route-docs.js';
import { MAX_AGENT_WAIT_S } from './upstream/agent-work-waits.js';
import { AGENT_TOKEN_PERMISSION } from './upstream/upstream.routes.js';

/** An agent's poll: `wait` seconds the upstream may hold it while nothing is queued (cut to the maximum). */
const agentPollQuery = z.object({
  wait: z
    .string()
    .regex(/^\d{1,4}$/)
    .optional()
    .describe(`Seconds to hold the poll while nothing is queued (at most ${MAX_AGENT_WAIT_S}); absent: answer at once`),
});

/** The agents API as `/api/openapi.json` describes it. */
export const AGENTS_API: readonly RouteDoc[] = [
  { method: 'get', path: '/api/agents', summary: 'Agents with their health and counts', response: agentListSchema },
  { method: 'get', path: '/api/agents/{id}', summary: 'One agent', response: agentSummarySchema },
  {
    method: 'patch',
    path: '/api/agents/{id}',
    summary: 'Replace an agent’s properties',
    body: agentPatchSchema,
    response: agentSummarySchema,
  },
  {
    method: 'delete',
    path: '/api/agents/{id}',
    summary: 'Soft-delete an agent; `cleanup` also deletes what it reported',
    query: z.object({ cleanup: z.enum(['true', '1', 'yes', 'false', '0', 'no']).optional() }),
    response: agentRemovedSchema,
  },
  {
    method: 'post',
    path: '/api/agent/generate',
    summary: 'Register an agent; its token is shown once',
    body: agentGenerateSchema,
    response: agentGeneratedSchema,
    status: 201,
    errors: [409],
  },
  {
    method: 'get',
    path: '/api/upstream/canaries',
    summary: 'For an agent: the canaries assigned to it, with their checks (also its heartbeat)',
    response: agentCanaryListSchema,
    permission: AGENT_TOKEN_PERMISSION,
  },
  {
    method: 'post',
    path: '/api/upstream/push',
    summary: 'For an agent: push check results; idempotent per result key',
    body: agentPushSchema,
    response: agentPushAnswerSchema,
    permission: AGENT_TOKEN_PERMISSION,
  },
  {
    method: 'get',
    path: '/api/upstream/scrapers',
    summary: 'For an agent: the catalog scrapers assigned to it',
    response: agentScraperListSchema,
    permission: AGENT_TOKEN_PERMISSION,
  },
  {
    method: 'post',
    path: '/api/upstream/scrapes',
    summary: 'For an agent: push one run of a scraper (items, relationships, insights); idempotent per key',
    body: agentScrapeSchema,
    response: agentScrapeAnswerSchema,
    permission: AGENT_TOKEN_PERMISSION,
    errors: [409],
  },
  {
    method: 'get',
    path: '/api/upstream/log-queries',
    summary: 'For an agent: claim the log searches relayed to it (held up to `wait` seconds while none is queued)',
    query: agentPollQuery,
    response: agentLogQueryListSchema,
    permission: AGENT_TOKEN_PERMISSION,
  },
  {
    method: 'get',
    path: '/api/upstream/run-requests',
    summary:
      'For an agent: claim the Run Now requests of the multi-location checks it runs (held up to `wait` seconds while none is queued)',
    query: agentPollQuery,
    response: agentRunRequestListSchema,
    permission: AGENT_TOKEN_PERMISSION,
  },
  {
    method: 'post',
    path: '/api/upstream/log-queries/{id}/answer',
    summary: 'For an agent: answer a log search it claimed',
    body: agentLogAnswerSchema,
    response: agentLogAnsweredSchema,
    permission: AGENT_TOKEN_PERMISSION,
    errors: [404],
  },
];
