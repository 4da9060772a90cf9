/**
 * The action types this server runs: the nine of spec 000 §3, one file each (docs/playbooks.md, "Action
 * types"). A run of a playbook whose action type is missing here is refused with a 400 naming the type.
 */
import type { ActionKind } from './action-kind.js';
import { aiAction } from './ai.action.js';
import { azureDevopsPipelineAction } from './azure-devops-pipeline.action.js';
import { execAction } from './exec.action.js';
import { githubAction } from './github.action.js';
import { gitopsAction } from './gitops.action.js';
import { httpAction } from './http.action.js';
import { notificationAction } from './notification.action.js';
import { podAction } from './pod.action.js';
import { sqlAction } from './sql.action.js';

/** Built action types by their key in `actions[]`. */
export const ACTION_KINDS: Readonly<Record<string, ActionKind>> = {
  // each kind's fields are typed by its own schema
  ai: aiAction as unknown as ActionKind,
  azureDevopsPipeline: azureDevopsPipelineAction as unknown as ActionKind,
  exec: execAction as unknown as ActionKind,
  github: githubAction as unknown as ActionKind,
  gitops: gitopsAction as unknown as ActionKind,
  http: httpAction as unknown as ActionKind,
  notification: notificationAction as unknown as ActionKind,
  pod: podAction as unknown as ActionKind,
  sql: sqlAction as unknown as ActionKind,
};
