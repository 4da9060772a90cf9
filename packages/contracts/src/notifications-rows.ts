import { z } from 'zod';
import { NOTIFICATION_SEND_STATUSES } from './notification-constants.js';

const text = z.string().nullable();

/** A row of `notifications_summary`: a rule with its all-time delivery figures. */
export const notificationsSummaryRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  namespace: z.string(),
  events: z.array(z.string()),
  title: text,
  filter: text,
  person_id: text,
  team_id: text,
  playbook_id: text,
  custom_services: z.array(z.object({ connection: z.string().optional(), email: z.string().optional() })).nullable(),
  repeat_interval: text,
  wait_for: z.number().nullable(),
  group_by: z.array(z.string()).nullable(),
  source: text,
  error: text,
  error_at: text,
  pending: z.number(),
  sent: z.number(),
  failed: z.number(),
  silenced: z.number(),
  inhibited: z.number(),
  repeat_interval_count: z.number(),
  avg_duration_ms: z.number().nullable(),
  last_failed_at: text,
  most_common_error: text,
  created_at: z.string(),
  updated_at: z.string(),
});
/** A `notifications_summary` row. */
export type NotificationsSummaryRow = z.infer<typeof notificationsSummaryRowSchema>;

/** A row of `notification_send_history_summary`: a message with its rule's and resource's names. */
export const notificationSendHistoryRowSchema = z.object({
  id: z.string(),
  notification_id: z.string(),
  notification_name: z.string(),
  source_event: z.string(),
  resource_id: z.string(),
  resource_name: text,
  resource_kind: text,
  resource_type: text,
  status: z.enum(NOTIFICATION_SEND_STATUSES),
  body: text,
  count: z.number(),
  error: text,
  silenced_by: text,
  silence_description: text,
  duration_millis: z.number().nullable(),
  not_before: text,
  created_at: z.string(),
  /** The run a playbook recipient started, if any. */
  playbook_run_id: text,
  playbook_run: z.object({ id: z.string(), status: text, name: text }).nullable(),
});
/** A `notification_send_history_summary` row. */
export type NotificationSendHistoryRow = z.infer<typeof notificationSendHistoryRowSchema>;

/**
 * A row of `event_queue_summary`: one event name with its queue and failure figures; `pending` counts
 * events still to be delivered by the notifications consumer.
 */
export const eventQueueSummaryRowSchema = z.object({
  name: z.string(),
  pending: z.number(),
  failed: z.number(),
  average_attempts: z.number().nullable(),
  first_failure: text,
  last_failure: text,
  most_common_error: text,
  /** Events past their last attempt, kept with their error (migration 0080). */
  dead_letter: z.number(),
});
/** An `event_queue_summary` row. */
export type EventQueueSummaryRow = z.infer<typeof eventQueueSummaryRowSchema>;

/**
 * A silenced resource as the silences list embeds it (`check:checks(id,name,type,icon)`, …): its name and
 * what picks its icon; the embed is null when the reader may not read it or it is gone.
 */
export const silencedResourceSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  type: z.string().nullable().optional(),
  icon: z.string().nullable().optional(),
  config_class: z.string().nullable().optional(),
});
export type SilencedResource = z.infer<typeof silencedResourceSchema>;
