import type { z } from 'zod';
import { AppError } from '../../platform/errors.js';

/**
 * Parses a request body or query with a contract schema; a failure is a 400 whose message names every
 * problem (e.g. "Unknown incident status 'x'. Expected one of: …", "Title is too long (500 characters at
 * most)") and whose details list them by path.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  const message = issues.map((issue) =>
    issue.path && !issue.message.startsWith('Unknown') && !namesField(issue.message, issue.path)
      ? `${issue.path}: ${issue.message}`
      : issue.message,
  );
  throw new AppError('bad_request', message.join('; '), { issues });
}

/** Whether a message already names its field ('Title is too long …' for `title`), so no prefix is added. */
function namesField(message: string, path: string): boolean {
  const field = path.split('.').at(-1)?.replaceAll('_', ' ') ?? '';
  return field !== '' && message.toLowerCase().startsWith(`${field.toLowerCase()} `);
}

/** PostgreSQL error fields the driver exposes. */
interface PgError {
  code?: string;
  message?: string;
  constraint?: string;
}

function isPgError(error: unknown): error is PgError {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string';
}

/**
 * Turns a rule the database enforced (the incident triggers raise P0001 with the same messages as the
 * contracts; foreign keys and bad ids) into a 400, so no client input ever answers a 500.
 */
export function toAppError(error: unknown): unknown {
  if (!isPgError(error)) return error;
  if (error.code === 'P0001') return new AppError('bad_request', error.message ?? 'Refused');
  if (error.code === '23503')
    return new AppError('bad_request', `A referenced record does not exist (${error.constraint ?? 'foreign key'})`);
  if (error.code === '22P02') return new AppError('bad_request', error.message ?? 'Invalid value');
  return error;
}
