/**
 * `/api/db/notifications` and `/api/db/notification_silences` (spec 000 §7: PATCH /notifications, PATCH
 * silences, soft delete) keep the rules of the notifications routes, in the write's transaction: a rule
 * names known events, one recipient, a filter that compiles and durations that parse — and a playbook
 * recipient is set only through `POST`/`PUT /api/notification/rules`, which check the playbook and the
 * author's permission to run it (a write keeping a rule's playbook is fine); a silence names a resource
 * or a filter that compiles, and ends after it starts. Anything else is refused with 400 naming the field and the route that explains it.
 */
import { NOTIFICATION_EVENTS, parseDurationMs } from '@mc/contracts';
import { expressionError } from '../health/index.js';
import type { JsonRecord, WriteHook } from '../rest/index.js';
import { PgrstError } from '../rest/index.js';

const refuse = (message: string): never => {
  throw new PgrstError(400, '23514', message);
};

/** The refusal of a playbook recipient written through the data API. */
export const PLAYBOOK_RECIPIENT_ROUTE =
  'notifications.playbook_id: a playbook recipient is set with POST or PUT /api/notification/rules, which check the playbook and your permission to run it';

function checkRule(row: JsonRecord, before: JsonRecord | null): void {
  const events = row.events;
  if (!Array.isArray(events) || events.length === 0) refuse('notifications.events: name at least one event');
  for (const event of events as unknown[]) {
    if (typeof event !== 'string' || !(event in NOTIFICATION_EVENTS)) {
      refuse(`notifications.events: unknown event '${String(event)}'`);
    }
  }
  if (row.playbook_id && row.playbook_id !== before?.playbook_id) refuse(PLAYBOOK_RECIPIENT_ROUTE);
  const services = Array.isArray(row.custom_services) ? row.custom_services.length : 0;
  const recipients = [row.person_id, row.team_id, row.playbook_id].filter(Boolean).length + (services > 0 ? 1 : 0);
  if (recipients !== 1) {
    refuse(
      'notifications: name exactly one recipient (person_id, team_id, custom_services or playbook_id); or use POST /api/notification/rules',
    );
  }
  if (typeof row.filter === 'string' && row.filter.trim()) {
    const problem = expressionError(row.filter);
    if (problem) refuse(`notifications.filter: ${problem}`);
  }
  if (row.repeat_interval !== null && row.repeat_interval !== undefined) {
    if (typeof row.repeat_interval !== 'string' || parseDurationMs(row.repeat_interval) === undefined) {
      refuse('notifications.repeat_interval must be a duration such as 30s, 10m or 1h');
    }
  }
}

function checkSilence(row: JsonRecord): void {
  const targeted = Boolean(row.check_id || row.config_id || row.component_id || row.canary_id);
  const filter = typeof row.filter === 'string' ? row.filter.trim() : '';
  if (!targeted && !filter) {
    refuse(
      'A silence needs a resource (check, catalog item, component or canary) or a filter; or use POST /api/notification/silence',
    );
  }
  if (filter) {
    const problem = expressionError(filter);
    if (problem) refuse(`notification_silences.filter: ${problem}`);
  }
  if (row.from && row.until && Date.parse(String(row.until)) <= Date.parse(String(row.from))) {
    refuse('notification_silences: until must be after from');
  }
}

/** The hook of `notifications` through the data API. */
export const notificationsWriteHook: WriteHook = async ({ images }) => {
  for (const [before, after] of images) if (after && after.deleted_at == null) checkRule(after, before);
};

/** The hook of `notification_silences` through the data API. */
export const silencesWriteHook: WriteHook = async ({ images }) => {
  for (const [, after] of images) if (after && after.deleted_at == null) checkSilence(after);
};
