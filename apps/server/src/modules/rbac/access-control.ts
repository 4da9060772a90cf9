import { RESOURCE_KINDS, roleAllows, type WhoamiPermission } from '@mc/contracts';
import type { Database } from '@mc/db';
import type { DataAccessDecision, DataAccessPolicy, RowScope } from '../../platform/access.js';
import type { Actor, PermissionChecker } from '../../platform/request-context.js';
import { actionMatches, authorize, objectKind, SCOPE_FIELD_KIND, SCOPE_FIELDS } from './authorize.js';
import { componentDenials, componentScope } from './component-scopes.js';
import type { Grants } from './grants.js';
import { loadGrants } from './rbac.service.js';
import { ADMIN_TABLES, SECRET_TABLES, tableRule } from './table-kinds.js';

/** The authorisation service: one decision function for routes, the data API and who-am-I. */
export interface AccessControl {
  /** The grants of a person actor (cached on the actor object for the request). */
  grantsOf(actor: Actor & { kind: 'person' }): Promise<Grants>;
  /** Remembers grants already loaded while authenticating, so a request reads them once. */
  remember(actor: Actor, grants: Grants): void;
  check: PermissionChecker;
  dataAccess: DataAccessPolicy;
  /** The effective permissions listed by who-am-I: the matrix of the roles plus the live rows. */
  effectivePermissions(grants: Grants): WhoamiPermission[];
}

const FORBIDDEN_TABLE: DataAccessDecision = {
  allow: false,
  status: 403,
  message: 'This table is not available through the data API',
};

/** Builds the access control over a database. */
export function createAccessControl(database: Database): AccessControl {
  const cache = new WeakMap<Actor, Grants>();
  const grantsOf = async (actor: Actor & { kind: 'person' }): Promise<Grants> => {
    const cached = cache.get(actor);
    if (cached) return cached;
    const grants = await loadGrants(database.db, actor.id);
    cache.set(actor, grants);
    return grants;
  };

  const check: PermissionChecker = async (actor, question) => {
    if (actor.kind === 'system') return true;
    if (actor.kind !== 'person') return false;
    const grants = await grantsOf(actor);
    const answer = authorize(grants, { kind: question.resource, action: question.action, resource: question.named });
    return answer.allow && !answer.scopes;
  };

  const dataAccess: DataAccessPolicy = async ({ actor, table, action }) => {
    if (actor.kind === 'anonymous') return { allow: false, status: 401, message: 'Unauthorized' };
    if (SECRET_TABLES.has(table)) return FORBIDDEN_TABLE;
    if (actor.kind === 'system') return { allow: true };
    const grants = await grantsOf(actor);
    if (ADMIN_TABLES.has(table) && !grants.roles.includes('admin'))
      return { allow: false, status: 403, message: `Only an administrator may ${action} ${table}` };
    const rule = tableRule(table);
    const answer = authorize(grants, { kind: rule.kind, action });
    if (!answer.allow)
      return { allow: false, status: 403, message: `You do not have permission to ${action} ${table}` };
    const denials = componentDenials(grants, action, rule.scope?.component_id);
    if (!answer.scopes) return denials.length > 0 ? { allow: true, rowScopes: denials } : { allow: true };
    const rowScopes: RowScope[] = [];
    for (const scope of answer.scopes) {
      const column = rule.scope?.[scope.field];
      if (!column) continue;
      rowScopes.push(
        scope.field === 'component_id' ? componentScope(column, scope.ids) : { column, values: scope.ids },
      );
    }
    if (rowScopes.length === 0)
      return { allow: false, status: 403, message: `You do not have permission to ${action} ${table}` };
    return { allow: true, rowScopes: [...rowScopes, ...denials] };
  };

  const effectivePermissions = (grants: Grants): WhoamiPermission[] => {
    const out: WhoamiPermission[] = [];
    for (const kind of RESOURCE_KINDS) {
      for (const action of ['read', 'write'] as const)
        if (roleAllows(grants.roles, kind, action)) out.push({ resource: kind, action });
    }
    for (const rule of grants.rules) {
      const field = SCOPE_FIELDS.find((f) => rule[f]);
      if (field) {
        out.push({
          resource: `${SCOPE_FIELD_KIND[field]}:${rule[field]}`,
          action: rule.action,
          ...(rule.deny ? { deny: true } : {}),
        });
        continue;
      }
      const resource = rule.object === '*' || rule.object === null ? '*' : objectKind(rule.object);
      for (const action of ['read', 'write'] as const) {
        if (actionMatches(rule.action, action)) out.push({ resource, action, ...(rule.deny ? { deny: true } : {}) });
      }
      for (const special of ['playbook:run', 'playbook:approve'] as const) {
        if (rule.action.split(',').includes(special))
          out.push({ resource, action: special, ...(rule.deny ? { deny: true } : {}) });
      }
    }
    return out;
  };

  return { grantsOf, remember: (actor, grants) => cache.set(actor, grants), check, dataAccess, effectivePermissions };
}
