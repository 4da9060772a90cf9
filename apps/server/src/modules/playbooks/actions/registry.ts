/**
 * The action types this server runs. The others of spec 000 §3 (ai, notification, gitops, github,
 * azureDevopsPipeline, sql, pod) are not built yet: a run of a playbook using one is refused with a 400
 * naming the type (docs/playbooks.md).
 */
import type { ActionKind } from './action-kind.js';
import { execAction } from './exec.action.js';
import { httpAction } from './http.action.js';

/** Built action types by their key in `actions[]`. */
export const ACTION_KINDS: Readonly<Record<string, ActionKind>> = {
  // each kind's fields are typed by its own schema
  exec: execAction as unknown as ActionKind,
  http: httpAction as unknown as ActionKind,
};
