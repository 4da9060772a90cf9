import type { Actor } from './request-context.js';

/** What a data-API request wants to do to a table. */
export type DataAction = 'read' | 'create' | 'update' | 'delete';

/** One request to the generic data API, as the access policy sees it. */
export interface DataAccessRequest {
  actor: Actor;
  table: string;
  action: DataAction;
}

/**
 * Limits the rows a permitted request may touch: only rows whose `column` is one of `values`.
 * Several scopes on one decision are alternatives (a row passes if it matches any); `exclude` scopes
 * instead leave out the rows they match, whatever the others say (a deny row).
 */
export interface RowScope {
  column: string;
  values: readonly string[];
  /**
   * `component_subtree`: the column holds a component id, and it matches when that component or one
   * of its ancestors is one of `values` — a permission row on a component covers its subtree
   * (docs/topology.md). Default: the column's value is one of `values`.
   */
  match?: 'component_subtree';
  /** Rows matching this scope are left out (a deny row) rather than being the ones kept. */
  exclude?: boolean;
}

/** The policy's answer: allowed (maybe only for some rows), or refused with a status and message. */
export type DataAccessDecision =
  | { allow: true; rowScopes?: readonly RowScope[] }
  | { allow: false; status: 401 | 403; message: string };

/**
 * The one hook every `/api/db` request passes through. The identity module supplies the only
 * policy (roles, permission rows, row scope); a router that needs one and is given none refuses to
 * mount (a programming error), so there is no allow-everything default.
 */
export type DataAccessPolicy = (request: DataAccessRequest) => DataAccessDecision | Promise<DataAccessDecision>;
