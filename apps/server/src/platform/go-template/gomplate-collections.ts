/**
 * gomplate's `coll.*`, `conv.*` and `math.*` functions with their top-level aliases (dict, slice, has,
 * keys, values, append, prepend, uniq, reverse, merge, sort, flatten, coalesce, first, last, default,
 * join, bool, add, sub, mul, div, rem, pow, seq). Lists they build are charged to the budget.
 * `jq`, `jsonpath`, `jmespath` and `xpath` are not offered: an unknown function is an error.
 */
import type { Budget } from './budget.js';
import type { FunctionTable, TemplateFunction } from './functions.js';
import { basicLess, goString, isMap, truth } from './go-values.js';
import { GoTemplateError } from './template-error.js';

function list(value: unknown, name: string): unknown[] {
  if (Array.isArray(value)) return value;
  throw new GoTemplateError(`${name}: expected a list, got ${goString(value)}`);
}

function map(value: unknown, name: string): Record<string, unknown> {
  if (isMap(value)) return value;
  throw new GoTemplateError(`${name}: expected a map, got ${goString(value)}`);
}

/** A number from a number or numeric string, as gomplate's conv.ToFloat64 reads it; else 0. */
export function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = /^0x/i.test(value.trim()) ? Number(value.trim()) : Number.parseFloat(value);
    return Number.isFinite(parsed) ? parsed : 0;
  }
  return 0;
}

function toBool(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 1;
  return ['1', 't', 'true', 'yes', 'on'].includes(
    String(value ?? '')
      .trim()
      .toLowerCase(),
  );
}

function dict(args: unknown[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = 0; i < args.length; i += 2) out[goString(args[i], false)] = i + 1 < args.length ? args[i + 1] : '';
  return out;
}

function merge(args: unknown[]): Record<string, unknown> {
  const [target, ...sources] = args.map((arg) => map(arg, 'merge'));
  const out = { ...target };
  for (const source of sources) for (const [key, value] of Object.entries(source)) if (!(key in out)) out[key] = value;
  return out;
}

function flatten(value: unknown[], depth: number, budget: Budget): unknown[] {
  const out: unknown[] = [];
  for (const item of value) {
    budget.spend();
    if (Array.isArray(item) && depth !== 0) out.push(...flatten(item, depth - 1, budget));
    else out.push(item);
  }
  return out;
}

function seq(args: unknown[], budget: Budget): number[] {
  const numbers = args.map(toNumber);
  const [start, end, step] =
    numbers.length === 1 ? [1, numbers[0] ?? 0, 1] : [numbers[0] ?? 1, numbers[1] ?? 0, numbers[2] ?? 0];
  const stride = step || (end >= start ? 1 : -1);
  if ((end - start) / stride < 0) return [];
  const count = Math.floor((end - start) / stride) + 1;
  budget.spend(count);
  return Array.from({ length: count }, (_, index) => start + index * stride);
}

function sortList(args: unknown[]): unknown[] {
  const items = [...list(args[args.length - 1], 'sort')];
  const key = args.length > 1 ? String(args[0]) : undefined;
  const read = (item: unknown) => (key && isMap(item) ? item[key] : item);
  return items.sort((a, b) => (basicLess(read(a), read(b), 'sort') ? -1 : basicLess(read(b), read(a), 'sort') ? 1 : 0));
}

const numeric =
  (fn: (...values: number[]) => number): TemplateFunction =>
  (args) =>
    fn(...args.map(toNumber));

const coll = {
  Dict: (args: unknown[]) => dict(args),
  Slice: (args: unknown[]) => [...args],
  Has: (args: unknown[]) => {
    const [target, key] = args;
    if (Array.isArray(target)) return target.some((item) => item === key);
    return isMap(target) && Object.hasOwn(target, String(key));
  },
  Keys: (args: unknown[]) => args.flatMap((arg) => Object.keys(map(arg, 'keys')).sort()),
  Values: (args: unknown[]) =>
    args.flatMap((arg) => {
      const m = map(arg, 'values');
      return Object.keys(m)
        .sort()
        .map((key) => m[key]);
    }),
  Append: (args: unknown[]) => [...list(args[1], 'append'), args[0]],
  Prepend: (args: unknown[]) => [args[0], ...list(args[1], 'prepend')],
  Uniq: (args: unknown[]) => [...new Set(list(args[0], 'uniq'))],
  Reverse: (args: unknown[]) => [...list(args[0], 'reverse')].reverse(),
  Merge: merge,
  Sort: sortList,
  Flatten: (args: unknown[], budget: Budget) =>
    flatten(list(args[args.length - 1], 'flatten'), args.length > 1 ? toNumber(args[0]) : -1, budget),
  Coalesce: (args: unknown[]) => args.find((arg) => truth(arg)) ?? null,
  First: (args: unknown[]) => list(args[0], 'first')[0],
  Last: (args: unknown[]) => list(args[0], 'last').at(-1),
  Pick: (args: unknown[]) => {
    const source = map(args[args.length - 1], 'pick');
    const keys = args.slice(0, -1).map(String);
    return Object.fromEntries(Object.entries(source).filter(([key]) => keys.includes(key)));
  },
  Omit: (args: unknown[]) => {
    const source = map(args[args.length - 1], 'omit');
    const keys = args.slice(0, -1).map(String);
    return Object.fromEntries(Object.entries(source).filter(([key]) => !keys.includes(key)));
  },
} satisfies Record<string, TemplateFunction>;

