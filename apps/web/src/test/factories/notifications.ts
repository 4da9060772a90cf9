import type {
  EventQueueSummaryRow,
  NotificationRuleCounts,
  NotificationRuleView,
  NotificationsSummaryRow,
  SilencePreview,
  SilenceRow,
} from '@mc/contracts';

/**
 * Notification answers for screen tests (CONVENTIONS 15: factories, not fixture blobs), typed by the
 * notifications contracts the server answers with. Send history rows are built by features/notifications/testing.
 */

const RULE_ID = '01900000-0000-7000-8000-000000000001';
const CREATED = '2026-11-20T10:00:00Z';

/** A row of `notifications_summary`: rule `check-failures` on check.failed, to no one yet, nothing sent. */
export function buildRuleSummary(overrides: Partial<NotificationsSummaryRow> = {}): NotificationsSummaryRow {
  return {
    id: RULE_ID,
    name: 'check-failures',
    namespace: 'default',
    events: ['check.failed'],
    title: null,
    filter: null,
    person_id: null,
    team_id: null,
    playbook_id: null,
    custom_services: null,
    repeat_interval: null,
    wait_for: null,
    group_by: null,
    source: 'UI',
    error: null,
    error_at: null,
    pending: 0,
    sent: 0,
    failed: 0,
    silenced: 0,
    inhibited: 0,
    repeat_interval_count: 0,
    avg_duration_ms: null,
    last_failed_at: null,
    most_common_error: null,
    created_at: CREATED,
    updated_at: CREATED,
    ...overrides,
  };
}

/** One rule's counts of `GET /api/notification/summary`: nothing in the range. */
export function buildRuleCounts(overrides: Partial<NotificationRuleCounts> = {}): NotificationRuleCounts {
  return { notification_id: RULE_ID, sent: 0, failed: 0, silenced: 0, suppressed: 0, pending: 0, ...overrides };
}

/** `GET /api/notification/rules/{id}`: the stored rule and its document, which follow `rule` (name, events). */
export function buildRuleView(rule: Partial<NotificationRuleView['rule']> = {}): NotificationRuleView {
  const row: NotificationRuleView['rule'] = {
    id: RULE_ID,
    name: 'check-failures',
    namespace: 'default',
    events: ['check.failed'],
    title: null,
    template: null,
    filter: null,
    properties: null,
    person_id: null,
    team_id: null,
    playbook_id: null,
    custom_services: null,
    repeat_interval: null,
    wait_for: null,
    group_by: null,
    group_by_interval: null,
    inhibitions: null,
    source: 'UI',
    saved_by: null,
    created_at: CREATED,
    updated_at: CREATED,
    deleted_at: null,
    ...rule,
  };
  return {
    rule: row,
    document: {
      apiVersion: 'mission-control.flanksource.com/v1',
      kind: 'Notification',
      metadata: { name: row.name, namespace: row.namespace },
      spec: { events: row.events, to: {} },
    },
  };
}

/** A live silence of `notification_silences`: from now on, indefinitely, on nothing yet. */
export function buildSilenceRow(overrides: Partial<SilenceRow> = {}): SilenceRow {
  return {
    id: 'S1',
    name: null,
    namespace: 'default',
    description: null,
    filter: null,
    from: null,
    until: null,
    recursive: false,
    config_id: null,
    check_id: null,
    canary_id: null,
    component_id: null,
    source: 'UI',
    created_by: null,
    created_at: '2026-11-25T09:00:00Z',
    updated_at: '2026-11-25T09:00:00Z',
    deleted_at: null,
    ...overrides,
  };
}

/** `POST /api/notification/silence_preview`: nothing held back in 7 days, nothing covered. */
export function buildSilencePreview(overrides: Partial<SilencePreview> = {}): SilencePreview {
  return { days: 7, total: 0, rows: [], covers: [], ...overrides };
}

/** A row of `event_queue_summary`: one event name, nothing pending or failed. */
export function buildEventQueueSummaryRow(overrides: Partial<EventQueueSummaryRow> = {}): EventQueueSummaryRow {
  return {
    name: 'check.failed',
    pending: 0,
    failed: 0,
    average_attempts: null,
    first_failure: null,
    last_failure: null,
    most_common_error: null,
    dead_letter: 0,
    ...overrides,
  };
}
