import { isAdministrator } from '../../platform/request-context.js';
import type { WriteHook } from '../rest/index.js';
import { PgrstError } from '../rest/index.js';
import { countTeamPermissionRows } from './rbac.repo.js';
import { lockTeamGrants } from './rbac.service.js';

/**
 * Membership of a team grants the team's permission rows, so changing who is in such a team (or
 * restoring a deleted one) is granting permissions: administrators only, on `/api/db` as on
 * `/api/permissions`. Teams without permission rows stay open to every role that writes teams.
 */
export const teamGrantsHook: WriteHook = async ({ table, images, actor, trx }) => {
  if (isAdministrator(actor)) return;
  const teamIds = new Set<string>();
  for (const [before, after] of images) {
    if (table === 'team_members') {
      for (const image of [before, after]) if (image?.team_id) teamIds.add(String(image.team_id));
    } else if (before?.deleted_at && after && after.deleted_at === null) {
      teamIds.add(String(after.id));
    }
  }
  if (teamIds.size === 0) return;
  await lockTeamGrants(trx, [...teamIds]);
  if ((await countTeamPermissionRows(trx, [...teamIds])) > 0) {
    throw new PgrstError(
      403,
      '42501',
      'Only an administrator may change the members of a team that holds permissions (its members receive them)',
    );
  }
};
