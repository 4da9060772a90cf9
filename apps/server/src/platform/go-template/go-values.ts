/**
 * Go's view of plain data: what is true (`if`), how a value prints (`{{ . }}`, `print`, `%v`), how a
 * field is read from a map, and how two values compare. Data reaches templates as JSON-shaped values,
 * so maps are plain objects and lists are arrays; `undefined` is Go's "no value" (a missing key) and
 * `null` is nil. A Go duration or time is a {@link GoDuration} or Date.
 */
import { GoTemplateError } from './template-error.js';

/** A Go time.Duration (nanoseconds), so `time.ParseDuration` results print as Go prints them. */
export class GoDuration {
  constructor(readonly nanoseconds: number) {}

  /** Go's Duration.String: "1h2m3.5s", "150ms", "0s". */
  toString(): string {
    const ns = this.nanoseconds;
    if (ns === 0) return '0s';
    const sign = ns < 0 ? '-' : '';
    const abs = Math.abs(ns);
    if (abs < 1e3) return `${sign}${abs}ns`;
    if (abs < 1e6) return `${sign}${trimFloat(abs / 1e3)}µs`;
    if (abs < 1e9) return `${sign}${trimFloat(abs / 1e6)}ms`;
    const hours = Math.floor(abs / 3.6e12);
    const minutes = Math.floor((abs % 3.6e12) / 6e10);
    const seconds = trimFloat((abs % 6e10) / 1e9);
    if (hours > 0) return `${sign}${hours}h${minutes}m${seconds}s`;
    if (minutes > 0) return `${sign}${minutes}m${seconds}s`;
    return `${sign}${seconds}s`;
  }
}

function trimFloat(value: number): string {
  return String(Number(value.toFixed(9)));
}

/** A plain object (a Go map), as opposed to an array, Date, duration or null. */
export function isMap(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    !(value instanceof Date) &&
    !(value instanceof GoDuration)
  );
}

/** Go's truth: false, 0, nil, no value and empty strings, lists and maps are false. */
export function truth(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === 0 || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (value instanceof GoDuration) return value.nanoseconds !== 0;
  if (isMap(value)) return Object.keys(value).length > 0;
  return true;
}

/** A number as Go's %v prints a float64: integers plainly, exponents from 1e21 and below 1e-4. */
export function formatNumber(value: number): string {
  if (Number.isInteger(value) && Math.abs(value) < 1e21) return String(value);
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? '+Inf' : '-Inf';
  const abs = Math.abs(value);
  if (abs < 1e-4 || abs >= 1e21) {
    return value.toExponential().replace(/e([+-])(\d)$/, 'e$10$2');
  }
  return String(value);
}

/** How Go's fmt prints a value with %v (and so how an action prints it). */
export function goString(value: unknown, top = true): string {
  if (value === undefined) return top ? '<no value>' : '<nil>';
  if (value === null) return '<nil>';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value instanceof Date) return goTime(value);
  if (value instanceof GoDuration) return value.toString();
  if (Array.isArray(value)) return `[${value.map((item) => goString(item, false)).join(' ')}]`;
  if (isMap(value)) {
    const keys = Object.keys(value).sort();
    return `map[${keys.map((key) => `${key}:${goString(value[key], false)}`).join(' ')}]`;
  }
  return String(value);
}

/** A time as Go prints time.Time: "2006-01-02 15:04:05.999999999 +0000 UTC". */
export function goTime(value: Date): string {
  const iso = value.toISOString();
  const fraction = iso.slice(20, 23).replace(/0+$/, '');
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${fraction ? `.${fraction}` : ''} +0000 UTC`;
}

/** Reads `path` from `value`; a missing key is no value (undefined), as in Go's default missingkey. */
export function readPath(value: unknown, path: readonly string[], what: string): unknown {
  let current = value;
  for (const name of path) {
    if (current === undefined || current === null) return undefined;
    if (!isMap(current)) {
      throw new GoTemplateError(`can't evaluate field ${name} in type ${goKind(current)} (${what})`);
    }
    current = Object.hasOwn(current, name) ? current[name] : undefined;
  }
  return current;
}

/** The Go kind name of a value, for error messages and `kind`. */
export function goKind(value: unknown): string {
  if (value === undefined || value === null) return 'invalid';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float64';
  if (typeof value === 'boolean') return 'bool';
  if (Array.isArray(value)) return 'slice';
  if (value instanceof Date) return 'struct';
  if (value instanceof GoDuration) return 'int64';
  return 'map';
}

/** Go's `eq` for two basic values: same kind and value; numbers compare by value. */
export function basicEqual(a: unknown, b: unknown): boolean {
  if (a instanceof GoDuration && b instanceof GoDuration) return a.nanoseconds === b.nanoseconds;
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if ((a === null || a === undefined) && (b === null || b === undefined)) return true;
  if (typeof a === 'object' || typeof b === 'object') {
    if (a === null || b === null || a === undefined || b === undefined) return false;
    throw new GoTemplateError('error calling eq: non-comparable types');
  }
  return a === b;
}

/** Go's `lt` for two ordered values (numbers, strings, durations); other kinds are an error. */
export function basicLess(a: unknown, b: unknown, name: string): boolean {
  const order = (value: unknown) => (value instanceof GoDuration ? value.nanoseconds : value);
  const x = order(a);
  const y = order(b);
  if (typeof x === 'number' && typeof y === 'number') return x < y;
  if (typeof x === 'string' && typeof y === 'string') return x < y;
  throw new GoTemplateError(`error calling ${name}: incompatible types for comparison (${goKind(a)}, ${goKind(b)})`);
}
