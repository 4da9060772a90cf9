import type { z } from 'zod';
import { parseBoundedJson } from '../../../platform/bounded-json.js';
import { AppError } from '../../../platform/errors.js';

/** The largest catalog API request body (a search or a link is a few hundred bytes). */
const MAX_BODY_BYTES = 64 * 1024;

/** Parses a JSON request body within bounds; an empty body is an empty object. */
export function parseBody(text: string): unknown {
  if (text.trim() === '') return {};
  return parseBoundedJson(text, { maxBytes: MAX_BODY_BYTES, maxDepth: 8 }, 'request body');
}

/**
 * Parses a body with a contract schema; a failure is a 400 naming every problem by its field
 * (`page_size: Too big: expected number to be <=1000`).
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  const message = issues.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message)).join('; ');
  throw new AppError('bad_request', message, { issues });
}
