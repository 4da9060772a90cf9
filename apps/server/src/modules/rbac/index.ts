/**
 * The rbac module's public face: what other modules, the composition root and tests may use.
 * Everything else in this folder is private to the module.
 */
import { teamGrantsHook } from './team-grants.hook.js';

export { type AccessControl, createAccessControl } from './access-control.js';
export { actionMatches, authorize } from './authorize.js';
export { type GrantColumns, type Grants, grantsFromColumns } from './grants.js';
export { assignRoles, grantColumns, loadGrants, lockTeamGrants, setRoles } from './rbac.service.js';

/** What the composition root (src/composition) assembles from this module. */
export const rbacModule = {
  name: 'rbac',
  writeHooks: { teams: teamGrantsHook, team_members: teamGrantsHook },
};
