/**
 * The shape rule for regular expressions a caller writes and a backtracking engine runs: a quantified
 * group that itself holds a quantifier (`(a+)+`, `(a{1,30}){1,30}`) or a back-reference is refused, and
 * so is a pattern over the caller's length bound. The data API's `match`/`imatch` use it (PostgreSQL's
 * engine, inside the HTTP process on embedded PGlite: `((a{1,30}){1,30}){1,30}b` ran there for over nine
 * minutes, issue 25). Patterns the server itself runs use RE2 instead (platform/linear-regex.ts).
 */

/** Longest `match`/`imatch` pattern the data API accepts. */
export const MAX_FILTER_REGEX_CHARS = 256;

const NESTED_QUANTIFIER = /\((?:[^()\\]|\\.)*[+*}](?:[^()\\]|\\.)*\)[+*{]/;
const BACKREFERENCE = /\\[1-9]|\\k</;

/** Why `pattern` is refused, naming it as `subject`, or undefined when its shape is safe. */
export function regexShapeProblem(pattern: string, maxChars: number, subject = 'the pattern'): string | undefined {
  if (pattern.length > maxChars) return `${subject} is longer than ${maxChars} characters`;
  if (NESTED_QUANTIFIER.test(pattern) || BACKREFERENCE.test(pattern)) {
    return `${subject} nests quantifiers or uses back-references, which can take exponential time; simplify it`;
  }
  return undefined;
}
