import { playbookResourceSchema, playbookRunRequestSchema } from '@mc/contracts';
import { z } from 'zod';
import type { RouteDoc } from '../../platform/openapi/route-docs.js';

const runAnswer = z.object({ run_id: z.string(), status: z.string() });

/** The playbook run API as `/api/openapi.json` describes it. */
export const PLAYBOOK_RUNS_API: readonly RouteDoc[] = [
  {
    method: 'get',
    path: '/api/playbook/list',
    summary: 'Playbooks applicable to a check, component or config item (by their selectors)',
    query: playbookResourceSchema,
  },
  {
    method: 'post',
    path: '/api/playbook/{id}/params',
    summary: 'The parameters of a playbook for a resource (400 when it does not apply there)',
    body: playbookResourceSchema,
  },
  {
    method: 'post',
    path: '/api/playbook/run',
    summary: 'Run a playbook: parameters checked, queued (or waiting for approval); answers the run id',
    body: playbookRunRequestSchema,
    response: z.object({ run_id: z.string() }),
    status: 201,
  },
  {
    method: 'post',
    path: '/api/playbook/run/approve/{id}',
    summary: 'Approve a run waiting for approval (a listed approver other than the requester)',
    response: runAnswer,
    errors: [409],
  },
  {
    method: 'post',
    path: '/api/playbook/run/cancel/{id}',
    summary: 'Cancel a run not yet finished; its running action is stopped',
    response: runAnswer,
    errors: [409],
  },
];
