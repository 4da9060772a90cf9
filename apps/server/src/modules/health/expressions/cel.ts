/**
 * The one expression language of health checks: CEL (Common Expression Language) through
 * `@marcbachmann/cel-js`. CEL is side-effect free and not Turing complete, so a check's `test`,
 * `display` and `transform` expressions cannot loop forever or reach the server. Parsed expressions are
 * cached. Values go in as JSON (numbers, strings, lists, maps) and come back as plain JSON values.
 * Beyond the standard library there is `jsonpath(path, value)` (JSONPath Plus) for canary-checker parity.
 */
import { Environment } from '@marcbachmann/cel-js';
import { JSONPath } from 'jsonpath-plus';

/** An expression that failed to parse or evaluate; the message says which and why. */
export class ExpressionError extends Error {
  override name = 'ExpressionError';
}

const PARSE_CACHE_LIMIT = 1000;

const environment = new Environment({
  unlistedVariablesAreDyn: true,
  homogeneousAggregateLiterals: false,
  limits: { maxAstNodes: 2000, maxDepth: 50, maxListElements: 1000, maxMapEntries: 1000, maxCallArguments: 32 },
}).registerFunction('jsonpath(string, dyn): dyn', (path: string, value: unknown) => {
  // JSONPath's typing wants an object; any JSON value is accepted at run time.
  const found: unknown = JSONPath({ path, json: toPlain(value) as object, wrap: true });
  return toCelValue(Array.isArray(found) && found.length === 1 ? found[0] : found);
});

type Compiled = (context: Record<string, unknown>) => unknown;
const cache = new Map<string, Compiled>();

function compile(expression: string): Compiled {
  const cached = cache.get(expression);
  if (cached) return cached;
  let compiled: Compiled;
  try {
    const parsed = environment.parse(expression);
    compiled = (context) => parsed(context);
  } catch (error) {
    throw new ExpressionError(`invalid expression: ${firstLine(error)}`);
  }
  if (cache.size >= PARSE_CACHE_LIMIT) {
    const oldest = cache.keys().next();
    if (!oldest.done) cache.delete(oldest.value);
  }
  cache.set(expression, compiled);
  return compiled;
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0] ?? message;
}

/** Converts a JSON-like value for CEL: drops undefined, Dates to ISO strings, Buffers to text. */
export function toCelValue(value: unknown): unknown {
  if (value === undefined) return null;
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
  if (Array.isArray(value)) return value.map(toPlain);
  if (value instanceof Map) return Object.fromEntries([...value].map(([k, v]) => [String(k), toPlain(v)]));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toPlain(v)]));
  }
  return value;
}

/** Evaluates one expression over the variables; throws {@link ExpressionError} with the reason. */
export function evaluateExpression(expression: string, variables: Record<string, unknown>): unknown {
  const compiled = compile(expression);
  // toCelValue of an object is an object.
  const context = toCelValue(variables) as Record<string, unknown>;
  try {
    return toPlain(compiled(context));
  } catch (error) {
    throw new ExpressionError(`expression failed: ${firstLine(error)}`);
  }
}

/** Checks that an expression parses, for editors and validation; returns the error text or null. */
export function expressionError(expression: string): string | null {
  try {
    compile(expression);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
