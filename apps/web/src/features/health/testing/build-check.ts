import type { CheckSummary } from '../api/get-checks-summary';

/** A check as the summary lists it, for screen tests (CONVENTIONS 15: factories, not fixture blobs). */
export function buildCheck(overrides: Partial<CheckSummary> = {}): CheckSummary {
  return {
    id: 'c1',
    canary_id: 'k1',
    canary_name: 'web',
    name: 'homepage',
    type: 'http',
    namespace: 'default',
    description: null,
    endpoint: 'https://example.com',
    icon: null,
    status: 'healthy',
    severity: 'medium',
    owner: null,
    labels: {},
    last_runtime: null,
    last_transition_time: null,
    next_runtime: null,
    uptime: { passed: 1, failed: 0 },
    latency: { p95: 10, p97: 11, p99: 12, rolling1h: 10 },
    ...overrides,
  };
}
