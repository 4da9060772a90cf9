/**
 * Time functions of canary-checker's CEL (gomplate): `Duration("7d")` and `time.ParseDuration` with days,
 * weeks and years, `age(...)`, `HumanDuration`, `HumanSize`, `time.Now/Since/Until/Unix/Parse/ZoneName/
 * ZoneOffset`. Numbers given as durations are nanoseconds, as Go's time.Duration is.
 */
import type { Environment } from '@marcbachmann/cel-js';
import { parseGoTime } from '../../../../platform/go-time-layout.js';
import {
  CelDuration,
  type CelDurationValue,
  CelFunctionError,
  declareNamespace,
  durationFromMs,
  durationMs,
  int,
  num,
} from './cel-values.js';

const NS_PER_MS = 1_000_000;
const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const WEEK = 604_800_000;
const UNIT_MS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  μs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
  y: 31_536_000_000,
};
const MAX_DURATION_TEXT = 64;

/** Parses Go duration text extended with d, w and y ("1h30m", "7d", "-2h45m"); null when invalid. */
export function parseExtendedDuration(text: string): number | null {
  if (text.length === 0 || text.length > MAX_DURATION_TEXT) return null;
  const match = /^([+-]?)(.*)$/.exec(text);
  const body = match?.[2] ?? '';
  if (body === '0') return 0;
  const part = /(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h|d|w|y)/y;
  let ms = 0;
  let at = 0;
  while (at < body.length) {
    part.lastIndex = at;
    const found = part.exec(body);
    const unit = found?.[2];
    if (!found || !unit) return null;
    ms += Number(found[1]) * (UNIT_MS[unit] ?? 0);
    at = part.lastIndex;
  }
  if (at === 0) return null;
  return match?.[1] === '-' ? -ms : ms;
}

function unitText(ms: number, units: [string, number][]): string {
  let rest = ms;
  const parts: string[] = [];
  for (const [name, size] of units) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count > 0 || parts.length > 0) parts.push(`${count}${name}`);
  }
  while (parts.length > 1 && parts[parts.length - 1]?.startsWith('0')) parts.pop();
  return parts.join('');
}

/** gomplate's HumanDuration: "5ms", "1m15s", "1d8h", "1w6d8h" (weeks and days past a day). */
export function humanDuration(ms: number): string {
  if (ms === 0) return '0s';
  const sign = ms < 0 ? '-' : '';
  const abs = Math.abs(ms);
  if (abs < 1e-3) return `${sign}${Math.round(abs * NS_PER_MS)}ns`;
  if (abs < 1) return `${sign}${trim((abs * 1000).toFixed(3))}µs`;
  if (abs < 1000) return `${sign}${trim(abs.toFixed(6))}ms`;
  if (abs > WEEK)
    return (
      sign +
      unitText(abs, [
        ['w', WEEK],
        ['d', DAY],
        ['h', HOUR],
      ])
    );
  if (abs > DAY)
    return (
      sign +
      unitText(abs, [
        ['d', DAY],
        ['h', HOUR],
        ['m', MINUTE],
      ])
    );
  const whole = unitText(Math.floor(abs / 1000) * 1000, [
    ['h', HOUR],
    ['m', MINUTE],
    ['s', 1000],
  ]);
  const fraction = abs % 1000;
  return (
    sign +
    (fraction
      ? whole.replace(/(\d+)s$/, (_, s: string) => `${trim((Number(s) + fraction / 1000).toFixed(9))}s`)
      : whole)
  );
}

function trim(text: string): string {
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/** gomplate's HumanSize (HumanBytes): binary units, one decimal, "1M", "1.5K", "0B". */
export function humanSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return 'NaN';
  const units: [string, number][] = [
    ['E', 2 ** 60],
    ['P', 2 ** 50],
    ['T', 2 ** 40],
    ['G', 2 ** 30],
    ['M', 2 ** 20],
    ['K', 2 ** 10],
  ];
  const whole = Math.floor(bytes);
  if (whole === 0) return '0B';
  const [unit, size] = units.find(([, limit]) => whole >= limit) ?? ['B', 1];
  return `${(whole / size).toFixed(1).replace(/\.0$/, '')}${unit}`;
}

