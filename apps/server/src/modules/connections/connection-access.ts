/**
 * Who may make the server use a connection (issue 25, docs/connections.md "Who may use a connection"):
 * naming a connection in a scraper, topology, canary, playbook, notification or log backend needs
 * permission to read it, checked when the definition is saved and again, with the rights of whoever last
 * saved it, each time it runs. Otherwise an editor, who may not read connections, could borrow an
 * administrator's.
 */
import type { Tables } from '@mc/db';
import type { Kysely } from 'kysely';
import { AppError } from '../../platform/errors.js';
import type { Actor } from '../../platform/request-context.js';
import { authorize, loadGrants } from '../rbac/index.js';
import { personIsLive } from './saved-by.repo.js';

/**
 * Whose rights a definition uses: a person's id, or null for the system (watched folders, agents, seed
 * data, rows saved before this rule), which acts as an administrator.
 */
export type SavedBy = string | null;

/** The `saved_by` a write by `actor` records: the person's id, or null for the system. */
export function savedByOf(actor: Actor): SavedBy {
  return actor.kind === 'person' ? actor.id : null;
}

/** The one connection a check is about. */
export interface NamedConnection {
  id: string;
  name: string;
  namespace: string;
}

/** Why `savedBy` may not read `connection`, or undefined when it may. */
export async function readRefusal(
  db: Kysely<Tables>,
  savedBy: SavedBy,
  connection: NamedConnection,
): Promise<string | undefined> {
  if (savedBy === null) return undefined;
  const label = `${connection.namespace}/${connection.name}`;
  if (!(await personIsLive(db, savedBy)))
    return `connection ${label}: whoever last saved this no longer exists; save it again`;
  const grants = await loadGrants(db, savedBy);
  const answer = authorize(grants, {
    kind: 'connections',
    action: 'read',
    resource: { field: 'connection_id', id: connection.id },
  });
  if (answer.allow && !answer.scopes) return undefined;
  return `connection ${label}: whoever last saved this may not read it`;
}

/** Throws 403 when `actor` may not read `connection`: the check at save. */
export async function assertMayReference(db: Kysely<Tables>, actor: Actor, connection: NamedConnection): Promise<void> {
  if (actor.kind === 'anonymous') throw new AppError('unauthorized', 'Unauthorized');
  const refusal = await readRefusal(db, savedByOf(actor), connection);
  if (refusal) {
    throw new AppError(
      'forbidden',
      `You may not use connection ${connection.namespace}/${connection.name}: naming a connection needs permission to read it`,
    );
  }
}
