/**
 * The line pattern of a file backend: a regular expression with the named groups `timestamp`, `level`
 * and `message` (each optional), written by an editor of the backend. Patterns whose shape can
 * backtrack exponentially (a quantified group that itself holds a quantifier, such as `(a+)+`) are
 * refused by the shared rule (platform/regex-shape.ts), and a pattern only ever runs over one line cut
 * to {@link MAX_LINE_CHARS}.
 */
import { regexShapeProblem } from '../../../platform/regex-shape.js';
import { LogBackendError } from './backend-kind.js';
import { MAX_LINE_CHARS } from './line-text.js';

/** Longest pattern accepted. */
export const MAX_PATTERN_CHARS = 500;

/** Compiles a backend's line pattern; a pattern that is unsafe or invalid is a query error naming why. */
export function compileLinePattern(pattern: string): RegExp {
  const problem = regexShapeProblem(pattern, MAX_PATTERN_CHARS, 'the line pattern');
  if (problem) throw new LogBackendError('query', problem);
  try {
    return new RegExp(pattern);
  } catch (error) {
    throw new LogBackendError('query', `the line pattern is not a valid regular expression: ${String(error)}`);
  }
}

/** The parts a pattern found in a line (absent groups are undefined). */
export interface PatternParts {
  timestamp?: string;
  level?: string;
  message?: string;
}

/** Applies a compiled pattern to one line; undefined when it does not match. */
export function applyLinePattern(pattern: RegExp, line: string): PatternParts | undefined {
  const match = pattern.exec(line.length > MAX_LINE_CHARS ? line.slice(0, MAX_LINE_CHARS) : line);
  if (!match) return undefined;
  const groups = match.groups ?? {};
  return {
    ...(groups.timestamp !== undefined ? { timestamp: groups.timestamp } : {}),
    ...(groups.level !== undefined ? { level: groups.level } : {}),
    ...(groups.message !== undefined ? { message: groups.message } : {}),
  };
}
