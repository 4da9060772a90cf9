import type { PermissionPage, PermissionSummary } from '@mc/contracts';

/**
 * Permission answers for screen tests (CONVENTIONS 15: factories, not fixture blobs), typed by the
 * permissions contracts the server answers with.
 */

/** A permission row of `GET /api/permissions`: `read` allowed on nothing in particular until links are given. */
export function buildPermissionSummary(overrides: Partial<PermissionSummary> = {}): PermissionSummary {
  return {
    id: 'perm1',
    action: 'read',
    deny: false,
    description: null,
    object: null,
    source: 'UI',
    until: null,
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
    created_by: null,
    updated_by: null,
    person_id: null,
    team_id: null,
    notification_id: null,
    config_id: null,
    component_id: null,
    canary_id: null,
    playbook_id: null,
    connection_id: null,
    check_id: null,
    person: null,
    team: null,
    notification: null,
    catalog: null,
    component: null,
    canary: null,
    playbook: null,
    connection: null,
    check: null,
    createdBy: null,
    ...overrides,
  };
}

/** `GET /api/permissions`: one page holding `data`, of `totalEntries` (all of them unless given). */
export function buildPermissionPage(data: PermissionSummary[] = [], totalEntries = data.length): PermissionPage {
  return { data, totalEntries };
}
