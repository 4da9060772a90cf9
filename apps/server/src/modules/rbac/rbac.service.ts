import { ROLES } from '@mc/contracts';
import type { Tables } from '@mc/db';
import type { Kysely, RawBuilder } from 'kysely';
import { AppError } from '../../platform/errors.js';
import type { Grants } from './grants.js';
import * as repo from './rbac.repo.js';

type Db = Kysely<Tables>;

/** Replaces a person's roles; unknown roles are a 400. */
export async function assignRoles(db: Db, personId: string, roles: readonly string[]): Promise<void> {
  const unknown = roles.filter((role) => !(ROLES as readonly string[]).includes(role));
  if (unknown.length > 0) throw new AppError('bad_request', `Unknown role: ${unknown.join(', ')}`);
  await repo.setRoles(db, personId, roles);
}

/**
 * Replaces a person's roles without checking them against the known roles: for test kits that seed
 * people with a role, where {@link assignRoles} is the checked way.
 */
export function setRoles(db: Db, personId: string, roles: readonly string[]): Promise<void> {
  return repo.setRoles(db, personId, roles);
}

/** The roles of a person. */
export function rolesOf(db: Db, personId: string): Promise<string[]> {
  return repo.listRoles(db, personId);
}

/** Roles, team memberships and live permission rows of a person, for a decision outside a request's actor. */
export function loadGrants(db: Db, personId: string): Promise<Grants> {
  return repo.loadGrants(db, personId);
}

/**
 * The select-list columns `roles`, `team_ids` and `rules` of the person whose id `person` yields, so the
 * authentication read path fetches session, identity and grants in one statement (read them back with
 * `grantsFromColumns`).
 */
export function grantColumns(person: RawBuilder<unknown>): RawBuilder<unknown> {
  return repo.grantColumns(person);
}

/**
 * Serialises, per team, a change of its members with a change of its permission rows until the
 * transaction ends, so a member added by an editor and a row granted to the team at the same moment
 * cannot both see "no rows yet".
 */
export function lockTeamGrants(db: Db, teamIds: readonly string[]): Promise<void> {
  return repo.lockTeams(db, teamIds);
}
