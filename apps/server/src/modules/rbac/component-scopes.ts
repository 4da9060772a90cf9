import type { AccessAction } from '@mc/contracts';
import type { RowScope } from '../../platform/access.js';
import { actionMatches } from './authorize.js';
import type { Grants } from './grants.js';

/**
 * Permission rows on components cover subtrees (docs/topology.md, "Permissions on the tree"): a grant
 * scope on a component column matches the component and everything below it, and a deny row on a
 * component hides its subtree from every table with a component column — even from a role that may
 * read all topologies, and from tables of other kinds (`checks_by_component`, `incidents_by_component`),
 * so no path to the data shows a component its reader may not read.
 */
export function componentScope(column: string, ids: readonly string[]): RowScope {
  return { column, values: ids, match: 'component_subtree' };
}

/** The scopes leaving out the subtrees of the components `grants` deny `action` on, for `column`. */
export function componentDenials(
  grants: Pick<Grants, 'rules'>,
  action: AccessAction,
  column: string | undefined,
): RowScope[] {
  if (!column) return [];
  const ids = grants.rules.flatMap((rule) =>
    rule.deny && rule.component_id && actionMatches(rule.action, action) ? [rule.component_id] : [],
  );
  return ids.length > 0 ? [{ ...componentScope(column, ids), exclude: true }] : [];
}
