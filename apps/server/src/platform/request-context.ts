import type { Logger } from './logger.js';

/** Who makes a request. The identity module fills this in; until then requests are anonymous. */
export type Actor =
  | { kind: 'anonymous' }
  | { kind: 'system'; name: string }
  | { kind: 'person'; id: string; roles: readonly string[] };

/** Per-request values every handler can read from `c.var`. */
export interface RequestVariables {
  requestId: string;
  actor: Actor;
  log: Logger;
}

/** Hono environment type shared by every router of the server. */
export interface AppEnv {
  Variables: RequestVariables;
}
