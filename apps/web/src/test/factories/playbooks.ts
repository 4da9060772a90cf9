import type { PlaybookParameter, PlaybookParams, PlaybookRunStarted } from '@mc/contracts';
import type {
  PlaybookRunActionView,
  PlaybookRunHistory,
  PlaybookRunView,
  PlaybookSummary,
} from '../../features/playbooks';

/**
 * Playbook answers for screen tests (CONVENTIONS 15: factories, not fixture blobs), typed by the playbooks
 * api's types (picked from the contracts' rows and answers), so a changed shape fails the tests' typecheck
 * instead of passing on stale JSON.
 */

/** A playbook row of `/api/db/playbooks` or `GET /api/playbook/list`. */
export function buildPlaybook(overrides: Partial<PlaybookSummary> = {}): PlaybookSummary {
  return {
    id: '01900000-0000-7000-8000-0000000000a1',
    name: 'restart',
    title: 'Restart service',
    icon: null,
    category: '',
    description: null,
    spec: {},
    ...overrides,
  };
}

/** A run row of `/api/db/playbook_runs`: nothing started, on no resource. */
export function buildPlaybookRun(overrides: Partial<PlaybookRunView> = {}): PlaybookRunView {
  return {
    id: '01900000-0000-7000-8000-0000000000d1',
    playbook_id: '01900000-0000-7000-8000-0000000000a1',
    status: 'running',
    parameters: {},
    error: null,
    created_at: '2026-11-28T04:00:00Z',
    start_time: null,
    end_time: null,
    created_by: null,
    ...overrides,
  };
}

/** An action row of `/api/db/playbook_run_actions`. */
export function buildRunAction(overrides: Partial<PlaybookRunActionView> = {}): PlaybookRunActionView {
  return {
    id: 'a1',
    name: 'restart',
    status: 'completed',
    start_time: null,
    end_time: null,
    result: null,
    error: null,
    ...overrides,
  };
}

/** `GET /api/playbook/run/{id}/history`: no requester, transitions or approvals unless given. */
export function buildRunHistory(overrides: Partial<PlaybookRunHistory> = {}): PlaybookRunHistory {
  return { requested_by: null, transitions: [], approvals: [], ...overrides };
}

/** `POST /api/playbook/{id}/params`: the given parameters (none unless given). */
export function buildPlaybookParams(params: PlaybookParameter[] = []): PlaybookParams {
  return { params };
}

/** `POST /api/playbook/run`: the run started. */
export function buildPlaybookRunStarted(overrides: Partial<PlaybookRunStarted> = {}): PlaybookRunStarted {
  return { run_id: '01900000-0000-7000-8000-0000000000d1', ...overrides };
}
