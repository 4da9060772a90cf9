import type { ComponentWithLogsRow, LogBackendSummary, LogLine, LogSearchResponse } from '@mc/contracts';

/**
 * Log search answers for screen tests (CONVENTIONS 15: factories, not fixture blobs), typed by the logs
 * contracts the server answers with, so a changed shape fails the tests' typecheck.
 */

/** A backend of `GET /api/logs/backends`: the built-in one unless given. */
export function buildLogBackend(overrides: Partial<LogBackendSummary> = {}): LogBackendSummary {
  return {
    id: 'mission-control',
    name: 'mission-control',
    kinds: ['postgres'],
    hint: 'Words match anywhere in the message',
    builtIn: true,
    ...overrides,
  };
}

/** A plain-text line (no structured fields unless given). */
export function buildLogLine(overrides: Partial<LogLine> = {}): LogLine {
  return {
    timestamp: '2026-11-28T03:30:00.000Z',
    level: 'info',
    message: 'started',
    labels: {},
    ...overrides,
  };
}

/** `POST /api/logs`: one page from the built-in backend, with no total and no older page. */
export function buildLogSearchResponse(overrides: Partial<LogSearchResponse> = {}): LogSearchResponse {
  return {
    backend: { name: 'mission-control', kinds: ['postgres'] },
    lines: [],
    total: null,
    next: null,
    ...overrides,
  };
}

/** A row of `components_with_logs`: service `checkout`, logging as app=checkout. */
export function buildComponentWithLogs(overrides: Partial<ComponentWithLogsRow> = {}): ComponentWithLogsRow {
  return {
    id: 'c1',
    name: 'checkout',
    type: 'Service',
    icon: null,
    agent_id: null,
    log_selectors: [{ name: 'app', labels: { app: 'checkout' } }],
    ...overrides,
  };
}
