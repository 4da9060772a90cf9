/**
 * gomplate's string functions (`strings.*` and their top-level aliases) and the humanize helpers
 * canary-checker fixtures use. The subject comes last, as in gomplate (`strings.Split "," .list`).
 * Functions that grow strings charge the budget for what they build.
 */
import type { FunctionTable, TemplateFunction } from './functions.js';
import { GoDuration, goString } from './go-values.js';
import { GoTemplateError } from './template-error.js';

const str = (value: unknown): string => (typeof value === 'string' ? value : goString(value, false));

/** The argument at `index` as text; a missing one is an error naming the function. */
function arg(args: unknown[], index: number, name: string): string {
  if (index >= args.length) throw new GoTemplateError(`wrong number of args for ${name}`);
  return str(args[index]);
}

const last = (args: unknown[], name: string) => arg(args, args.length - 1, name);

const unary =
  (name: string, fn: (s: string) => unknown): TemplateFunction =>
  (args) =>
    fn(last(args, name));

const cutset = (set: string) => new RegExp(`^[${escapeClass(set)}]+|[${escapeClass(set)}]+$`, 'g');
const escapeClass = (set: string) => set.replace(/[\\\]^-]/g, '\\$&');

function title(s: string): string {
  return s.replace(
    /(^|[^\p{L}\p{N}'])(\p{L})/gu,
    (_all, before: string, letter: string) => before + letter.toUpperCase(),
  );
}

function indent(args: unknown[]): string {
  const subject = last(args, 'indent');
  const width = args.length >= 2 && typeof args[0] === 'number' ? args[0] : 1;
  const pad = args.length === 3 ? str(args[1]) : args.length === 2 && typeof args[0] === 'string' ? args[0] : ' ';
  const prefix = pad.repeat(Math.max(0, Math.min(width, 1024)));
  return subject
    .split('\n')
    .map((line) => (line ? prefix + line : line))
    .join('\n');
}

/** Bytes as gomplate's humanize prints them: "1.5 kB" with SI units (the `humanize.Bytes` family). */
export function humanizeBytes(value: unknown): string {
  const bytes = Number(value);
  if (!Number.isFinite(bytes)) throw new GoTemplateError(`humanizeBytes: not a number: ${goString(value, false)}`);
  const units = ['B', 'kB', 'MB', 'GB', 'TB', 'PB', 'EB'];
  if (bytes < 10) return `${bytes} B`;
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1000)), units.length - 1);
  const scaled = bytes / 1000 ** exponent;
  const text = scaled < 10 ? scaled.toFixed(1) : scaled.toFixed(0);
  return `${text} ${units[exponent]}`;
}

/** A duration (Go duration, or milliseconds as a number) as Go prints it, e.g. "1h2m0s". */
export function humanizeDuration(value: unknown): string {
  if (value instanceof GoDuration) return value.toString();
  const ms = Number(value);
  if (!Number.isFinite(ms)) throw new GoTemplateError(`humanizeDuration: not a duration: ${goString(value, false)}`);
  return new GoDuration(Math.round(ms * 1e6)).toString();
}

/** How long ago a time was, in rough words ("3 hours ago"), as go-humanize's Time does. */
export function humanizeTime(value: unknown): string {
  const time = value instanceof Date ? value : new Date(str(value));
  if (Number.isNaN(time.getTime())) throw new GoTemplateError(`humanizeTime: not a time: ${goString(value, false)}`);
  const seconds = Math.round((Date.now() - time.getTime()) / 1000);
  const suffix = seconds >= 0 ? 'ago' : 'from now';
  const abs = Math.abs(seconds);
  const steps: [number, string][] = [
    [60, 'second'],
    [3600, 'minute'],
    [86400, 'hour'],
    [86400 * 7, 'day'],
    [86400 * 30, 'week'],
    [86400 * 365, 'month'],
  ];
  if (abs < 1) return 'now';
  let unit = 'year';
  let size = 86400 * 365;
  let previous = 1;
  for (const [limit, name] of steps) {
    if (abs < limit) {
      unit = name;
      size = previous;
      break;
    }
    previous = limit;
  }
  const count = Math.floor(abs / size);
  return `${count} ${unit}${count === 1 ? '' : 's'} ${suffix}`;
}

