/**
 * The one expression language of health checks: CEL (Common Expression Language) through
 * `@marcbachmann/cel-js`. CEL is side-effect free and not Turing complete, so a check's `test`,
 * `display` and `transform` expressions cannot loop forever or reach the server. Parsed expressions are
 * cached. Values go in as JSON (numbers, strings, lists, maps; durations as the engine's duration) and
 * come back as plain JSON values. The environment is canary-checker's, not only the standard library:
 * optional types (`a.?b.orValue(x)`) and the extension families under cel-extensions/ (strings, lists and
 * maps, math, encoders, time, Kubernetes, regexp, uuid, random, semver). `matches()` runs RE2 (as Go's
 * CEL does) in linear time, see linear-matches.ts. Health checks, the catalog,
 * insights and notifications all evaluate through this one environment.
 */
import { Environment } from '@marcbachmann/cel-js';
import { registerCollectionFunctions } from './cel-extensions/cel-collections.js';
import { registerEncoderFunctions } from './cel-extensions/cel-encoders.js';
import { registerFold } from './cel-extensions/cel-fold.js';
import { registerKubernetesFunctions } from './cel-extensions/cel-kubernetes.js';
import { registerMathFunctions } from './cel-extensions/cel-math.js';
import { refusedFunctionIn, registerMiscFunctions } from './cel-extensions/cel-misc.js';
import { registerPathAndNetFunctions } from './cel-extensions/cel-paths-net.js';
import { registerStringFunctions } from './cel-extensions/cel-strings.js';
import { registerTimeFunctions } from './cel-extensions/cel-time.js';
import { CelDuration, declareNamespace, goDurationText } from './cel-extensions/cel-values.js';
import { registerLinearMatches, routeMatchesToRe2 } from './cel-extensions/linear-matches.js';

/** An expression that failed to parse or evaluate; the message says which and why. */
export class ExpressionError extends Error {
  override name = 'ExpressionError';
}

const PARSE_CACHE_LIMIT = 1000;

const environment = new Environment({
  unlistedVariablesAreDyn: true,
  homogeneousAggregateLiterals: false,
  enableOptionalTypes: true,
  limits: { maxAstNodes: 2000, maxDepth: 50, maxListElements: 1000, maxMapEntries: 1000, maxCallArguments: 32 },
});
registerStringFunctions(environment);
registerCollectionFunctions(environment);
registerMathFunctions(environment);
registerEncoderFunctions(environment);
registerTimeFunctions(environment);
registerKubernetesFunctions(environment);
registerMiscFunctions(environment);
registerLinearMatches(environment);
registerFold(environment);
registerPathAndNetFunctions(environment);

/**
 * canary-checker's `last_result()` (a check's previous run: status, invalid, createdAt, duration, message,
 * error, results), a contextual function of a check's own expressions: the value of the evaluation under
 * way (evaluation is synchronous, so one slot serves); elsewhere the expression is refused at compile.
 */
let lastResultSlot: unknown = null;
environment.registerFunction('last_result(): map', () => lastResultSlot);

/** Options of a check's own expressions. */
export interface CheckExpressionOptions {
  /** What `last_result()` answers; given, the expression may call it. */
  lastResult?: Record<string, unknown>;
}

type Compiled = (context: Record<string, unknown>) => unknown;
const cache = new Map<string, Compiled>();

function compile(expression: string, check = false): Compiled {
  const key = check ? `\u0000check\u0000${expression}` : expression;
  return compileIn(environment, cache, key, expression, check ? ['last_result'] : []);
}

function compileIn(
  env: Environment,
  store: Map<string, Compiled>,
  key: string,
  expression: string,
  allowed: readonly string[],
): Compiled {
  const cached = store.get(key);
  if (cached) return cached;
  let compiled: Compiled;
  const refused = refusedFunctionIn(expression, allowed);
  if (refused) throw new ExpressionError(`invalid expression: ${refused}`);
  try {
    const parsed = env.parse(routeMatchesToRe2(expression));
    compiled = (context) => parsed(context);
  } catch (error) {
    throw new ExpressionError(`invalid expression: ${firstLine(error)}`);
  }
  if (store.size >= PARSE_CACHE_LIMIT) {
    const oldest = store.keys().next();
    if (!oldest.done) store.delete(oldest.value);
  }
  store.set(key, compiled);
  return compiled;
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0] ?? message;
}

