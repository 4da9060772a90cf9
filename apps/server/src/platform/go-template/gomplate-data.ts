/**
 * gomplate's `data.*`, `base64.*`, `time.*` and `regexp.Match` functions with their aliases (toJSON,
 * toJSONPretty, toYAML, json, jsonArray, yaml, yamlArray). Parsing is bounded (size, depth, YAML
 * aliases) by the platform's document guards; regular expressions run in linear time (RE2).
 */
import { stringify } from 'yaml';
import { checkJsonBounds, DOCUMENT_LIMITS } from '../bounded-json.js';
import { boundedToJs, parseBoundedYamlDocument } from '../bounded-yaml.js';
import { linearRegexTest } from '../linear-regex.js';
import type { FunctionTable, TemplateFunction } from './functions.js';
import { GoDuration, goString } from './go-values.js';
import { GoTemplateError } from './template-error.js';

const text = (value: unknown) => (typeof value === 'string' ? value : goString(value, false));
const subject = (args: unknown[]) => text(args[args.length - 1]);

/** Plain data for JSON/YAML output: durations as their Go text, dates as RFC 3339. */
function plain(value: unknown): unknown {
  if (value instanceof GoDuration) return value.toString();
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, plain(item)]));
  }
  return value;
}

function parseJson(args: unknown[]): unknown {
  const source = subject(args);
  checkJsonBounds(source, DOCUMENT_LIMITS, 'JSON value');
  return JSON.parse(source);
}

function parseYaml(args: unknown[]): unknown {
  const document = parseBoundedYamlDocument(subject(args), {}, DOCUMENT_LIMITS, 'YAML value');
  if (document.errors.length > 0) throw new GoTemplateError(`invalid YAML: ${document.errors[0]?.message ?? ''}`);
  return boundedToJs(document, 'YAML value');
}

const UNITS: Record<string, number> = { ns: 1, us: 1e3, µs: 1e3, μs: 1e3, ms: 1e6, s: 1e9, m: 6e10, h: 3.6e12 };

/** Go's time.ParseDuration: "1h30m", "250ms", "-1.5s". */
export function parseGoDuration(value: unknown): GoDuration {
  if (value instanceof GoDuration) return value;
  if (typeof value === 'number') return new GoDuration(value);
  const source = text(value).trim();
  const match = /^([+-]?)((?:\d*\.?\d+(?:ns|us|µs|μs|ms|s|m|h))+|0)$/.exec(source);
  if (!match) throw new GoTemplateError(`time: invalid duration "${source}"`);
  let total = 0;
  for (const part of (match[2] ?? '').matchAll(/(\d*\.?\d+)(ns|us|µs|μs|ms|s|m|h)/g)) {
    total += Number(part[1]) * (UNITS[part[2] ?? 's'] ?? 1);
  }
  return new GoDuration(match[1] === '-' ? -total : total);
}

function toTime(value: unknown): Date {
  if (value instanceof Date) return value;
  const date = new Date(typeof value === 'number' ? value * 1000 : text(value));
  if (Number.isNaN(date.getTime())) throw new GoTemplateError(`not a time: ${text(value)}`);
  return date;
}

const unit =
  (nanoseconds: number): TemplateFunction =>
  (args) =>
    new GoDuration(Number(args[0]) * nanoseconds);

const data = {
  JSON: parseJson,
  JSONArray: parseJson,
  YAML: parseYaml,
  YAMLArray: parseYaml,
  ToJSON: (args: unknown[]) => JSON.stringify(plain(args[args.length - 1])) ?? 'null',
  ToJSONPretty: (args: unknown[]) => JSON.stringify(plain(args[args.length - 1]), null, text(args[0])) ?? 'null',
  ToYAML: (args: unknown[]) => stringify(plain(args[args.length - 1])),
} satisfies Record<string, TemplateFunction>;

const base64 = {
  Encode: (args: unknown[]) => Buffer.from(subject(args)).toString('base64'),
  Decode: (args: unknown[]) => Buffer.from(subject(args), 'base64').toString('utf8'),
} satisfies Record<string, TemplateFunction>;

const time = {
  Now: () => new Date(),
  Unix: (args: unknown[]) => new Date(Number(args[0]) * 1000),
  Parse: (args: unknown[]) => toTime(args[args.length - 1]),
  ParseDuration: (args: unknown[]) => parseGoDuration(args[0]),
  Since: (args: unknown[]) => new GoDuration((Date.now() - toTime(args[0]).getTime()) * 1e6),
  Until: (args: unknown[]) => new GoDuration((toTime(args[0]).getTime() - Date.now()) * 1e6),
  Nanosecond: unit(1),
  Microsecond: unit(1e3),
  Millisecond: unit(1e6),
  Second: unit(1e9),
  Minute: unit(6e10),
  Hour: unit(3.6e12),
} satisfies Record<string, TemplateFunction>;

const prefixed = (prefix: string, table: Record<string, TemplateFunction>) =>
  Object.fromEntries(Object.entries(table).map(([name, fn]) => [`${prefix}.${name}`, fn]));

/** `data.X`, `base64.X`, `time.X`, `regexp.Match` and the data aliases. */
export const dataFunctions: FunctionTable = {
  ...prefixed('data', data),
  ...prefixed('base64', base64),
  ...prefixed('time', time),
  'regexp.Match': (args) => linearRegexTest(text(args[0]), subject(args)),
  json: data.JSON,
  jsonArray: data.JSONArray,
  yaml: data.YAML,
  yamlArray: data.YAMLArray,
  toJSON: data.ToJSON,
  toJSONPretty: data.ToJSONPretty,
  toYAML: data.ToYAML,
};
