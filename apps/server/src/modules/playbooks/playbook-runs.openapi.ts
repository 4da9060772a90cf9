import {
  playbookListSchema,
  playbookParamsSchema,
  playbookResourceSchema,
  playbookRunHistorySchema,
  playbookRunRequestSchema,
  playbookRunStartedSchema,
  playbookRunStatusSchema,
} from '@mc/contracts';
import { z } from 'zod';
import type { RouteDoc } from '../../platform/openapi/route-docs.js';

/** The playbook run API as `/api/openapi.json` describes it. */
export const PLAYBOOK_RUNS_API: readonly RouteDoc[] = [
  {
    method: 'get',
    path: '/api/playbook/list',
    summary: 'Playbooks applicable to a check, component or config item (by their selectors)',
    query: playbookResourceSchema,
    response: playbookListSchema,
  },
  {
    method: 'post',
    path: '/api/playbook/{id}/params',
    summary: 'The parameters of a playbook for a resource (400 when it does not apply there)',
    body: playbookResourceSchema,
    response: playbookParamsSchema,
  },
  {
    method: 'post',
    path: '/api/playbook/run',
    summary: 'Run a playbook: parameters checked, queued (or waiting for approval); answers the run id',
    body: playbookRunRequestSchema,
    response: playbookRunStartedSchema,
    status: 201,
  },
  {
    method: 'post',
    path: '/api/playbook/run/approve/{id}',
    summary: 'Approve a run waiting for approval (a listed approver other than the requester)',
    response: playbookRunStatusSchema,
    errors: [409],
  },
  {
    method: 'get',
    path: '/api/playbook/run/{id}/history',
    summary: "A run's requester, every status change (from, to, when, who; no one: the runner) and its approvals",
    response: playbookRunHistorySchema,
  },
  {
    method: 'get',
    path: '/api/playbook/run/{id}/logs/stream',
    summary:
      "Server-Sent Events of a run's live log: `log` events (id = position; resumes after Last-Event-ID or ?after=) until `end` with the final status; 429 past the open-stream limits",
    query: z.object({
      after: z
        .string()
        .regex(/^\d{1,18}$/)
        .optional(),
    }),
    errors: [429],
  },
  {
    method: 'get',
    path: '/api/playbook/run/{id}/artifacts/{artifactId}',
    summary:
      "Download an artifact of a run's action (the run must be visible to the caller): always an attachment, with nosniff; active types (HTML, SVG, XML, script) are sent as application/octet-stream",
  },
  {
    method: 'post',
    path: '/api/playbook/run/cancel/{id}',
    summary: 'Cancel a run not yet finished; its running action is stopped',
    response: playbookRunStatusSchema,
    errors: [409],
  },
];
