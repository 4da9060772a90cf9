import { hostname } from 'node:os';
import type { WhoamiAnswer } from '@mc/contracts';
import type { Database } from '@mc/db';
import { AppError } from '../../platform/errors.js';
import type { Actor } from '../../platform/request-context.js';
import type { AccessControl } from '../rbac/index.js';
import { profileOf } from './actor-resolver.js';
import { findPersonProfile } from './identity.repo.js';

/**
 * Who the signed-in person is (spec 000 §6): their name, email and avatar, roles and effective
 * permissions. With a session the profile comes from what authentication already read (no further
 * query); an API token's person is read from the people row. Anyone else is unauthorized. The same facts
 * are answered again in upstream's envelope (`payload`, with the server's host name) so upstream's
 * console signs in against this server too (issue 29).
 */
export async function whoami(deps: { database: Database; access: AccessControl }, actor: Actor): Promise<WhoamiAnswer> {
  if (actor.kind !== 'person') throw new AppError('unauthorized', 'Unauthorized');
  const person = profileOf(actor) ?? (await findPersonProfile(deps.database.db, actor.id));
  if (!person) throw new AppError('unauthorized', 'Unauthorized');
  const grants = await deps.access.grantsOf(actor);
  const user = {
    id: actor.id,
    name: person.name,
    email: person.email ?? '',
    ...(person.avatar ? { avatar: person.avatar } : {}),
  };
  const permissions = deps.access.effectivePermissions(grants);
  const upstreamPermissions = permissions.map((p) => ({
    subject: actor.id,
    object: p.resource,
    action: p.action,
    deny: p.deny ?? false,
  }));
  return {
    user,
    roles: grants.roles,
    permissions,
    message: 'success',
    payload: { user, roles: grants.roles, permissions: upstreamPermissions, hostname: hostname() },
  };
}
