/**
 * Regular expressions a caller writes, run on the server in linear time: RE2's semantics (upstream Mission
 * Control is Go, so a playbook parameter's `regex` already meant RE2) through `re2js`, a pure-JS port of RE2
 * (ADR 0008). V8's RegExp backtracks: `(a|aa)+$` against a few dozen `a`s and a `!` holds the HTTP event
 * loop for seconds, and no shape rule catches every such pattern (issue 25). RE2 refuses what it cannot run
 * in linear time (look-arounds, back-references), so such a pattern is refused where it is saved.
 */
import type { PatternTest } from '@mc/contracts';
import { RE2JS } from 're2js';
import { AppError } from './errors.js';

/** Compiled patterns kept, so a request that tests many values compiles each pattern once. */
const CACHE_LIMIT = 256;
const compiled = new Map<string, RE2JS>();

function compile(pattern: string): RE2JS {
  const known = compiled.get(pattern);
  if (known) return known;
  const regex = RE2JS.compile(pattern);
  if (compiled.size >= CACHE_LIMIT) compiled.clear();
  compiled.set(pattern, regex);
  return regex;
}

/** Why RE2 cannot run `pattern` (its own words, e.g. "invalid or unsupported Perl syntax: `(?=`"), or undefined. */
export function linearRegexProblem(pattern: string): string | undefined {
  try {
    compile(pattern);
    return undefined;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return `is not a regular expression RE2 can run (${message.replace(/^error parsing regexp: /, '')})`;
  }
}

/**
 * True when `pattern` matches anywhere in `text` (as JS `RegExp.prototype.test` does), in time linear in
 * the text. Throws for a pattern {@link linearRegexProblem} refuses; callers validate at save.
 */
export function linearRegexTest(pattern: string, text: string): boolean {
  return compile(pattern).test(text);
}

/**
 * The {@link PatternTest} the server passes to the contracts' playbook parameter rules (the run endpoint,
 * notification rules that run a playbook). A pattern RE2 cannot run is refused when the playbook is saved;
 * one stored before that rule is a 400 asking for another, never a backtracking run.
 */
export const linearPatternTest: PatternTest = (pattern, text) => {
  const problem = linearRegexProblem(pattern);
  if (problem)
    throw new AppError('bad_request', `A parameter's properties.regex ${problem}; save the playbook with another`);
  return linearRegexTest(pattern, text);
};
