/**
 * The rbac module's public face: what other modules, the composition root and tests may use.
 * Everything else in this folder is private to the module.
 */
import { teamGrantsHook } from './team-grants.hook.js';

export { type AccessControl, createAccessControl } from './access-control.js';
export { actionMatches, authorize } from './authorize.js';
export { type GrantColumns, type Grants, grantColumns, grantsFromColumns, loadGrants, setRoles } from './rbac.repo.js';
export { assignRoles } from './rbac.service.js';
export { lockTeamGrants } from './team-grants.hook.js';

/** What the composition root (src/composition) assembles from this module. */
export const rbacModule = {
  name: 'rbac',
  writeHooks: { teams: teamGrantsHook, team_members: teamGrantsHook },
};
