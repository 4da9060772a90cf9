import type { ConnectionTestResult } from '@mc/contracts';

/**
 * Connection answers for screen tests (CONVENTIONS 15: factories, not fixture blobs), typed by the
 * connections contracts the server answers with.
 */

/** `POST /api/connection/test[/{id}]`: the target was reached and answered as expected. */
export function buildConnectionTestResult(overrides: Partial<ConnectionTestResult> = {}): ConnectionTestResult {
  return { ok: true, message: 'Connected', mode: 'reached', duration_ms: 1, ...overrides };
}
