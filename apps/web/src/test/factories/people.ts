import type { InviteUserResult, PeopleRolesRow, PersonRow, RecoveryLink, TeamMemberRow, TeamRow } from '@mc/contracts';

/**
 * Identity answers for screen tests (CONVENTIONS 15: factories, not fixture blobs), typed by the identity
 * contracts the server answers with.
 */

/** `POST /api/auth/invite_user`: an editor invited and mailed (no link answered). */
export function buildInviteUserResult(overrides: Partial<InviteUserResult> = {}): InviteUserResult {
  return { id: 'p9', email: 'cy@example.com', role: 'editor', mailed: true, ...overrides };
}

/** `POST /api/auth/recovery_link`: a single-use link and when it ends. */
export function buildRecoveryLink(overrides: Partial<RecoveryLink> = {}): RecoveryLink {
  return {
    link: 'http://localhost:8080/api/.ory/self-service/recovery?flow=f1&token=T0k3n',
    expiresAt: '2026-12-05T21:00:00Z',
    ...overrides,
  };
}

/** A row of `people_roles`: Ada, a viewer who never signed in. */
export function buildPeopleRolesRow(overrides: Partial<PeopleRolesRow> = {}): PeopleRolesRow {
  return {
    id: 'p1',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    avatar: null,
    type: null,
    roles: ['viewer'],
    last_login: null,
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
    deleted_at: null,
    ...overrides,
  };
}

/** A live row of `teams` made in the console, without members. */
export function buildTeamRow(overrides: Partial<TeamRow> = {}): TeamRow {
  return {
    id: 't1',
    name: 'SRE',
    icon: 'group',
    spec: null,
    source: 'UI',
    created_by: null,
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
    deleted_at: null,
    team_members: [],
    ...overrides,
  };
}

/** A row of `team_members` with its person embedded (a live one unless `person` says otherwise). */
export function buildTeamMemberRow(
  person: Partial<NonNullable<TeamMemberRow['person']>> = {},
  overrides: Partial<TeamMemberRow> = {},
): TeamMemberRow {
  const embedded = {
    id: 'p1',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    avatar: null,
    deleted_at: null,
    ...person,
  };
  return { team_id: 't1', person_id: embedded.id, source: 'UI', created_at: null, person: embedded, ...overrides };
}

/** A live row of `people`: Ada, in no team, who never signed in. */
export function buildPersonRow(overrides: Partial<PersonRow> = {}): PersonRow {
  return {
    id: 'p1',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    avatar: null,
    type: null,
    team_id: null,
    last_login: null,
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
    deleted_at: null,
    ...overrides,
  };
}