/** Converts a JSON-like value for CEL: drops undefined, Dates to ISO strings, Buffers to text; durations stay. */
export function toCelValue(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof CelDuration) return value;
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return value;
  }
  if (typeof value === 'bigint') return value;
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return value.toString('utf8');
  if (Array.isArray(value)) return value.map(toCelValue);
  if (value instanceof Map) return Object.fromEntries([...value].map(([k, v]) => [String(k), toCelValue(v)]));
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) if (item !== undefined) out[key] = toCelValue(item);
    return out;
  }
  return String(value);
}

/** Converts a CEL result to plain JSON: ints to numbers (strings beyond 2^53), bytes to text, maps to objects. */
export function toPlain(value: unknown): unknown {
  if (typeof value === 'bigint') {
    return value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= BigInt(Number.MIN_SAFE_INTEGER)
      ? Number(value)
      : value.toString();
  }
  if (value instanceof Uint8Array) return Buffer.from(value).toString('utf8');
  if (value instanceof Date) return value.toISOString();
  if (value instanceof CelDuration) return goDurationText(value.valueOf());
  if (Array.isArray(value)) return value.map(toPlain);
  if (value instanceof Map) return Object.fromEntries([...value].map(([k, v]) => [String(k), toPlain(v)]));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toPlain(v)]));
  }
  return value;
}

/**
 * Evaluates one expression over the variables; throws {@link ExpressionError} with the reason. `check`
 * options make it a check's own expression (`last_result()` answers them).
 */
export function evaluateExpression(
  expression: string,
  variables: Record<string, unknown>,
  check?: CheckExpressionOptions,
): unknown {
  const compiled = compile(expression, check?.lastResult !== undefined);
  // toCelValue of an object is an object.
  const context = toCelValue(variables) as Record<string, unknown>;
  lastResultSlot = toCelValue(check?.lastResult ?? null);
  try {
    return toPlain(compiled(context));
  } catch (error) {
    throw new ExpressionError(`expression failed: ${firstLine(error)}`);
  } finally {
    lastResultSlot = null;
  }
}

/**
 * Checks that an expression parses, for editors and validation; returns the error text or null. `check`:
 * a check's own expression, which may call `last_result()`.
 */
export function expressionError(expression: string, check = false): string | null {
  try {
    compile(expression, check);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** A function another module adds to its own expressions: `namespace.name(…)`, its handler maybe async. */
export interface ExpressionFunction {
  /** The signature after the namespace, e.g. `traverse(string, string): list`. */
  signature: string;
  handler: (...args: never[]) => unknown;
}

/** Expressions of one module with its own namespace of functions (which may read the server, async). */
export interface ExtendedExpressions {
  /** The error text of an expression that does not parse here (or calls a refused function), else null. */
  error(expression: string): string | null;
  /** Evaluates one expression, awaiting its async functions; throws {@link ExpressionError} with the reason. */
  evaluate(expression: string, variables: Record<string, unknown>): Promise<unknown>;
}

/**
 * This environment extended by a module with a namespace of its own (the catalog's `catalog.traverse`,
 * which reads the database, so its expressions are awaited): a clone, made once, so the health
 * environment and its expressions stay as they are. The namespace's functions are no longer refused
 * in these expressions; everything else is as {@link evaluateExpression} has it.
 */
export function extendExpressions(namespace: string, functions: readonly ExpressionFunction[]): ExtendedExpressions {
  const extended = environment.clone();
  const type = declareNamespace(extended, namespace);
  for (const fn of functions) extended.registerFunction(`${type}.${fn.signature}`, fn.handler);
  const allowed = functions.map((fn) => `${namespace}.${fn.signature.slice(0, fn.signature.indexOf('('))}`);
  const store = new Map<string, Compiled>();
  const compileHere = (expression: string) => compileIn(extended, store, expression, expression, allowed);
  return {
    error(expression) {
      try {
        compileHere(expression);
        return null;
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
    },
    async evaluate(expression, variables) {
      const compiled = compileHere(expression);
      // toCelValue of an object is an object.
      const context = toCelValue(variables) as Record<string, unknown>;
      try {
        return toPlain(await compiled(context));
      } catch (error) {
        throw new ExpressionError(`expression failed: ${firstLine(error)}`);
      }
    },
  };
}
