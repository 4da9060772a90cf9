import {
  agentCanarySchema,
  agentGeneratedSchema,
  agentGenerateSchema,
  agentLogAnswerSchema,
  agentLogQuerySchema,
  agentPatchSchema,
  agentPushAnswerSchema,
  agentPushSchema,
  agentRunRequestSchema,
  agentScrapeAnswerSchema,
  agentScraperSchema,
  agentScrapeSchema,
} from '@mc/contracts';
import { z } from 'zod';
import type { RouteDoc } from '../../platform/openapi/route-docs.js';
import { AGENT_TOKEN_PERMISSION } from './upstream/upstream.routes.js';

/** The agents API as `/api/openapi.json` describes it. */
export const AGENTS_API: readonly RouteDoc[] = [
  { method: 'get', path: '/api/agents', summary: 'Agents with their health and counts' },
  { method: 'get', path: '/api/agents/{id}', summary: 'One agent' },
  { method: 'patch', path: '/api/agents/{id}', summary: 'Replace an agent’s properties', body: agentPatchSchema },
  {
    method: 'delete',
    path: '/api/agents/{id}',
    summary: 'Soft-delete an agent; `cleanup` also deletes what it reported',
    query: z.object({ cleanup: z.enum(['true', '1', 'yes', 'false', '0', 'no']).optional() }),
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
    response: z.array(agentCanarySchema),
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
    response: z.array(agentScraperSchema),
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
    summary: 'For an agent: claim the log searches relayed to it',
    response: z.array(agentLogQuerySchema),
    permission: AGENT_TOKEN_PERMISSION,
  },
  {
    method: 'get',
    path: '/api/upstream/run-requests',
    summary: 'For an agent: claim the Run Now requests of the multi-location checks it runs',
    response: z.array(agentRunRequestSchema),
    permission: AGENT_TOKEN_PERMISSION,
  },
  {
    method: 'post',
    path: '/api/upstream/log-queries/{id}/answer',
    summary: 'For an agent: answer a log search it claimed',
    body: agentLogAnswerSchema,
    permission: AGENT_TOKEN_PERMISSION,
    errors: [404],
  },
];
