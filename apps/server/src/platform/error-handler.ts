import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { databaseInputError } from './database-errors.js';
import { AppError } from './errors.js';
import { redact, redactText } from './log-redaction.js';
import type { AppEnv } from './request-context.js';

/**
 * Maps any thrown error to a JSON answer: AppError by its code, Hono's HTTP exceptions (such as a
 * malformed JSON body) by their status, a database error caused by the request's values by its 4xx
 * (see {@link databaseInputError}), anything else to a 500 that reveals no internals. Messages and
 * details pass the log redactor: a message quoting a remote's URL or header never carries its credential.
 */
export function handleError(error: Error, c: Context<AppEnv>): Response {
  if (error instanceof AppError) {
    return c.json(
      { code: error.code, message: redactText(error.message), details: redact(error.details ?? null) },
      error.status,
    );
  }
  if (error instanceof HTTPException) {
    return c.json({ code: 'bad_request', message: redactText(error.message) || 'Bad request' }, error.status);
  }
  const refused = databaseInputError(error);
  if (refused) {
    c.var.log?.warn('database refused a request value', { error });
    return c.json({ code: refused.code, message: redactText(refused.message), details: null }, refused.status);
  }
  c.var.log?.error('unhandled error', { error });
  return c.json({ code: 'internal', message: 'Internal server error', requestId: c.var.requestId }, 500);
}
