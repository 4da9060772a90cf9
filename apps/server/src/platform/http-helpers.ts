import type { Context } from 'hono';
import type { AuditContext } from './audit.js';
import { AppError } from './errors.js';
import type { AppEnv } from './request-context.js';

/** The JSON body of a request, or a clear 400 when it is missing or malformed. */
export async function readJson(c: Context<AppEnv>): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new AppError('bad_request', 'The request body must be JSON');
  }
}

/** The signed-in person's id, for created_by columns; null for system or anonymous callers. */
export function actorId(c: Context<AppEnv>): string | null {
  return c.var.actor.kind === 'person' ? c.var.actor.id : null;
}

/** The actor and request id of a mutating request, for the service to write its audit row. */
export function auditContext(c: Context<AppEnv>): AuditContext {
  return { actor: c.var.actor, requestId: c.var.requestId };
}
