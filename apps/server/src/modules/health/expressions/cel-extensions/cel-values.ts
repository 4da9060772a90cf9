/**
 * Shared pieces of the CEL extensions: how CEL values look in JavaScript (ints are bigint, doubles are
 * numbers, maps are plain objects, durations and timestamps are the engine's own classes), the size caps
 * that keep every function bounded on hostile input, and namespace registration (`k8s.`, `math.`…).
 */
import { Environment } from '@marcbachmann/cel-js';

/** Longest string any extension function builds (1 MiB of text); longer input or output is refused. */
export const MAX_TEXT = 1_048_576;
/** Most elements any extension function builds into one list. */
export const MAX_ITEMS = 100_000;

/** A failed extension call; the engine reports its message as the expression's error. */
export class CelFunctionError extends Error {
  override name = 'CelFunctionError';
}

const probe = new Environment();
/** The engine's duration class (not exported by the package; taken from a value it builds). */
export const CelDuration = (probe.evaluate('duration("0s")') as object).constructor as new (
  seconds: bigint,
  nanos?: number,
) => { seconds: bigint; nanos: number; valueOf(): number };
/** The engine's duration values, for `instanceof` checks. */
export type CelDurationValue = InstanceType<typeof CelDuration>;

/** A duration from milliseconds (fractions kept to the nanosecond). */
export function durationFromMs(ms: number): CelDurationValue {
  const totalNanos = BigInt(Math.trunc(ms * 1_000_000));
  return new CelDuration(totalNanos / 1_000_000_000n, Number(totalNanos % 1_000_000_000n));
}

/** A duration's length in milliseconds. */
export function durationMs(value: CelDurationValue): number {
  return value.valueOf();
}

/** True for a CEL map (a plain object that is not a list, bytes, date or duration). */
export function isCelMap(value: unknown): value is Record<string, unknown> {
  return (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    !(value instanceof Uint8Array) &&
    !(value instanceof Date) &&
    !(value instanceof CelDuration)
  );
}

/** A CEL number (int, uint or double) as a JavaScript number. */
export function num(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (value !== null && typeof value === 'object' && 'value' in value) return Number(value.value);
  if (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))) return Number(value);
  throw new CelFunctionError(`expected a number, got ${typeof value}`);
}

/** A whole JavaScript number as a CEL int. */
export function int(value: number): bigint {
  if (!Number.isFinite(value)) throw new CelFunctionError(`${value} is not a finite integer`);
  return BigInt(Math.trunc(value));
}

/** Refuses text longer than {@link MAX_TEXT}; returns it otherwise. */
export function capText(text: string, what: string): string {
  if (text.length > MAX_TEXT) throw new CelFunctionError(`${what}: result longer than ${MAX_TEXT} characters`);
  return text;
}

/** Refuses a count above {@link MAX_ITEMS}; returns it otherwise. */
export function capCount(count: number, what: string): number {
  if (!(count <= MAX_ITEMS)) throw new CelFunctionError(`${what}: more than ${MAX_ITEMS} items`);
  return count;
}

/** A CEL value as plain JSON data (bigint to number, bytes to text, durations to Go-style text, dates to ISO). */
export function toJsonData(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  if (value instanceof Date) return value.toISOString();
  if (value instanceof CelDuration) return goDurationText(durationMs(value));
  if (Array.isArray(value)) return value.map(toJsonData);
  if (value !== null && typeof value === 'object') {
    if ('value' in value && Object.keys(value).length === 0) return Number(value.value);
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, toJsonData(item)]));
  }
  return value;
}

/** Go's time.Duration String(): "1h2m3.5s", "150ms", "0s". */
export function goDurationText(ms: number): string {
  if (ms === 0) return '0s';
  const sign = ms < 0 ? '-' : '';
  const abs = Math.abs(ms);
  if (abs < 1) return `${sign}${trimZeros((abs * 1000).toFixed(3))}µs`;
  if (abs < 1000) return `${sign}${trimZeros(abs.toFixed(6))}ms`;
  const hours = Math.floor(abs / 3_600_000);
  const minutes = Math.floor((abs % 3_600_000) / 60_000);
  const seconds = trimZeros(((abs % 60_000) / 1000).toFixed(9));
  if (hours) return `${sign}${hours}h${minutes}m${seconds}s`;
  if (minutes) return `${sign}${minutes}m${seconds}s`;
  return `${sign}${seconds}s`;
}

function trimZeros(text: string): string {
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/**
 * Declares a namespace (`k8s`, `math`, `time`…): a constant of its own type, so `k8s.isHealthy(x)` is a
 * call on it. Returns the type name to prefix signatures with.
 */
export function declareNamespace(env: Environment, name: string): string {
  const typeName = `${name[0]?.toUpperCase() ?? ''}${name.slice(1)}Namespace`;
  const Namespace = class {};
  Object.defineProperty(Namespace, 'name', { value: typeName });
  env.registerType(typeName, Namespace);
  env.registerConstant(name, typeName, new Namespace());
  return typeName;
}
