import type { AccessAction, ResourceKind } from '@mc/contracts';
import type { Logger } from './logger.js';

/** Who makes a request. The identity module fills this in; until then requests are anonymous. */
export type Actor =
  | { kind: 'anonymous' }
  | { kind: 'system'; name: string }
  | {
      kind: 'person';
      id: string;
      roles: readonly string[];
      via?: 'session' | 'token' | 'organization';
      /** The organisation whose signed token authenticated the request (hosted mode, docs/hosted-mode.md). */
      organization?: string;
    };

/** The one resource a request is about, as a permission row would name it. */
export interface NamedResource {
  field: 'config_id' | 'component_id' | 'canary_id' | 'playbook_id' | 'connection_id' | 'check_id';
  id: string;
}

/** A permission question: may the actor do `action` on `resource` (optionally one named resource)? */
export interface PermissionQuestion {
  resource: ResourceKind;
  action: AccessAction;
  named?: NamedResource;
}

/** Answers permission questions; installed per request by the authentication middleware. */
export type PermissionChecker = (actor: Actor, question: PermissionQuestion) => Promise<boolean>;

/** Per-request values every handler can read from `c.var`. */
export interface RequestVariables {
  requestId: string;
  actor: Actor;
  log: Logger;
  /** Set by the authentication middleware; {@link requirePermission} asks it. Absent means deny. */
  checkPermission?: PermissionChecker;
}

/** Hono environment type shared by every router of the server. */
export interface AppEnv {
  Variables: RequestVariables;
}

/** An administrator or the server itself: who may change a security property or grant a role. */
export function isAdministrator(actor: Actor): boolean {
  return actor.kind === 'system' || (actor.kind === 'person' && actor.roles.includes('admin'));
}
