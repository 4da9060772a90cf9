import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { AppError } from './errors.js';
import type { AppEnv } from './request-context.js';

/**
 * Maps any thrown error to a JSON answer: AppError by its code, Hono's HTTP exceptions (such as a
 * malformed JSON body) by their status, anything else to a 500 that reveals no internals.
 */
export function handleError(error: Error, c: Context<AppEnv>): Response {
  if (error instanceof AppError) {
    return c.json({ code: error.code, message: error.message, details: error.details ?? null }, error.status);
  }
  if (error instanceof HTTPException) {
    return c.json({ code: 'bad_request', message: error.message || 'Bad request' }, error.status);
  }
  c.var.log?.error('unhandled error', { error });
  return c.json({ code: 'internal', message: 'Internal server error', requestId: c.var.requestId }, 500);
}