function asDurationMs(value: unknown): number {
  if (value instanceof CelDuration) return durationMs(value);
  if (typeof value === 'string') {
    const parsed = parseExtendedDuration(value);
    if (parsed === null) throw new CelFunctionError(`invalid duration ${JSON.stringify(value)}`);
    return parsed;
  }
  return num(value) / NS_PER_MS;
}

function age(value: unknown): CelDurationValue {
  if (typeof value === 'string') {
    const at = Date.parse(value);
    if (Number.isNaN(at)) throw new CelFunctionError(`age: ${JSON.stringify(value)} is not an RFC 3339 time`);
    return durationFromMs(Date.now() - at);
  }
  if (value instanceof Date) return durationFromMs(Date.now() - value.getTime());
  return durationFromMs(num(value) / NS_PER_MS);
}

/** Go's `time.Parse`/`ParseLocal`: the time, or a CEL error in Go's wording. */
function parsedTime(layout: string, value: string, zone: 'UTC' | 'local'): Date {
  const parsed = parseGoTime(layout, value, zone);
  if (!parsed.ok) throw new CelFunctionError(parsed.reason);
  return parsed.time;
}

function zoneName(at: Date): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' })
    .formatToParts(at)
    .find((item) => item.type === 'timeZoneName');
  return part?.value ?? 'UTC';
}

/** Registers the time functions. */
export function registerTimeFunctions(env: Environment): void {
  const time = declareNamespace(env, 'time');
  const durationFromText = (text: string) => durationFromMs(parseExtendedDuration(text) ?? 0);
  env
    .registerFunction('Duration(string): google.protobuf.Duration', durationFromText)
    .registerFunction('duration(double): google.protobuf.Duration', (ns: number) => durationFromMs(ns / NS_PER_MS))
    .registerFunction('duration(int): google.protobuf.Duration', (ns: bigint) => durationFromMs(Number(ns) / NS_PER_MS))
    .registerFunction('string(google.protobuf.Timestamp): string', (at: Date) => at.toISOString().replace('.000Z', 'Z'))
    .registerFunction('string(google.protobuf.Duration): string', (d: CelDurationValue) => `${durationMs(d) / 1000}s`)
    .registerFunction('age(dyn): google.protobuf.Duration', age)
    .registerFunction('Age(dyn): google.protobuf.Duration', age)
    .registerFunction('HumanDuration(dyn): string', (value: unknown) => humanDuration(asDurationMs(value)))
    .registerFunction('HumanSize(dyn): string', (value: unknown) => humanSize(num(value)))
    .registerFunction(`${time}.Now(): google.protobuf.Timestamp`, () => new Date())
    .registerFunction(
      `${time}.Unix(int): google.protobuf.Timestamp`,
      (_: unknown, s: bigint) => new Date(Number(s) * 1000),
    )
    .registerFunction(`${time}.Since(google.protobuf.Timestamp): google.protobuf.Duration`, (_: unknown, at: Date) =>
      durationFromMs(Date.now() - at.getTime()),
    )
    .registerFunction(`${time}.Until(google.protobuf.Timestamp): google.protobuf.Duration`, (_: unknown, at: Date) =>
      durationFromMs(at.getTime() - Date.now()),
    )
    .registerFunction(`${time}.ParseDuration(string): google.protobuf.Duration`, (_: unknown, text: string) => {
      const ms = parseExtendedDuration(text);
      if (ms === null) throw new CelFunctionError(`time: invalid duration ${JSON.stringify(text)}`);
      return durationFromMs(ms);
    })
    .registerFunction(
      `${time}.Parse(string, string): google.protobuf.Timestamp`,
      (_: unknown, layout: string, value: string) => parsedTime(layout, value, 'UTC'),
    )
    .registerFunction(
      `${time}.ParseLocal(string, string): google.protobuf.Timestamp`,
      (_: unknown, layout: string, value: string) => parsedTime(layout, value, 'local'),
    )
    .registerFunction(`${time}.ZoneName(): string`, () => zoneName(new Date()))
    .registerFunction(`${time}.ZoneOffset(): int`, () => int(-new Date().getTimezoneOffset() * 60));
}
