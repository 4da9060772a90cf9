/**
 * Path globs (`*`, `**`, `?`, `[abc]`, `[!a-z]`, `{a,b}`) matched without a regular expression, for the
 * file scraper and the file log backend. A JS RegExp of a glob backtracks: `*a*a*a*b` against a long
 * file name takes seconds (ADR 0007). Here a glob is split into `/` segments; a `**` segment stands for
 * any run of segments, and inside a segment `*` for any run of characters. Both levels use the classic
 * greedy wildcard walk (on a mismatch, only the last star takes one more unit), which never revisits
 * earlier stars: a match costs at most pattern length × path length steps, both bounded (a pattern at
 * {@link MAX_PATH_GLOB_CHARS}, a path segment by the file system), never exponential. Braces are
 * expanded first, at most {@link MAX_GLOB_ALTERNATIVES} alternatives.
 */

/** Longest path glob accepted. */
export const MAX_PATH_GLOB_CHARS = 1024;
/** Most alternatives a glob's braces may expand to (`{a,b}{c,d}` is four). */
export const MAX_GLOB_ALTERNATIVES = 64;

/** A glob that cannot be matched: too long or too many alternatives. */
export class PathGlobError extends Error {
  override name = 'PathGlobError';
}

type CharTest = (char: string) => boolean;
/** One segment: `*` as null, every other token a test of one character. */
type Segment = 'globstar' | (CharTest | null)[];

/** Runs the greedy wildcard walk: `stars` mark units any run may fill, `fits` tests one unit. */
function greedyMatch<P, T>(
  pattern: readonly P[],
  text: readonly T[] | string,
  isStar: (p: P) => boolean,
  fits: (p: P, t: T) => boolean,
): boolean {
  let p = 0;
  let t = 0;
  let star = -1;
  let starText = 0;
  while (t < text.length) {
    const token = pattern[p];
    if (token !== undefined && !isStar(token) && fits(token, text[t] as T)) {
      p++;
      t++;
    } else if (token !== undefined && isStar(token)) {
      star = p++;
      starText = t;
    } else if (star !== -1) {
      p = star + 1;
      t = ++starText;
    } else return false;
  }
  while (p < pattern.length && isStar(pattern[p] as P)) p++;
  return p === pattern.length;
}

function classTest(body: string): CharTest {
  const negated = body.startsWith('!') || body.startsWith('^');
  const chars = negated ? body.slice(1) : body;
  const ranges: [string, string][] = [];
  for (let i = 0; i < chars.length; i++) {
    const from = chars[i] ?? '';
    if (chars[i + 1] === '-' && i + 2 < chars.length) {
      ranges.push([from, chars[i + 2] ?? from]);
      i += 2;
    } else ranges.push([from, from]);
  }
  return (char) => char !== '/' && ranges.some(([lo, hi]) => char >= lo && char <= hi) !== negated;
}

function compileSegment(text: string): Segment {
  if (text === '**') return 'globstar';
  const tokens: (CharTest | null)[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text[i] ?? '';
    const close = char === '[' ? text.indexOf(']', i + 2) : -1;
    if (char === '*') {
      if (tokens[tokens.length - 1] !== null) tokens.push(null);
    } else if (char === '?') tokens.push((c) => c !== '/');
    else if (close !== -1) {
      tokens.push(classTest(text.slice(i + 1, close)));
      i = close;
    } else tokens.push((c) => c === char);
  }
  return tokens;
}

/** The alternatives of a glob's braces (`a{b,c}d` → `abd`, `acd`); an unclosed `{` is literal. */
function expandBraces(pattern: string): string[] {
  const open = pattern.indexOf('{');
  if (open === -1) return [pattern];
  let depth = 0;
  const commas: number[] = [];
  for (let i = open; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === '{') depth++;
    else if (char === ',' && depth === 1) commas.push(i);
    else if (char === '}' && --depth === 0) {
      const bounds = [open, ...commas, i];
      const out: string[] = [];
      for (let k = 0; k + 1 < bounds.length; k++) {
        const middle = pattern.slice((bounds[k] ?? 0) + 1, bounds[k + 1]);
        for (const tail of expandBraces(pattern.slice(0, open) + middle + pattern.slice(i + 1))) {
          out.push(tail);
          if (out.length > MAX_GLOB_ALTERNATIVES) {
            throw new PathGlobError(`the glob expands to more than ${MAX_GLOB_ALTERNATIVES} alternatives`);
          }
        }
      }
      return out;
    }
  }
  return [pattern];
}

/**
 * A test of whole `/`-separated paths against `pattern`; throws {@link PathGlobError} for a pattern
 * over {@link MAX_PATH_GLOB_CHARS} or with more than {@link MAX_GLOB_ALTERNATIVES} alternatives.
 */
export function pathGlob(pattern: string): (path: string) => boolean {
  if (pattern.length > MAX_PATH_GLOB_CHARS) {
    throw new PathGlobError(`the glob is longer than ${MAX_PATH_GLOB_CHARS} characters`);
  }
  const alternatives = expandBraces(pattern).map((alternative) => alternative.split('/').map(compileSegment));
  const matchSegment = (segment: (CharTest | null)[], text: string) =>
    greedyMatch<CharTest | null, string>(
      segment,
      text,
      (token) => token === null,
      (token, char) => token?.(char) === true,
    );
  return (path) => {
    const parts = path.split('/');
    return alternatives.some((segments) =>
      greedyMatch<Segment, string>(
        segments,
        parts,
        (segment) => segment === 'globstar',
        (segment, part) => segment !== 'globstar' && matchSegment(segment, part),
      ),
    );
  };
}
