import { type AccessAction, OBJECT_TO_KIND, type ResourceKind, roleAllows } from '@mc/contracts';
import type { Grants, PermissionRuleRow } from './grants.js';

/** Columns of a permission row that name one resource. */
export const SCOPE_FIELDS = [
  'config_id',
  'component_id',
  'canary_id',
  'playbook_id',
  'connection_id',
  'check_id',
] as const;
/** One of {@link SCOPE_FIELDS}. */
export type ScopeField = (typeof SCOPE_FIELDS)[number];

/** The matrix kind a row that names one resource of this field applies to. */
export const SCOPE_FIELD_KIND: Readonly<Record<ScopeField, ResourceKind>> = {
  config_id: 'database',
  component_id: 'topologies',
  canary_id: 'canaries',
  check_id: 'canaries',
  playbook_id: 'playbooks',
  connection_id: 'connections',
};

/** A question to the authorisation function. */
export interface AuthzQuestion {
  kind: ResourceKind;
  action: AccessAction;
  /** The one resource the request is about, when it is about one. */
  resource?: { field: ScopeField; id: string };
}

/** The answer: allowed outright, allowed only on some resources (`scopes`), or refused. */
export type AuthzAnswer = { allow: true; scopes?: { field: ScopeField; ids: string[] }[] } | { allow: false };

const WRITES = ['create', 'update', 'delete'];

/** The matrix column an action falls under. Running or approving a playbook writes a run. */
function matrixAction(action: AccessAction): { kind?: ResourceKind; column: 'read' | 'write' } {
  if (action === 'read') return { column: 'read' };
  if (action === 'playbook:run' || action === 'playbook:approve') return { kind: 'playbook_runs', column: 'write' };
  return { column: 'write' };
}

/** Whether a row's action list (`read`, `*`, `create,read,update,delete`, `playbook:run`…) covers `action`. */
export function actionMatches(ruleAction: string, action: AccessAction): boolean {
  const listed = ruleAction.split(',').map((a) => a.trim());
  if (listed.includes('*') || listed.includes(action)) return true;
  if (action === 'write') return listed.some((a) => WRITES.includes(a) || a === 'write');
  if (WRITES.includes(action)) return listed.includes('write');
  return false;
}

/** The matrix kind a permission object names (`catalog` → `database`), or the object itself. */
export function objectKind(object: string): string {
  return OBJECT_TO_KIND[object] ?? object;
}

function scopeOf(rule: PermissionRuleRow): { field: ScopeField; id: string } | undefined {
  for (const field of SCOPE_FIELDS) {
    const id = rule[field];
    if (id) return { field, id };
  }
  return undefined;
}

function ruleKindMatches(rule: PermissionRuleRow, kind: ResourceKind): boolean {
  const scope = scopeOf(rule);
  if (scope)
    return SCOPE_FIELD_KIND[scope.field] === kind || (kind === 'playbook_runs' && scope.field === 'playbook_id');
  return rule.object === '*' || (rule.object !== null && objectKind(rule.object) === kind);
}

/**
 * The one authorisation function (issue 3 §6). Order: a matching global deny row refuses; a deny
 * row on the requested resource refuses; the role matrix allows; a global allow row allows; an
 * allow row on the requested resource allows; without a named resource, allow rows on single
 * resources allow those resources only (row scope). Expired rows never reach here.
 */
export function authorize(grants: Pick<Grants, 'roles' | 'rules'>, question: AuthzQuestion): AuthzAnswer {
  const { kind, action, resource } = question;
  const applicable = grants.rules.filter((rule) => ruleKindMatches(rule, kind) && actionMatches(rule.action, action));
  const global = applicable.filter((rule) => !scopeOf(rule));
  const scoped = applicable.filter((rule) => scopeOf(rule));
  const onResource = (rule: PermissionRuleRow) => {
    const scope = scopeOf(rule);
    return resource !== undefined && scope?.field === resource.field && scope.id === resource.id;
  };

  if (global.some((rule) => rule.deny)) return { allow: false };
  if (scoped.some((rule) => rule.deny && onResource(rule))) return { allow: false };
  const matrix = matrixAction(action);
  if (roleAllows(grants.roles, matrix.kind ?? kind, matrix.column)) return { allow: true };
  if (global.some((rule) => !rule.deny)) return { allow: true };
  if (resource) return scoped.some((rule) => !rule.deny && onResource(rule)) ? { allow: true } : { allow: false };

  const byField = new Map<ScopeField, string[]>();
  for (const rule of scoped) {
    const scope = scopeOf(rule);
    if (rule.deny || !scope) continue;
    byField.set(scope.field, [...(byField.get(scope.field) ?? []), scope.id]);
  }
  if (byField.size === 0) return { allow: false };
  return { allow: true, scopes: [...byField].map(([field, ids]) => ({ field, ids })) };
}
