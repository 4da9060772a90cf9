import { notificationDocumentSchema, silenceBodySchema } from '@mc/contracts';
import { z } from 'zod';
import type { RouteDoc } from '../../platform/openapi/route-docs.js';

const ruleView = z.object({ rule: z.record(z.string(), z.unknown()), document: z.record(z.string(), z.unknown()) });
const silence = z.record(z.string(), z.unknown());

/** The notifications API as `/api/openapi.json` describes it. */
export const NOTIFICATIONS_API: readonly RouteDoc[] = [
  {
    method: 'get',
    path: '/api/notification/summary',
    summary:
      'Per-rule counts (sent, failed, silenced, suppressed, pending) of messages created in a range (default the last day)',
    query: z.object({ from: z.string().optional(), to: z.string().optional() }),
    response: z.array(
      z.object({
        notification_id: z.string(),
        sent: z.number(),
        failed: z.number(),
        silenced: z.number(),
        suppressed: z.number(),
        pending: z.number(),
      }),
    ),
  },
  {
    method: 'post',
    path: '/api/notification/rules',
    summary: 'Create a notification rule from its kind: Notification document (YAML or JSON)',
    body: notificationDocumentSchema,
    response: ruleView,
    status: 201,
    errors: [409],
  },
  { method: 'get', path: '/api/notification/rules/{id}', summary: 'One rule with its document', response: ruleView },
  {
    method: 'put',
    path: '/api/notification/rules/{id}',
    summary: 'Replace a rule with a new document',
    body: notificationDocumentSchema,
    response: ruleView,
    errors: [409],
  },
  { method: 'delete', path: '/api/notification/rules/{id}', summary: 'Soft-delete a rule', status: 204 },
  {
    method: 'post',
    path: '/api/notification/rules/{id}/test',
    summary: "Send a sample message to the rule's recipients now; answers sent or the provider's error",
    response: z.object({ status: z.enum(['sent', 'error']), error: z.string().optional(), durationMs: z.number() }),
  },
  {
    method: 'post',
    path: '/api/notification/silence',
    summary: 'Create a silence (until absent or null: indefinitely)',
    body: silenceBodySchema,
    response: silence,
    status: 201,
  },
  {
    method: 'patch',
    path: '/api/notification/silence/{id}',
    summary: 'Change some fields of a silence',
    body: z.record(z.string(), z.unknown()),
    response: silence,
  },
  { method: 'delete', path: '/api/notification/silence/{id}', summary: 'Soft-delete a silence', status: 204 },
  {
    method: 'post',
    path: '/api/notification/silence_preview',
    summary: 'What an unsaved silence would have suppressed in the last 7 days and what it covers now',
    body: z.record(z.string(), z.unknown()),
    response: z.object({
      days: z.number(),
      total: z.number(),
      rows: z.array(z.record(z.string(), z.unknown())),
      covers: z.array(z.object({ id: z.string(), kind: z.string(), name: z.string() })),
    }),
  },
];