const conv = {
  ToBool: (args: unknown[]) => toBool(args[0]),
  Bool: (args: unknown[]) => toBool(args[0]),
  ToInt: (args: unknown[]) => Math.trunc(toNumber(args[0])),
  ToInt64: (args: unknown[]) => Math.trunc(toNumber(args[0])),
  Atoi: (args: unknown[]) => Math.trunc(toNumber(args[0])),
  ToFloat64: (args: unknown[]) => toNumber(args[0]),
  ParseFloat: (args: unknown[]) => toNumber(args[0]),
  ParseInt: (args: unknown[]) => Number.parseInt(String(args[0]), toNumber(args[1]) || 10),
  ToString: (args: unknown[]) => goString(args[0], false),
  ToStrings: (args: unknown[]) => args.map((arg) => goString(arg, false)),
  ToInts: (args: unknown[]) => args.map((arg) => Math.trunc(toNumber(arg))),
  Join: (args: unknown[]) =>
    list(args[0], 'join')
      .map((item) => goString(item, false))
      .join(String(args[1] ?? '')),
  Has: coll.Has,
  Slice: coll.Slice,
  Dict: coll.Dict,
  Default: (args: unknown[]) => (truth(args[1]) ? args[1] : args[0]),
} satisfies Record<string, TemplateFunction>;

const math = {
  Add: numeric((...n) => n.reduce((sum, x) => sum + x, 0)),
  Mul: numeric((...n) => n.reduce((product, x) => product * x, 1)),
  Sub: numeric((a = 0, b = 0) => a - b),
  Div: (args: unknown[]) => {
    const [a, b] = args.map(toNumber);
    if (!b) throw new GoTemplateError('math.Div: division by 0');
    return (a ?? 0) / b;
  },
  Rem: numeric((a = 0, b = 1) => a % b),
  Pow: numeric((a = 0, b = 0) => a ** b),
  Abs: numeric((a = 0) => Math.abs(a)),
  Ceil: numeric((a = 0) => Math.ceil(a)),
  Floor: numeric((a = 0) => Math.floor(a)),
  Round: numeric((a = 0) => Math.sign(a) * Math.round(Math.abs(a))),
  Max: numeric((...n) => Math.max(...n)),
  Min: numeric((...n) => Math.min(...n)),
  IsInt: (args: unknown[]) => Number.isInteger(args[0]),
  IsFloat: (args: unknown[]) => typeof args[0] === 'number' && !Number.isInteger(args[0]),
  IsNum: (args: unknown[]) => typeof args[0] === 'number',
  Seq: seq,
} satisfies Record<string, TemplateFunction>;

const prefixed = (prefix: string, table: Record<string, TemplateFunction>) =>
  Object.fromEntries(Object.entries(table).map(([name, fn]) => [`${prefix}.${name}`, fn]));

/** `coll.X`, `conv.X`, `math.X` and their top-level aliases. */
export const collectionFunctions: FunctionTable = {
  ...prefixed('coll', coll),
  ...prefixed('conv', conv),
  ...prefixed('math', math),
  dict: coll.Dict,
  slice: coll.Slice,
  has: coll.Has,
  keys: coll.Keys,
  values: coll.Values,
  append: coll.Append,
  prepend: coll.Prepend,
  uniq: coll.Uniq,
  reverse: coll.Reverse,
  merge: coll.Merge,
  sort: coll.Sort,
  flatten: coll.Flatten,
  coalesce: coll.Coalesce,
  first: coll.First,
  last: coll.Last,
  default: conv.Default,
  join: conv.Join,
  bool: conv.Bool,
  add: math.Add,
  sub: math.Sub,
  mul: math.Mul,
  div: math.Div,
  rem: math.Rem,
  pow: math.Pow,
  seq: math.Seq,
  ternary: (args) => (truth(args[2]) ? args[0] : args[1]),
  required: (args) => {
    const value = args[args.length - 1];
    if (value === undefined || value === null || value === '') {
      throw new GoTemplateError(
        args.length > 1 ? String(args[0]) : 'can not render template: a required value was not set',
      );
    }
    return value;
  },
  fail: (args) => {
    throw new GoTemplateError(args.length ? goString(args[0], false) : 'template generation failed');
  },
};
