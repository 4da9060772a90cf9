import { MAX_FILTER_REGEX_CHARS, regexShapeProblem } from '../../platform/regex-shape.js';
import { Cursor, parseFieldAt } from './parse-field.js';
import { PgrstError, parseError } from './pgrst-error.js';
import { type Condition, type FieldRef, type Filter, OPERATORS, type Operator, type OrderTerm } from './query-types.js';

const OPERATOR_SET: ReadonlySet<string> = new Set(OPERATORS);
const QUANTIFIABLE: ReadonlySet<string> = new Set([
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
]);
const FTS: ReadonlySet<string> = new Set(['fts', 'plfts', 'phfts', 'wfts']);
const IS_VALUES: ReadonlySet<string> = new Set(['null', 'not_null', 'true', 'false', 'unknown']);

/** Splits a `(a,"b,c",d)` / `{a,b}` list into items, honouring double quotes and backslash escapes. */
export function splitList(inner: string): string[] {
  const items: string[] = [];
  let current = '';
  let quoted = false;
  let wasQuoted = false;
  for (let i = 0; i < inner.length; i++) {
    const ch = inner[i] ?? '';
    if (quoted) {
      if (ch === '\\' && i + 1 < inner.length) {
        current += inner[i + 1];
        i += 1;
      } else if (ch === '"') quoted = false;
      else current += ch;
    } else if (ch === ',') {
      items.push(wasQuoted ? current : current.trim());
      current = '';
      wasQuoted = false;
    } else if (wasQuoted) {
      // Text after a closing quote (spaces before the comma) is not part of the item.
    } else if (ch === '"' && current.trim() === '') {
      current = '';
      quoted = true;
      wasQuoted = true;
    } else current += ch;
  }
  items.push(wasQuoted ? current : current.trim());
  return items;
}

/** Parses the right-hand side of a filter, `[not.]op[(mod)].value`, for `field`. */
export function parseFilterValue(field: FieldRef, raw: string, whole = raw): Filter {
  const fail = (details: string) => parseError('filter', whole, details);
  let rest = raw;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const m = /^([a-z]+)(?:\(([^)]*)\))?\./.exec(rest);
  const op = m?.[1];
  if (!m || !op || !OPERATOR_SET.has(op)) {
    throw fail(`unexpected "${rest.slice(0, 8)}" expecting "not" or operator (${OPERATORS.join(', ')})`);
  }
  const mod = m[2];
  const value = rest.slice(m[0].length);
  const filter: Filter = { field, negate, op: op as Operator, value }; // membership checked just above
  if (mod !== undefined) {
    if (FTS.has(op)) {
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(mod)) throw fail('unexpected language expecting a configuration name');
      filter.language = mod;
    } else if ((mod === 'any' || mod === 'all') && QUANTIFIABLE.has(op)) {
      filter.quantifier = mod;
      if (!value.startsWith('{') || !value.endsWith('}')) throw fail('unexpected value expecting "{"');
      filter.value = splitList(value.slice(1, -1));
    } else throw fail(`unexpected "(${mod})" expecting "."`);
  }
  if (op === 'in') {
    if (!value.startsWith('(') || !value.endsWith(')')) throw fail('unexpected value expecting "("');
    const inner = value.slice(1, -1);
    filter.value = inner === '' ? [] : splitList(inner);
  }
  if (op === 'match' || op === 'imatch') {
    for (const pattern of Array.isArray(filter.value) ? filter.value : [filter.value]) {
      const problem = regexShapeProblem(pattern, MAX_FILTER_REGEX_CHARS, `the ${op} pattern`);
      if (problem) throw fail(problem);
    }
  }
  if (op === 'is' && !IS_VALUES.has(value.toLowerCase())) {
    throw fail('unexpected value expecting null or trilean value (unknown, true, false)');
  }
  return filter;
}

/** Splits the inside of `(…)` at top-level commas (outside quotes, parentheses and braces). */
function splitTopLevel(text: string, fail: (d: string) => PgrstError): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\\' && quoted) i += 1;
    else if (ch === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (ch === '(' || ch === '{') depth += 1;
    else if (ch === ')' || ch === '}') {
      depth -= 1;
      if (depth < 0) throw fail('unexpected ")"');
    } else if (ch === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  if (depth !== 0 || quoted) throw fail('unexpected end of input expecting ")"');
  parts.push(text.slice(start));
  return parts;
}

function parseConditionItem(item: string, whole: string, depth: number): Condition {
  const fail = (details: string) => parseError('logic tree', whole, details);
  const logic = /^(not\.)?(and|or)\((.*)\)$/s.exec(item);
  if (logic) {
    return parseLogic(logic[2] === 'and' ? 'and' : 'or', !!logic[1], `(${logic[3] ?? ''})`, whole, depth + 1);
  }
  const cursor = new Cursor(item, fail);
  const field = parseFieldAt(cursor);
  if (!cursor.eat('.')) throw cursor.error('"."');
  return { kind: 'filter', filter: parseFilterValue(field, item.slice(cursor.pos), whole) };
}

/** Parses `(cond,cond,and(…),not.or(…))` for an `and`/`or` parameter. */
export function parseLogic(op: 'and' | 'or', negate: boolean, raw: string, whole = raw, depth = 0): Condition {
  const fail = (details: string) => parseError('logic tree', whole, details);
  if (depth > 32) throw fail('nesting too deep');
  if (!raw.startsWith('(') || !raw.endsWith(')') || raw.length < 3) throw fail('unexpected input expecting "("');
  const children = splitTopLevel(raw.slice(1, -1), fail).map((item) => parseConditionItem(item, whole, depth));
  return { kind: 'logic', op, negate, children };
}

/** Parses `order=a.desc.nullslast,b` into terms. */
export function parseOrder(raw: string): OrderTerm[] {
  const cursor = new Cursor(raw, (details) => parseError('order', raw, details));
  const terms: OrderTerm[] = [];
  for (;;) {
    const term: OrderTerm = { field: parseFieldAt(cursor) };
    while (cursor.eat('.')) {
      const word = cursor.name();
      if ((word === 'asc' || word === 'desc') && !term.direction && !term.nulls) term.direction = word;
      else if ((word === 'nullsfirst' || word === 'nullslast') && !term.nulls)
        term.nulls = word === 'nullsfirst' ? 'first' : 'last';
      else throw cursor.error('"asc", "desc", "nullsfirst" or "nullslast"');
    }
    terms.push(term);
    if (cursor.done) return terms;
    cursor.expect(',');
  }
}

/** Parses a non-negative integer parameter (`limit`, `offset`, `rel.limit`). */
export function parseCount(name: string, raw: string): number {
  if (!/^\d{1,15}$/.test(raw)) {
    if (/^-\d+$/.test(raw) && name.endsWith('limit')) {
      throw new PgrstError(
        416,
        'PGRST103',
        'Requested range not satisfiable',
        'Limit should be greater than or equal to zero.',
      );
    }
    throw parseError(`${name} parameter`, raw, `unexpected "${raw.slice(0, 8)}" expecting digit`);
  }
  return Number(raw);
}