function repeat(args: unknown[], budget: Parameters<TemplateFunction>[1]): string {
  const count = Number(args[0]);
  const subject = last(args, 'strings.Repeat');
  if (!Number.isInteger(count) || count < 0) throw new GoTemplateError('strings.Repeat: negative or non-integer count');
  budget.fits(subject.length * count, 'strings.Repeat result');
  return subject.repeat(count);
}

const strings = {
  ToUpper: unary('toUpper', (s) => s.toUpperCase()),
  ToLower: unary('toLower', (s) => s.toLowerCase()),
  Title: unary('title', title),
  TrimSpace: unary('trimSpace', (s) => s.trim()),
  Trim: (args) => last(args, 'trim').replace(cutset(arg(args, 0, 'trim')), ''),
  TrimPrefix: (args) => {
    const [prefix, s] = [arg(args, 0, 'trimPrefix'), last(args, 'trimPrefix')];
    return s.startsWith(prefix) ? s.slice(prefix.length) : s;
  },
  TrimSuffix: (args) => {
    const [suffix, s] = [arg(args, 0, 'trimSuffix'), last(args, 'trimSuffix')];
    return suffix && s.endsWith(suffix) ? s.slice(0, -suffix.length) : s;
  },
  Contains: (args) => last(args, 'contains').includes(arg(args, 0, 'contains')),
  HasPrefix: (args) => last(args, 'hasPrefix').startsWith(arg(args, 0, 'hasPrefix')),
  HasSuffix: (args) => last(args, 'hasSuffix').endsWith(arg(args, 0, 'hasSuffix')),
  Split: (args) => last(args, 'split').split(arg(args, 0, 'split')),
  SplitN: (args) => {
    const parts = last(args, 'splitN').split(arg(args, 0, 'splitN'));
    const n = Number(args[1]);
    return n < 0 || parts.length <= n
      ? parts
      : [...parts.slice(0, n - 1), parts.slice(n - 1).join(arg(args, 0, 'splitN'))];
  },
  ReplaceAll: (args) => last(args, 'replaceAll').replaceAll(arg(args, 0, 'replaceAll'), arg(args, 1, 'replaceAll')),
  Repeat: repeat,
  Trunc: (args) => last(args, 'trunc').slice(0, Math.max(0, Number(args[0]))),
  Indent: indent,
  Quote: unary('quote', (s) => JSON.stringify(s)),
  Squote: unary('squote', (s) => `'${s.replaceAll("'", "''")}'`),
  Slug: unary('slug', (s) =>
    s
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, ''),
  ),
  RuneCount: (args) => [...args.map(str).join('')].length,
  Abbrev: (args) => {
    const s = last(args, 'abbrev');
    const width = Number(args[args.length - 2]);
    return s.length <= width ? s : `${s.slice(0, Math.max(0, width - 3))}...`;
  },
  Sort: (args) => {
    if (!Array.isArray(args[0])) throw new GoTemplateError('strings.Sort: not a list');
    return args[0].map(str).sort();
  },
} satisfies Record<string, TemplateFunction>;

/** `strings.X` names, gomplate's top-level aliases, and the humanize helpers. */
export const stringFunctions: FunctionTable = {
  ...Object.fromEntries(Object.entries(strings).map(([name, fn]) => [`strings.${name}`, fn])),
  replaceAll: strings.ReplaceAll,
  title: strings.Title,
  toUpper: strings.ToUpper,
  toLower: strings.ToLower,
  trim: strings.Trim,
  trimSpace: strings.TrimSpace,
  indent: strings.Indent,
  quote: strings.Quote,
  squote: strings.Squote,
  contains: strings.Contains,
  hasPrefix: strings.HasPrefix,
  hasSuffix: strings.HasSuffix,
  startsWith: strings.HasPrefix,
  endsWith: strings.HasSuffix,
  split: strings.Split,
  splitN: strings.SplitN,
  humanizeBytes: (args) => humanizeBytes(args[args.length - 1]),
  humanSize: (args) => humanizeBytes(args[args.length - 1]),
  humanizeDuration: (args) => humanizeDuration(args[args.length - 1]),
  humanDuration: (args) => humanizeDuration(args[args.length - 1]),
  humanizeTime: (args) => humanizeTime(args[args.length - 1]),
};
