/**
 * The rest of canary-checker's CEL helpers: `jsonpath(path, value)`, `regexp.*` (RE2, linear time),
 * `matchLabel`, `uuid.*`, `random.*`, `SemverCompare` and `Semver`. Functions upstream has that this server
 * refuses (they read a database, run a template or need a library we do not ship) are in REFUSED_FUNCTIONS:
 * calling one fails saying so, and {@link refusedFunctionIn} lets a save refuse the expression.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { Environment } from '@marcbachmann/cel-js';
import { JSONPath } from 'jsonpath-plus';
import { RE2JS } from 're2js';
import { CelFunctionError, capCount, capText, declareNamespace, int, isCelMap, num, toJsonData } from './cel-values.js';
import { semverCompare, semverParts } from './semver.js';

const MAX_RANDOM = 10_000;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Upstream functions this server refuses, with the reason given when one is called. */
export const REFUSED_FUNCTIONS: Record<string, string> = {
  jq: 'jq is not supported by this server; use jsonpath(path, value) or CEL macros',
  jmespath: 'jmespath is not supported by this server; use jsonpath(path, value) or CEL macros',
  f: 'f (Go templates inside CEL) is not supported by this server',
  last_result:
    "last_result() is available only in a check's test, display and transform (it reads the check's previous run)",
  'catalog.query': 'catalog.query is not supported in check expressions',
  'catalog.traverse':
    "catalog.traverse is available only in a scraper's transform.expr (config-db's walk of the catalog's relationships from an item)",
};

/** The first refused function an expression calls (other than `allowed`), as its message; null when none. */
export function refusedFunctionIn(expression: string, allowed: readonly string[] = []): string | null {
  for (const [name, message] of Object.entries(REFUSED_FUNCTIONS)) {
    if (allowed.includes(name)) continue;
    const pattern = new RegExp(`(^|[^\\w.])${name.replace('.', '\\.')}\\s*\\(`);
    if (pattern.test(expression)) return message;
  }
  return null;
}

