import { AppError } from './errors.js';

/** SQLSTATEs caused by the values a request sent, not by the server: the caller can correct them. */
const INPUT_STATES: Record<string, 'bad_request' | 'conflict'> = {
  '23505': 'conflict', // unique_violation
  '23P01': 'conflict', // exclusion_violation
  '23503': 'bad_request', // foreign_key_violation
  '23502': 'bad_request', // not_null_violation
  '23514': 'bad_request', // check_violation
  P0001: 'bad_request', // raise_exception: a rule of ours in a trigger, with its message
  '54000': 'bad_request', // program_limit_exceeded: a value too large to index
};

/**
 * The 4xx for a PostgreSQL error a request's values caused (class 22 data exceptions such as a NUL
 * character in text or an out-of-range number, integrity violations, our triggers' rules), so a
 * service that did not validate a value first still answers the caller with the database's reason
 * instead of a 500. Undefined for anything else (connection loss, syntax errors: our bugs).
 */
export function databaseInputError(error: unknown): AppError | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error) || !('severity' in error)) return undefined;
  const code = String(error.code);
  const kind = INPUT_STATES[code] ?? (code.startsWith('22') ? 'bad_request' : undefined);
  if (!kind) return undefined;
  const reason = error instanceof Error ? error.message : 'a value was refused';
  return new AppError(kind, `The database refused a value: ${reason}`);
}
