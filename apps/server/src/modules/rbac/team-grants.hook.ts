import type { Tables } from '@mc/db';
import { type Kysely, sql } from 'kysely';
import { isAdministrator } from '../../platform/request-context.js';
import type { WriteHook } from '../rest/index.js';
import { PgrstError } from '../rest/index.js';

/**
 * Serialises, per team, a change of its members with a change of its permission rows until the
 * transaction ends, so a member added by an editor and a row granted to the team at the same moment
 * cannot both see "no rows yet". Teams in a fixed order, so two writers never wait on each other.
 */
export async function lockTeamGrants(db: Kysely<Tables>, teamIds: readonly string[]): Promise<void> {
  for (const id of [...teamIds].sort()) {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`mc:team-grants:${id}`}))`.execute(db);
  }
}

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
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM permissions
    WHERE team_id = ANY(${[...teamIds]}::uuid[]) AND deleted_at IS NULL`.execute(trx);
  if ((rows[0]?.n ?? 0) > 0) {
    throw new PgrstError(
      403,
      '42501',
      'Only an administrator may change the members of a team that holds permissions (its members receive them)',
    );
  }
};
