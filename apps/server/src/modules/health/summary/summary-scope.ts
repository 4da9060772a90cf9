/**
 * The caller's permission scope as the health summary sees it: which canaries and checks a deny row
 * hides from them. The route already refused callers without read on canaries (and global deny rows);
 * a deny row naming one canary or check cannot refuse the whole list, so the summary leaves those
 * checks out. The scope is part of the summary cache's key: two callers share a cached answer only
 * when they have the same roles and the same hidden canaries and checks.
 */
import type { Actor } from '../../../platform/request-context.js';
import type { Grants } from '../../rbac/index.js';
import { actionMatches } from '../../rbac/index.js';

/** Canaries and checks hidden from the caller by deny rows (sorted, so equal scopes compare equal). */
export interface SummaryScope {
  /** Stable text naming the scope, for cache keys. */
  key: string;
  deniedCanaries: string[];
  deniedChecks: string[];
}

/** The scope of a caller with nothing hidden (the system actor). */
export const UNRESTRICTED_SCOPE: SummaryScope = { key: 'system', deniedCanaries: [], deniedChecks: [] };

/** The summary scope of a person from their grants: deny rows on one canary or check that cover read. */
export function summaryScope(actor: Actor & { kind: 'person' }, grants: Pick<Grants, 'rules'>): SummaryScope {
  const deniedCanaries = new Set<string>();
  const deniedChecks = new Set<string>();
  for (const rule of grants.rules) {
    if (!rule.deny || !actionMatches(rule.action, 'read')) continue;
    if (rule.canary_id) deniedCanaries.add(rule.canary_id);
    if (rule.check_id) deniedChecks.add(rule.check_id);
  }
  const scope = {
    deniedCanaries: [...deniedCanaries].sort(),
    deniedChecks: [...deniedChecks].sort(),
  };
  const roles = [...actor.roles].sort();
  return { key: JSON.stringify([roles, scope.deniedCanaries, scope.deniedChecks]), ...scope };
}
