/**
 * The notification enums and limits, apart from the zod schemas in notifications.ts: the console's
 * /notifications reads these as it boots, and a module building schemas beside them brought zod (25 kB gzip)
 * into the chunks its send-history request waits for (docs/web.md 'Bundle rules').
 */

/** Notification list page size and order (spec 000 §9). */
export const NOTIFICATION_LIST_PAGE_SIZE = 1000;

/** Events a rule may name, with the resource each one is about. */
export const NOTIFICATION_EVENTS = {
  'check.passed': 'check',
  'check.failed': 'check',
  'incident.created': 'incident',
  'incident.responder.added': 'incident',
  'incident.comment.added': 'incident',
  'incident.status.open': 'incident',
  'incident.status.investigating': 'incident',
  'incident.status.mitigated': 'incident',
  'incident.status.resolved': 'incident',
  'incident.status.closed': 'incident',
  'incident.status.new': 'incident',
  'config.healthy': 'config',
  'config.unhealthy': 'config',
  'config.warning': 'config',
  'config.unknown': 'config',
  'insight.created': 'config',
  'component.healthy': 'component',
  'component.unhealthy': 'component',
  'component.warning': 'component',
  'component.unknown': 'component',
  'playbook.run.approval_needed': 'playbook_run',
  'playbook.run.completed': 'playbook_run',
  'playbook.run.failed': 'playbook_run',
  // an SLO's burn-rate alert started firing (issue 33; docs/slo.md)
  'slo.burn_rate': 'slo',
} as const;
/** One event name. */
export type NotificationEvent = keyof typeof NOTIFICATION_EVENTS;
/** The kind of resource an event is about. */
export type NotificationResourceKind = (typeof NOTIFICATION_EVENTS)[NotificationEvent];
/** Every event name, for pickers and validation. */
export const NOTIFICATION_EVENT_NAMES = Object.keys(NOTIFICATION_EVENTS) as NotificationEvent[];

/**
 * Send-history statuses (upstream's values): `error` is a delivery that failed after its retries,
 * `repeat-interval` a message suppressed as a repeat, `skipped` a wait-for whose resource recovered.
 */
export const NOTIFICATION_SEND_STATUSES = [
  'sent',
  'error',
  'pending',
  'silenced',
  'repeat-interval',
  'inhibited',
  'evaluating-waitfor',
  'skipped',
] as const;
/** One send-history status. */
export type NotificationSendStatus = (typeof NOTIFICATION_SEND_STATUSES)[number];

/** Event-queue attempts before an event is dead-lettered (upstream counts pending rows with attempts < 4). */
export const EVENT_QUEUE_MAX_ATTEMPTS = 4;

/** Days a silence preview looks back. */
export const SILENCE_PREVIEW_DAYS = 7;

/** Default days the send history is kept (property `notifications.send_history.retention.days`). */
export const SEND_HISTORY_RETENTION_DAYS = 30;

/** Event resource kinds a playbook recipient can run on (a run names a check, catalog item or component). */
export const PLAYBOOK_RECIPIENT_KINDS = ['check', 'config', 'component'] as const;
