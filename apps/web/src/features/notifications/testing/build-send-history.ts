import type { SendHistoryRow } from '../api/get-send-history';

/** A failed send history row, for screen tests (CONVENTIONS 15: factories, not fixture blobs). */
export function buildSendHistoryRow(overrides: Partial<SendHistoryRow> = {}): SendHistoryRow {
  return {
    id: '01900000-0000-7000-8000-000000000003',
    notification_id: '01900000-0000-7000-8000-000000000001',
    notification_name: 'check-failures',
    source_event: 'check.failed',
    resource_id: '01900000-0000-7000-8000-000000000002',
    resource_name: 'checkout-api',
    resource_kind: 'check',
    resource_type: 'http',
    status: 'error',
    body: 'Check: checkout-api',
    count: 1,
    error: 'Webhook answered HTTP 500: boom',
    silenced_by: null,
    silence_description: null,
    duration_millis: 12,
    not_before: null,
    created_at: '2026-11-25T10:00:00Z',
    playbook_run_id: null,
    playbook_run: null,
    ...overrides,
  };
}
