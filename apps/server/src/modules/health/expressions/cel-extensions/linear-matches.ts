/**
 * CEL's `matches()` in linear time. The engine's own `string.matches` runs JavaScript's backtracking
 * RegExp, where `(a|aa)+$` over a long line holds the event loop; canary-checker (Go) runs RE2. The engine
 * cannot replace a standard overload, so {@link routeMatchesToRe2} rewrites `.matches(` outside string
 * literals to `.re2Matches(` before parsing, and `re2Matches` runs RE2 through re2js — Go's semantics and
 * a linear bound together.
 */
import type { Environment } from '@marcbachmann/cel-js';
import { RE2JS } from 're2js';
import { CelFunctionError, capText } from './cel-values.js';

const CACHE_LIMIT = 256;
const compiled = new Map<string, RE2JS>();

function re2(pattern: string): RE2JS {
  const known = compiled.get(pattern);
  if (known) return known;
  let regex: RE2JS;
  try {
    regex = RE2JS.compile(capText(pattern, 'matches'));
  } catch (error) {
    throw new CelFunctionError(`matches: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (compiled.size >= CACHE_LIMIT) compiled.clear();
  compiled.set(pattern, regex);
  return regex;
}

/** The end (exclusive) of the string literal opening at `start` (a quote, after any r/b prefix). */
function literalEnd(source: string, start: number, raw: boolean): number {
  const quote = source[start] ?? '';
  const triple = source.startsWith(quote.repeat(3), start);
  const closing = triple ? quote.repeat(3) : quote;
  let at = start + closing.length;
  while (at < source.length) {
    if (!raw && source[at] === '\\') at += 2;
    else if (source.startsWith(closing, at)) return at + closing.length;
    else at += 1;
  }
  return source.length;
}

/** Rewrites each `.matches(` call outside string literals to `.re2Matches(`. */
export function routeMatchesToRe2(source: string): string {
  let out = '';
  let code = '';
  let at = 0;
  while (at < source.length) {
    const char = source[at] ?? '';
    if (char === '"' || char === "'") {
      const raw = /[rR]$/.test(code) && !/[\w][rR]$/.test(code);
      const end = literalEnd(source, at, raw);
      out += code.replace(/\.(\s*)matches(\s*)\(/g, '.$1re2Matches$2(') + source.slice(at, end);
      code = '';
      at = end;
    } else {
      code += char;
      at += 1;
    }
  }
  return out + code.replace(/\.(\s*)matches(\s*)\(/g, '.$1re2Matches$2(');
}

/** Registers `string.re2Matches(string)`, the target of {@link routeMatchesToRe2}. */
export function registerLinearMatches(env: Environment): void {
  env.registerFunction('string.re2Matches(string): bool', (text: string, pattern: string) => re2(pattern).test(text));
}
