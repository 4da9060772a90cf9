import type { Logger } from './logger.js';
import type { PermissionChecker } from './require-permission.js';

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
