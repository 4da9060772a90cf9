import { playbookResourceSchema, playbookRunRequestSchema } from '@mc/contracts';
import { z } from 'zod';
import type { RouteDoc } from '../../platform/openapi/route-docs.js';

const named = z.object({ id: z.string(), name: z.string() });
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
    method: 'get',
    path: '/api/playbook/run/{id}/history',
    summary: "A run's requester, every status change (from, to, when, who; no one: the runner) and its approvals",
    response: z.object({
      requested_by: named.nullable(),
      transitions: z.array(
        z.object({
          from_status: z.string().nullable(),
          to_status: z.string(),
          at: z.string(),
          actor: named.nullable(),
        }),
      ),
      approvals: z.array(z.object({ at: z.string(), person: named.nullable(), team: named.nullable() })),
    }),
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
    response: runAnswer,
    errors: [409],
  },
];
