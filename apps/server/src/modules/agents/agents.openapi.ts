import {
  agentCanarySchema,
  agentGeneratedSchema,
  agentGenerateSchema,
  agentPatchSchema,
  agentPushAnswerSchema,
  agentPushSchema,
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
];
