import { ROLES } from '@mc/contracts';
import type { Tables } from '@mc/db';
import type { Kysely } from 'kysely';
import { AppError } from '../../platform/errors.js';
import { listRoles, setRoles } from './rbac.repo.js';

/** Replaces a person's roles; unknown roles are a 400. */
export async function assignRoles(db: Kysely<Tables>, personId: string, roles: readonly string[]): Promise<void> {
  const unknown = roles.filter((role) => !(ROLES as readonly string[]).includes(role));
  if (unknown.length > 0) throw new AppError('bad_request', `Unknown role: ${unknown.join(', ')}`);
  await setRoles(db, personId, roles);
}

/** The roles of a person. */
export function rolesOf(db: Kysely<Tables>, personId: string): Promise<string[]> {
  return listRoles(db, personId);
}
