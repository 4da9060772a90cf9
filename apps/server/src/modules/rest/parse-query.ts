import { CONSOLE_FILTER_SUFFIX, consoleFilters } from './console-filter.js';
import { Cursor, parseFieldAt } from './parse-field.js';
import { parseCount, parseFilterValue, parseLogic, parseOrder, splitList } from './parse-filter.js';
import { parseSelect } from './parse-select.js';
import { parseError } from './pgrst-error.js';
import type { NodeOptions, ParsedQuery } from './query-types.js';

const LOGIC_KEYS: Readonly<Record<string, { op: 'and' | 'or'; negate: boolean }>> = {
  or: { op: 'or', negate: false },
  and: { op: 'and', negate: false },
  'not.or': { op: 'or', negate: true },
  'not.and': { op: 'and', negate: true },
};

const NODE_SUFFIXES = ['not.or', 'not.and', 'or', 'and', 'order', 'limit', 'offset'];

function nodeFor(nodes: Map<string, NodeOptions>, path: string): NodeOptions {
  let node = nodes.get(path);
  if (!node) {
    node = { conditions: [] };
    nodes.set(path, node);
  }
  return node;
}

/** `columns=` / `on_conflict=` lists; postgrest-js double-quotes each name. */
function nameList(raw: string): string[] {
  return splitList(raw).filter((s) => s !== '');
}

/** Splits `a.b.col->x` into the embed path (`a.b`) and the field text (`col->x`). */
function splitFilterKey(key: string): { path: string; field: string } {
  const arrow = key.indexOf('->');
  const head = arrow === -1 ? key : key.slice(0, arrow);
  const tail = arrow === -1 ? '' : key.slice(arrow);
  const dot = head.lastIndexOf('.');
  return dot === -1 ? { path: '', field: key } : { path: head.slice(0, dot), field: head.slice(dot + 1) + tail };
}

/**
 * Parses a data-API query string into select items and per-level filters, order and paging.
 * `argNames` (RPC GET) routes parameters with those names to `extra` instead of filters. A `key.filter`
 * parameter is the upstream console's convention (see console-filter.ts), its date math read at `now`.
 */
export function parseQuery(
  params: URLSearchParams,
  argNames: ReadonlySet<string> = new Set(),
  now: Date = new Date(),
): ParsedQuery {
  const parsed: ParsedQuery = {
    select: [{ kind: 'star' }],
    nodes: new Map([['', { conditions: [] }]]),
    extra: new Map(),
  };
  for (const [key, value] of params) {
    if (key === 'select') {
      parsed.select = parseSelect(value);
      continue;
    }
    if (key === 'columns') {
      parsed.columns = nameList(value);
      continue;
    }
    if (key === 'on_conflict') {
      parsed.onConflict = nameList(value);
      continue;
    }
    if (argNames.has(key)) {
      parsed.extra.set(key, value);
      continue;
    }
    const suffix = NODE_SUFFIXES.find((s) => key === s || (key.endsWith(`.${s}`) && !key.includes('->')));
    if (suffix) {
      const path = key === suffix ? '' : key.slice(0, -suffix.length - 1);
      const node = nodeFor(parsed.nodes, path);
      const logic = LOGIC_KEYS[suffix];
      if (logic) node.conditions.push(parseLogic(logic.op, logic.negate, value));
      else if (suffix === 'order') node.order = parseOrder(value);
      else if (suffix === 'limit') node.limit = parseCount(key, value);
      else node.offset = parseCount(key, value);
      continue;
    }
    const consoleKey = key.endsWith(CONSOLE_FILTER_SUFFIX) ? key.slice(0, -CONSOLE_FILTER_SUFFIX.length) : undefined;
    const { path, field: fieldText } = splitFilterKey(consoleKey ?? key);
    const cursor = new Cursor(fieldText, (details) => parseError('filter', `${key}=${value}`, details));
    const field = parseFieldAt(cursor);
    if (!cursor.done) throw cursor.error('end of column name');
    const conditions = nodeFor(parsed.nodes, path).conditions;
    if (consoleKey === undefined) conditions.push({ kind: 'filter', filter: parseFilterValue(field, value, value) });
    else
      for (const filter of consoleFilters(consoleKey, field, value, now)) conditions.push({ kind: 'filter', filter });
  }
  return parsed;
}
