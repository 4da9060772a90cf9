import {
  NOTIFICATION_EVENT_NAMES,
  notificationRuleViewSchema,
  notificationSummarySchema,
  notificationTestAnswerSchema,
  silencePreviewSchema,
  silenceRowSchema,
} from '@mc/contracts';
import { z } from 'zod';
import type { RouteDoc } from '../../platform/openapi/route-docs.js';

/** The rule document as documented (the route validates with contracts' notificationDocumentSchema). */
const ruleDocument = z.object({
  apiVersion: z.string().optional(),
  kind: z.literal('Notification'),
  metadata: z.object({ name: z.string(), namespace: z.string().optional() }),
  spec: z.object({
    events: z.array(z.enum(NOTIFICATION_EVENT_NAMES as [string, ...string[]])),
    filter: z.string().optional(),
    title: z.string().optional(),
    template: z.string().optional(),
    to: z.object({
      person: z.string().optional(),
      team: z.string().optional(),
      connection: z.string().optional(),
      email: z.string().optional(),
    }),
    repeatInterval: z.string().optional(),
    waitFor: z.string().optional(),
    groupBy: z.array(z.string()).optional(),
    groupByInterval: z.string().optional(),
    inhibitions: z.array(z.object({ direction: z.string().optional(), depth: z.number().optional() })).optional(),
  }),
});

/** The silence body as documented (the route validates with contracts' silenceBodySchema). */
const silenceBody = z.object({
  name: z.string().optional(),
  namespace: z.string().optional(),
  description: z.string(),
  filter: z.string().optional(),
  check_id: z.string().optional(),
  config_id: z.string().optional(),
  component_id: z.string().optional(),
  canary_id: z.string().optional(),
  recursive: z.boolean().optional(),
  from: z.string().optional(),
  until: z.string().nullable().optional(),
});

/** The notifications API as `/api/openapi.json` describes it. */
export const NOTIFICATIONS_API: readonly RouteDoc[] = [
  {
    method: 'get',
    path: '/api/notification/summary',
    summary:
      'Per-rule counts (sent, failed, silenced, suppressed, pending) of messages created in a range (default the last day)',
    query: z.object({ from: z.string().optional(), to: z.string().optional() }),
    response: notificationSummarySchema,
  },
  {
    method: 'post',
    path: '/api/notification/rules',
    summary: 'Create a notification rule from its kind: Notification document (YAML or JSON)',
    body: ruleDocument,
    response: notificationRuleViewSchema,
    status: 201,
    errors: [409],
  },
  {
    method: 'get',
    path: '/api/notification/rules/{id}',
    summary: 'One rule with its document',
    response: notificationRuleViewSchema,
  },
  {
    method: 'put',
    path: '/api/notification/rules/{id}',
    summary: 'Replace a rule with a new document',
    body: ruleDocument,
    response: notificationRuleViewSchema,
    errors: [409],
  },
  { method: 'delete', path: '/api/notification/rules/{id}', summary: 'Soft-delete a rule', status: 204 },
  {
    method: 'post',
    path: '/api/notification/rules/{id}/test',
    summary: "Send a sample message to the rule's recipients now; answers sent or the provider's error",
    response: notificationTestAnswerSchema,
  },
  {
    method: 'post',
    path: '/api/notification/silence',
    summary: 'Create a silence (until absent or null: indefinitely)',
    body: silenceBody,
    response: silenceRowSchema,
    status: 201,
  },
  {
    method: 'patch',
    path: '/api/notification/silence/{id}',
    summary: 'Change some fields of a silence',
    body: z.record(z.string(), z.unknown()),
    response: silenceRowSchema,
  },
  { method: 'delete', path: '/api/notification/silence/{id}', summary: 'Soft-delete a silence', status: 204 },
  {
    method: 'post',
    path: '/api/notification/silence_preview',
    summary: 'What an unsaved silence would have suppressed in the last 7 days and what it covers now',
    body: z.record(z.string(), z.unknown()),
    response: silencePreviewSchema,
  },
];
