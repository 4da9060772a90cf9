/**
 * The line pattern of a file backend: a regular expression with the named groups `timestamp`, `level`
 * and `message` (each optional), written by an editor of the backend and run over every line a search
 * reads (up to 8 MiB of each of 50 files) on the HTTP thread. It runs on RE2 (`re2js`, linear time,
 * ADR 0008): with V8's backtracking RegExp, `^(a|aa)+$` on one long line of `a`s never finishes, and no
 * shape rule catches every such pattern (issue 25). A line is cut to {@link MAX_LINE_CHARS} before it
 * is matched, so one line costs at most a few milliseconds.
 */
import { RE2JS } from 're2js';
import { LogBackendError } from './backend-kind.js';
import { MAX_LINE_CHARS } from './line-text.js';

/** Longest pattern accepted. */
export const MAX_PATTERN_CHARS = 500;

/**
 * Compiles a backend's line pattern; one over {@link MAX_PATTERN_CHARS} or that RE2 cannot run
 * (look-arounds, back-references, a syntax error) is a query error naming why.
 */
export function compileLinePattern(pattern: string): RE2JS {
  if (pattern.length > MAX_PATTERN_CHARS) {
    throw new LogBackendError('query', `the line pattern is longer than ${MAX_PATTERN_CHARS} characters`);
  }
  try {
    return RE2JS.compile(pattern);
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).replace(/^error parsing regexp: /, '');
    throw new LogBackendError('query', `the line pattern is not a regular expression RE2 can run (${reason})`);
  }
}

/** The parts a pattern found in a line (absent groups are undefined). */
export interface PatternParts {
  timestamp?: string;
  level?: string;
  message?: string;
}

const PART_NAMES = ['timestamp', 'level', 'message'] as const;

/** Applies a compiled pattern to one line; undefined when it does not match. */
export function applyLinePattern(pattern: RE2JS, line: string): PatternParts | undefined {
  const matcher = pattern.matcher(line.length > MAX_LINE_CHARS ? line.slice(0, MAX_LINE_CHARS) : line);
  if (!matcher.find()) return undefined;
  const named = pattern.namedGroups();
  const parts: PatternParts = {};
  for (const name of PART_NAMES) {
    const value = name in named ? matcher.group(name) : null;
    if (value !== null) parts[name] = value;
  }
  return parts;
}
