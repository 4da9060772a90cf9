import type { Whoami, WhoamiPermission } from '@mc/contracts';

/** One permission the who-am-I call returns (its contract's shape, so server and console cannot drift). */
export type Permission = WhoamiPermission;

/** What a guard or a control needs: a resource and an action (000 §6). */
export interface Requirement {
  resource: string;
  action: 'read' | 'write' | (string & {});
}

/** The signed-in user's identity and rights: the contract of GET /api/auth/whoami. */
export type Session = Whoami;

function actionCovers(granted: string, wanted: string): boolean {
  const actions = granted.split(',').map((action) => action.trim());
  if (actions.includes('*') || actions.includes(wanted)) return true;
  // write covers the mutating verbs and is covered by holding all three of them
  const mutating = ['create', 'update', 'delete'];
  if (actions.includes('write') && mutating.includes(wanted)) return true;
  return wanted === 'write' && mutating.every((verb) => actions.includes(verb));
}

function resourceCovers(granted: string, wanted: string): boolean {
  return granted === '*' || granted === wanted;
}

/** True for the admin role (001 §6: IsAdmin). */
export function isAdmin(session: Pick<Session, 'roles'>): boolean {
  return session.roles.includes('admin');
}

/** True for viewer or guest (001 §6: isViewer). Viewers do not get the Settings group. */
export function isViewer(session: Pick<Session, 'roles'>): boolean {
  return session.roles.includes('viewer') || session.roles.includes('guest');
}

/**
 * Whether the session may do `action` on `resource`: a matching deny wins, then admin or any
 * matching grant allows.
 */
export function can(session: Pick<Session, 'roles' | 'permissions'>, { resource, action }: Requirement): boolean {
  const matching = session.permissions.filter(
    (permission) => resourceCovers(permission.resource, resource) && actionCovers(permission.action, action),
  );
  if (matching.some((permission) => permission.deny)) return false;
  return isAdmin(session) || matching.length > 0;
}