function regex(pattern: string): RE2JS {
  try {
    return RE2JS.compile(capText(pattern, 'regexp'));
  } catch (error) {
    throw new CelFunctionError(`regexp: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function findAll(pattern: string, limit: number, text: string): string[] {
  const matcher = regex(pattern).matcher(text);
  const out: string[] = [];
  while ((limit < 0 || out.length < limit) && matcher.find()) {
    capCount(out.length + 1, 'regexp.FindAll');
    out.push(matcher.group() ?? '');
  }
  return out;
}

function registerRegexp(env: Environment): void {
  const ns = declareNamespace(env, 'regexp');
  env
    .registerFunction(`${ns}.Match(string, string): bool`, (_: unknown, p: string, s: string) => regex(p).test(s))
    .registerFunction(
      `${ns}.Find(string, string): string`,
      (_: unknown, p: string, s: string) => findAll(p, 1, s)[0] ?? '',
    )
    .registerFunction(`${ns}.FindAll(string, int, string): list`, (_: unknown, p: string, n: bigint, s: string) =>
      findAll(p, Number(n), s),
    )
    .registerFunction(`${ns}.FindAll(string, string): list`, (_: unknown, p: string, s: string) => findAll(p, -1, s))
    .registerFunction(`${ns}.QuoteMeta(string): string`, (_: unknown, s: string) => RE2JS.quote(s))
    .registerFunction(`${ns}.Replace(string, string, string): string`, (_: unknown, p: string, r: string, s: string) =>
      capText(
        regex(p)
          .matcher(s)
          .replaceAll(r.replace(/\$\{(\w+)\}/g, '$$$1')),
        'regexp.Replace',
      ),
    )
    .registerFunction(
      `${ns}.ReplaceLiteral(string, string, string): string`,
      (_: unknown, p: string, r: string, s: string) =>
        capText(regex(p).matcher(s).replaceAll(r.replaceAll('$', '\\$')), 'regexp.ReplaceLiteral'),
    )
    .registerFunction(`${ns}.Split(string, int, string): list`, (_: unknown, p: string, n: bigint, s: string) => {
      if (n === 0n) return [];
      const parts = regex(p).split(s, -1);
      if (n < 0n || parts.length <= Number(n)) return parts;
      const head = parts.slice(0, Number(n) - 1);
      const consumed = findAll(p, Number(n) - 1, s);
      let at = 0;
      head.forEach((part, i) => {
        at += part.length + (consumed[i]?.length ?? 0);
      });
      return [...head, s.slice(at)];
    });
}

/** matchLabel(labels, key, "a,b*,!c"): gomplate's label pattern match (wildcards, `!` negation, `!*` absent). */
export function matchLabel(labels: unknown, key: string, patterns: string): boolean {
  const map = isCelMap(labels) ? labels : {};
  const present = Object.hasOwn(map, key);
  const value = present ? String(map[key]) : '';
  return patterns.split(',').some((raw) => {
    const pattern = raw.trim();
    if (pattern === '!*') return !present;
    const negate = pattern.startsWith('!');
    const glob = negate ? pattern.slice(1) : pattern;
    // RE2 keeps a many-star pattern linear in the label's length.
    const re = RE2JS.compile(`^${RE2JS.quote(glob).replaceAll('\\*', '.*')}$`);
    const matched = present && re.matches(value);
    return negate ? present && !matched : matched;
  });
}

function randomText(length: number, alphabet: string): string {
  capCount(length, 'random');
  if (length > MAX_RANDOM) throw new CelFunctionError(`random: length above ${MAX_RANDOM}`);
  return Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');
}

const ALPHA = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ASCII = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');

function registerRandom(env: Environment): void {
  const ns = declareNamespace(env, 'random');
  env
    .registerFunction(`${ns}.ASCII(int): string`, (_: unknown, n: bigint) => randomText(Number(n), ASCII))
    .registerFunction(`${ns}.Alpha(int): string`, (_: unknown, n: bigint) => randomText(Number(n), ALPHA))
    .registerFunction(`${ns}.AlphaNum(int): string`, (_: unknown, n: bigint) =>
      randomText(Number(n), `${ALPHA}0123456789`),
    )
    .registerFunction(`${ns}.String(int): string`, (_: unknown, n: bigint) =>
      randomText(Number(n), `${ALPHA}0123456789`),
    )
    .registerFunction(`${ns}.Item(list): dyn`, (_: unknown, l: unknown[]) => {
      if (l.length === 0) throw new CelFunctionError('random.Item: empty list');
      return l[randomInt(l.length)];
    })
    .registerFunction(`${ns}.Number(int, int): int`, (_: unknown, a: bigint, b: bigint) => {
      if (b < a) throw new CelFunctionError('random.Number: max below min');
      return int(Number(a) + randomInt(Number(b - a) + 1));
    })
    .registerFunction(
      `${ns}.Float(dyn, dyn): double`,
      (_: unknown, a: unknown, b: unknown) => num(a) + Math.random() * (num(b) - num(a)),
    );
}

function registerIds(env: Environment): void {
  const ns = declareNamespace(env, 'uuid');
  env
    .registerFunction(`${ns}.V4(): string`, () => randomUUID())
    .registerFunction(`${ns}.Nil(): string`, () => '00000000-0000-0000-0000-000000000000')
    .registerFunction(`${ns}.IsValid(string): bool`, (_: unknown, s: string) => UUID_PATTERN.test(s))
    .registerFunction(`${ns}.Parse(string): string`, (_: unknown, s: string) => {
      if (!UUID_PATTERN.test(s))
        throw new CelFunctionError(`uuid.Parse: invalid UUID ${JSON.stringify(s.slice(0, 64))}`);
      return s.toLowerCase();
    })
    .registerFunction('SemverCompare(string, string): bool', semverCompare)
    .registerFunction('Semver(string): map', semverParts);
}

function registerRefused(env: Environment): void {
  for (const [name, message] of Object.entries(REFUSED_FUNCTIONS)) {
    if (name.includes('.') || name === 'last_result') continue;
    for (const arity of [0, 1, 2]) {
      env.registerFunction(`${name}(${Array(arity).fill('dyn').join(', ')}): dyn`, () => {
        throw new CelFunctionError(message);
      });
    }
  }
}

/** Registers jsonpath, regexp, matchLabel, uuid, random, semver and the refused names. */
export function registerMiscFunctions(env: Environment): void {
  env
    .registerFunction('jsonpath(string, dyn): dyn', (path: string, value: unknown) => {
      const json = typeof value === 'string' ? (JSON.parse(capText(value, 'jsonpath')) as unknown) : toJsonData(value);
      // JSONPath's typing wants an object; any JSON value is accepted at run time.
      const found: unknown = JSONPath({ path, json: json as object, wrap: true });
      return Array.isArray(found) && found.length === 1 ? found[0] : found;
    })
    .registerFunction('matchLabel(map, string, string): bool', matchLabel);
  registerRegexp(env);
  registerRandom(env);
  registerIds(env);
  registerRefused(env);
}
