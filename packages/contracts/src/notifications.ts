/**
 * Notifications (spec 000 §2, §3, §7, §9; issue 16): the rule document (`kind: Notification`), the
 * silence body and the answers' schemas; the event names and send-history statuses they use are in
 * notification-constants.ts. Server and console validate with the same schemas.
 */
import { z } from 'zod';
import { NOTIFICATION_EVENT_NAMES, type NotificationEvent } from './notification-constants.js';

const DURATION = /^(\d+(\.\d+)?(ms|s|m|h|d))+$/;

/** Parses `10m`, `1h30m`, `45s`, `2d` into milliseconds; undefined when malformed. */
export function parseDurationMs(text: string): number | undefined {
  const trimmed = text.trim();
  if (!DURATION.test(trimmed)) return undefined;
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
  let total = 0;
  for (const match of trimmed.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h|d)/g)) {
    total += Number(match[1]) * unit[match[2] as keyof typeof unit]; // the regex admits only these units
  }
  return total;
}

const duration = (what: string) =>
  z
    .string()
    .trim()
    .max(32)
    .refine((value) => parseDurationMs(value) !== undefined, `${what} must be a duration such as 30s, 10m or 1h`);

/** Who receives a rule's messages: exactly one of these (upstream's `to`), plus a playbook's parameters. */
export const notificationRecipientSchema = z
  .object({
    person: z.string().trim().min(1).max(320).optional(),
    team: z.string().trim().min(1).max(200).optional(),
    connection: z.string().trim().min(1).max(400).optional(),
    email: z.email().max(320).optional(),
    /** A playbook (id, namespace/name or name) run on the event's resource. */
    playbook: z.string().trim().min(1).max(400).optional(),
    /** The playbook's parameters; string values may hold `{{ .check.name }}`-style placeholders. */
    params: z.record(z.string().max(200), z.unknown()).optional(),
  })
  .strict()
  .refine((to) => [to.person, to.team, to.connection, to.email, to.playbook].filter(Boolean).length === 1, {
    message: 'to: name exactly one recipient: person, team, connection, email or playbook',
  })
  .refine((to) => !to.params || Boolean(to.playbook), {
    message: 'to.params: parameters go with a playbook recipient',
  });

/** An inhibition: while a parent (up to `depth` levels) fails, its children's messages are held back. */
export const inhibitionSchema = z
  .object({
    direction: z.enum(['parent', 'incoming', 'outgoing', 'all']).default('parent'),
    depth: z.number().int().min(1).max(10).default(5),
  })
  .strict();

/** The rule document (`kind: Notification`, upstream's shape). */
export const notificationDocumentSchema = z
  .object({
    apiVersion: z.string().max(200).optional(),
    kind: z.literal('Notification', { message: "kind must be 'Notification'" }),
    metadata: z
      .object({
        name: z
          .string()
          .trim()
          .min(1, 'metadata.name is required')
          .max(200)
          .regex(/^[a-zA-Z0-9][a-zA-Z0-9._-]*$/, 'metadata.name: letters, digits, dot, dash and underscore only'),
        namespace: z.string().trim().min(1).max(200).default('default'),
      })
      .passthrough(),
    spec: z
      .object({
        events: z
          .array(z.enum(NOTIFICATION_EVENT_NAMES as [NotificationEvent, ...NotificationEvent[]]))
          .min(1, 'spec.events: name at least one event'),
        filter: z.string().max(4000).optional(),
        title: z.string().max(1000).optional(),
        template: z.string().max(20_000).optional(),
        to: notificationRecipientSchema,
        repeatInterval: duration('spec.repeatInterval').optional(),
        waitFor: duration('spec.waitFor').optional(),
        groupBy: z.array(z.string().trim().min(1).max(200)).max(10).optional(),
        groupByInterval: duration('spec.groupByInterval').optional(),
        inhibitions: z.array(inhibitionSchema).max(10).optional(),
      })
      .strict(),
  })
  .strict();
/** A parsed rule document. */
export type NotificationDocument = z.infer<typeof notificationDocumentSchema>;

