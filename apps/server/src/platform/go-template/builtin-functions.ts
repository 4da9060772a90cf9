/**
 * Go's predefined template functions: and, or, not, len, index, slice, print, printf, println,
 * eq, ne, lt, le, gt, ge, html, js, urlquery. `call` is absent: data holds no functions to call.
 */
import type { FunctionTable, TemplateFunction } from './functions.js';
import { sprint, sprintf, sprintln } from './go-printf.js';
import { basicEqual, basicLess, goKind, isMap, truth } from './go-values.js';
import { GoTemplateError } from './template-error.js';

function arity(name: string, args: unknown[], min: number, max = min): void {
  if (args.length < min || args.length > max) {
    const want = min === max ? `${min}` : `${min}..${max}`;
    throw new GoTemplateError(`wrong number of args for ${name}: want ${want} got ${args.length}`);
  }
}

function indexInto(item: unknown, key: unknown): unknown {
  if (Array.isArray(item) || typeof item === 'string') {
    if (typeof key !== 'number' || !Number.isInteger(key))
      throw new GoTemplateError('cannot index slice with non-integer');
    if (key < 0 || key >= item.length) throw new GoTemplateError(`error calling index: index out of range: ${key}`);
    return typeof item === 'string' ? item.charCodeAt(key) : item[key];
  }
  if (isMap(item)) return Object.hasOwn(item, String(key)) ? item[String(key)] : undefined;
  if (item === undefined || item === null) throw new GoTemplateError('error calling index: index of untyped nil');
  throw new GoTemplateError(`error calling index: can't index item of type ${goKind(item)}`);
}

const compare =
  (name: string, test: (a: unknown, b: unknown) => boolean): TemplateFunction =>
  (args) => {
    arity(name, args, 2);
    return test(args[0], args[1]);
  };

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"'\0]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&#34;', "'": '&#39;' })[c] ?? '\uFFFD',
  );

/** Go's builtins, keyed by name. `and`/`or` are evaluated lazily by the evaluator itself. */
export const builtinFunctions: FunctionTable = {
  and: () => undefined,
  or: () => undefined,
  not: (args) => {
    arity('not', args, 1);
    return !truth(args[0]);
  },
  len: (args) => {
    arity('len', args, 1);
    const [item] = args;
    if (typeof item === 'string') return Buffer.byteLength(item);
    if (Array.isArray(item)) return item.length;
    if (isMap(item)) return Object.keys(item).length;
    throw new GoTemplateError(`error calling len: len of type ${goKind(item)}`);
  },
  index: (args) => {
    if (args.length === 0) throw new GoTemplateError('wrong number of args for index: want at least 1 got 0');
    return args.slice(1).reduce((item, key) => indexInto(item, key), args[0]);
  },
  slice: (args) => {
    arity('slice', args, 1, 3);
    const [item, from = 0, to] = args;
    if (!Array.isArray(item) && typeof item !== 'string')
      throw new GoTemplateError(`can't slice item of type ${goKind(item)}`);
    const end = to === undefined ? item.length : Number(to);
    if (Number(from) < 0 || end > item.length || Number(from) > end) {
      throw new GoTemplateError(`error calling slice: index out of range: ${end}`);
    }
    return item.slice(Number(from), end);
  },
  print: (args) => sprint(args),
  printf: (args) => {
    if (args.length === 0) throw new GoTemplateError('wrong number of args for printf: want at least 1 got 0');
    return sprintf(String(args[0]), args.slice(1));
  },
  println: (args) => sprintln(args),
  eq: (args) => {
    if (args.length < 2) throw new GoTemplateError('missing argument for comparison');
    return args.slice(1).some((other) => basicEqual(args[0], other));
  },
  ne: compare('ne', (a, b) => !basicEqual(a, b)),
  lt: compare('lt', (a, b) => basicLess(a, b, 'lt')),
  le: compare('le', (a, b) => basicLess(a, b, 'le') || basicEqual(a, b)),
  gt: compare('gt', (a, b) => !basicLess(a, b, 'gt') && !basicEqual(a, b)),
  ge: compare('ge', (a, b) => !basicLess(a, b, 'ge')),
  html: (args) => escapeHtml(sprint(args)),
  js: (args) => JSON.stringify(sprint(args)).slice(1, -1).replaceAll("'", "\\'").replaceAll('<', '\\u003C'),
  urlquery: (args) => encodeURIComponent(sprint(args)).replaceAll('%20', '+'),
};
