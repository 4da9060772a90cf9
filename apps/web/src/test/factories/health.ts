import type {
  CheckArtifact,
  CheckComponentRelationshipRow,
  CheckConfigRelationshipRow,
  CheckGraph,
  CheckLocation,
  CheckLocations,
  CheckRow,
  CheckRunAnswer,
  CheckStatusRow,
  CheckSummary,
  HealthSummary,
  LocationRunAnswer,
} from '@mc/contracts';
import { toRowColumns } from '@mc/contracts';

/**
 * Health answers for screen tests (CONVENTIONS 15: factories, not fixture blobs), typed by the health and
 * agents contracts the server answers with. Checks as the dashboard lists them are built by
 * features/health/testing (the contract's CheckSummary).
 */

/** One location of a multi-location check: healthy, its agent online, run at noon. */
export function buildCheckLocation(overrides: Partial<CheckLocation> = {}): CheckLocation {
  return {
    name: 'eu-west',
    agent_id: 'a1',
    agent_online: true,
    status: 'healthy',
    time: '2026-11-25T12:00:00Z',
    duration: 40,
    message: 'ok',
    error: null,
    ...overrides,
  };
}

/** `GET /api/checks/{id}/locations`: a check run from one place (no quorum, no locations) unless given. */
export function buildCheckLocations(overrides: Partial<CheckLocations> = {}): CheckLocations {
  return { quorum: null, healthy: 0, locations: [], ...overrides };
}

/** Run Now's 202 answer for a multi-location check: every location asked, none skipped unless given. */
export function buildLocationRunAnswer(overrides: Partial<LocationRunAnswer> = {}): LocationRunAnswer {
  return {
    id: 'c1',
    message: 'Asked eu-west to run the check at its next poll',
    requested: [],
    skipped: [],
    ...overrides,
  };
}

/** A live row of `checks` (the data API's stored check): HTTP check `homepage`, never run. */
export function buildCheckRow(overrides: Partial<CheckRow> = {}): CheckRow {
  return {
    id: 'c1',
    canary_id: 'k1',
    agent_id: null,
    type: 'http',
    name: 'homepage',
    namespace: 'default',
    description: null,
    endpoint: 'https://example.com',
    icon: null,
    spec: {},
    labels: null,
    owner: null,
    severity: null,
    status: null,
    last_runtime: null,
    last_transition_time: null,
    next_runtime: null,
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
    deleted_at: null,
    ...overrides,
  };
}

/** `POST /api/canary/api/summary`: the given checks over the last hour, as this server's runner answers. */
export function buildHealthSummary(checks: CheckSummary[] = [], overrides: Partial<HealthSummary> = {}): HealthSummary {
  return {
    duration: 3,
    runnerName: 'local',
    from: '2026-11-25T11:00:00Z',
    to: '2026-11-25T12:00:00Z',
    checks_summary: checks,
    ...overrides,
  };
}

/** The same summary asked with `format: 'columns'`, as the server writes it (`checks_columns` first). */
export function buildHealthSummaryColumns(checks: CheckSummary[] = []) {
  const { checks_summary, ...head } = buildHealthSummary(checks);
  return { checks_columns: toRowColumns(checks_summary), ...head };
}

/** `GET /api/canary/api/graph`: no buckets, no runs. */
export function buildCheckGraph(overrides: Partial<CheckGraph> = {}): CheckGraph {
  return {
    duration: 2,
    runnerName: 'local',
    status: [],
    latency: { p95: 0, p97: 0, p99: 0 },
    uptime: { passed: 0, failed: 0 },
    ...overrides,
  };
}

/** A row of `check_statuses`: a passing 100 ms run of check c1 at noon. */
export function buildCheckStatusRow(overrides: Partial<CheckStatusRow> = {}): CheckStatusRow {
  return {
    check_id: 'c1',
    time: '2026-11-25T12:00:00Z',
    status: true,
    invalid: false,
    duration: 100,
    message: null,
    error: null,
    details: null,
    severity: null,
    created_at: '2026-11-25T12:00:00Z',
    ...overrides,
  };
}

/** A row of `check_component_relationships` with its component embedded. */
export function buildCheckComponentRelationship(
  component: NonNullable<CheckComponentRelationshipRow['components']>,
): CheckComponentRelationshipRow {
  return {
    component_id: component.id,
    check_id: 'c1',
    canary_id: null,
    selector_id: null,
    deleted_at: null,
    components: component,
  };
}

/** A row of `check_config_relationships` with its item embedded. */
export function buildCheckConfigRelationship(
  item: NonNullable<CheckConfigRelationshipRow['config_items']>,
): CheckConfigRelationshipRow {
  return {
    config_id: item.id,
    check_id: 'c1',
    canary_id: null,
    selector_id: null,
    deleted_at: null,
    config_items: item,
  };
}

/** Run Now's answer for a check run here: a healthy 12 ms run. */
export function buildCheckRunResult(
  overrides: Partial<Exclude<CheckRunAnswer, LocationRunAnswer>> = {},
): Exclude<CheckRunAnswer, LocationRunAnswer> {
  return { id: 'c1', status: 'healthy', duration: 12, message: '', details: {}, ...overrides };
}

/** One file an exec check kept: a 2 KiB text report. */
export function buildCheckArtifact(overrides: Partial<CheckArtifact> = {}): CheckArtifact {
  return {
    id: 'f1',
    path: 'out/report.txt',
    size: 2048,
    content_type: 'text/plain',
    created_at: '2026-11-25T12:00:00Z',
    ...overrides,
  };
}