/** The body of `POST /api/notification/silence` (and, every field optional, of its PATCH). */
export const silenceBodySchema = z
  .object({
    name: z.string().trim().max(200).optional(),
    namespace: z.string().trim().min(1).max(200).default('default'),
    description: z.string().trim().min(1, 'A reason is required').max(2000),
    filter: z.string().trim().max(4000).optional(),
    check_id: z.guid().optional(),
    config_id: z.guid().optional(),
    component_id: z.guid().optional(),
    canary_id: z.guid().optional(),
    recursive: z.boolean().default(true),
    from: z.iso.datetime({ offset: true, error: 'from must be an ISO date-time' }).optional(),
    /** Absent or null: indefinitely (spec 000 §4). */
    until: z.iso.datetime({ offset: true, error: 'until must be an ISO date-time' }).nullable().optional(),
  })
  .strict()
  .refine((body) => Boolean(body.filter || body.check_id || body.config_id || body.component_id || body.canary_id), {
    message: 'A silence needs a resource (check, catalog item, component or canary) or a filter',
  });
/** A parsed silence body. */
export type SilenceBody = z.infer<typeof silenceBodySchema>;

/** A notification rule as stored (`notifications` row). */
export const notificationRuleRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  namespace: z.string(),
  events: z.array(z.string()),
  title: z.string().nullable(),
  template: z.string().nullable(),
  filter: z.string().nullable(),
  properties: z.record(z.string(), z.unknown()).nullable(),
  person_id: z.string().nullable(),
  team_id: z.string().nullable(),
  playbook_id: z.string().nullable(),
  custom_services: z.array(z.object({ connection: z.string().optional(), email: z.string().optional() })).nullable(),
  repeat_interval: z.string().nullable(),
  wait_for: z.union([z.string(), z.number()]).nullable(),
  group_by: z.array(z.string()).nullable(),
  group_by_interval: z.union([z.string(), z.number()]).nullable(),
  inhibitions: z.array(z.object({ direction: z.string().optional(), depth: z.number().optional() })).nullable(),
  source: z.string().nullable(),
  /** Who last saved it (null: the system): its connection is resolved with their rights. */
  saved_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
});

/** A rule with its `kind: Notification` document, as the rules API answers it. */
export const notificationRuleViewSchema = z.object({
  rule: notificationRuleRowSchema,
  document: z.object({
    apiVersion: z.string(),
    kind: z.literal('Notification'),
    metadata: z.object({ name: z.string(), namespace: z.string() }),
    spec: z.object({
      events: z.array(z.string()),
      to: z.object({
        person: z.string().optional(),
        team: z.string().optional(),
        connection: z.string().optional(),
        email: z.string().optional(),
        playbook: z.string().optional(),
        params: z.record(z.string(), z.unknown()).optional(),
      }),
      filter: z.string().optional(),
      title: z.string().optional(),
      template: z.string().optional(),
      repeatInterval: z.string().optional(),
      waitFor: z.string().optional(),
      groupBy: z.array(z.string()).optional(),
      groupByInterval: z.string().optional(),
      inhibitions: z.array(z.object({ direction: z.string().optional(), depth: z.number().optional() })).optional(),
    }),
  }),
});

/** `GET /api/notification/summary` answer: per-rule counts of messages created in the range. */
export const notificationSummarySchema = z.array(
  z.object({
    notification_id: z.string(),
    sent: z.number(),
    failed: z.number(),
    silenced: z.number(),
    suppressed: z.number(),
    pending: z.number(),
  }),
);

/** `POST /api/notification/rules/{id}/test` answer: sent, or the provider's error. */
export const notificationTestAnswerSchema = z.object({
  status: z.enum(['sent', 'error']),
  error: z.string().optional(),
  durationMs: z.number(),
});

/** A silence as stored (the create and edit answer). */
export const silenceRowSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  namespace: z.string(),
  description: z.string().nullable(),
  filter: z.string().nullable(),
  from: z.string().nullable(),
  until: z.string().nullable(),
  recursive: z.boolean(),
  config_id: z.string().nullable(),
  check_id: z.string().nullable(),
  canary_id: z.string().nullable(),
  component_id: z.string().nullable(),
  source: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
});

/** `POST /api/notification/silence_preview` answer: what the silence would have held back, and what it covers. */
export const silencePreviewSchema = z.object({
  days: z.number(),
  /** Messages sent or attempted in the window that the silence would have held back. */
  total: z.number(),
  rows: z.array(
    z.object({
      id: z.string(),
      notification_name: z.string(),
      source_event: z.string(),
      resource_id: z.string(),
      resource_name: z.string().nullable(),
      status: z.string(),
      created_at: z.string(),
    }),
  ),
  /** Resources the silence covers now. */
  covers: z.array(z.object({ id: z.string(), kind: z.string(), name: z.string() })),
});
