import { Cursor, parseFieldAt } from './parse-field.js';
import { parseError } from './pgrst-error.js';
import type { SelectItem } from './query-types.js';

/** Casts a `select` may ask for, mapped to the SQL type written (user text never reaches the SQL). */
export const ALLOWED_CASTS: Readonly<Record<string, string>> = {
  text: 'text',
  varchar: 'varchar',
  int: 'integer',
  int2: 'smallint',
  int4: 'integer',
  int8: 'bigint',
  integer: 'integer',
  smallint: 'smallint',
  bigint: 'bigint',
  numeric: 'numeric',
  float: 'double precision',
  float4: 'real',
  float8: 'double precision',
  real: 'real',
  bool: 'boolean',
  boolean: 'boolean',
  date: 'date',
  time: 'time',
  timestamp: 'timestamp',
  timestamptz: 'timestamptz',
  interval: 'interval',
  uuid: 'uuid',
  json: 'json',
  jsonb: 'jsonb',
};

function parseItems(cursor: Cursor, nested: boolean): SelectItem[] {
  const items: SelectItem[] = [];
  for (;;) {
    const item = parseItem(cursor);
    items.push(item);
    if (cursor.eat(',')) continue;
    if (nested && cursor.peek() === ')') return items;
    if (!nested && cursor.done) return items;
    // PostgREST parses the top-level list without requiring the end of input: it stops after an embed
    // whatever follows, or after a column followed by `)`, and ignores the rest. The upstream console
    // relies on it (`…,created_by(id,name,avatar))`, `artifacts(*)::jsonb,…`).
    if (!nested && (item.kind === 'embed' || cursor.peek() === ')')) return items;
    throw cursor.error(nested ? '"," or ")"' : '"," or end of input');
  }
}

/** `...rel[!hint][!inner](cols)`: a spread embed (no alias: its columns take their own names). */
function parseSpread(cursor: Cursor): SelectItem {
  const name = cursor.name();
  let hint: string | undefined;
  let inner = false;
  while (cursor.eat('!')) {
    const word = cursor.name();
    if (word === 'inner') inner = true;
    else if (word === 'left') inner = false;
    else if (hint === undefined) hint = word;
    else throw cursor.error('"inner", "left" or "("');
  }
  cursor.expect('(');
  const select: SelectItem[] = cursor.peek() === ')' ? [] : parseItems(cursor, true);
  cursor.expect(')');
  return { kind: 'embed', relation: name, hint, inner, select, spread: true };
}

function parseItem(cursor: Cursor): SelectItem {
  if (cursor.eat('*')) return { kind: 'star' };
  if (cursor.eat('...')) return parseSpread(cursor);
  let alias: string | undefined;
  const start = cursor.pos;
  const first = cursor.name();
  if (cursor.peek() === ':' && cursor.peek(2) !== '::') {
    cursor.expect(':');
    alias = first;
  } else {
    cursor.pos = start;
  }
  const afterAlias = cursor.pos;
  const name = cursor.name();
  if (cursor.peek() === '!' || cursor.peek() === '(') {
    let hint: string | undefined;
    let inner = false;
    while (cursor.eat('!')) {
      const word = cursor.name();
      if (word === 'inner') inner = true;
      else if (word === 'left') inner = false;
      else if (hint === undefined) hint = word;
      else throw cursor.error('"inner", "left" or "("');
    }
    cursor.expect('(');
    const select: SelectItem[] = cursor.peek() === ')' ? [] : parseItems(cursor, true);
    cursor.expect(')');
    return { kind: 'embed', relation: name, alias, hint, inner, select };
  }
  cursor.pos = afterAlias;
  const field = parseFieldAt(cursor);
  let cast: string | undefined;
  if (cursor.eat('::')) {
    const type = cursor.name().toLowerCase();
    cast = ALLOWED_CASTS[type];
    if (!cast) throw cursor.error(`an allowed cast (${Object.keys(ALLOWED_CASTS).join(', ')})`);
  }
  return { kind: 'field', field, alias, cast };
}

/** Removes whitespace outside double quotes, as PostgREST does before parsing `select`. */
function stripSpaces(raw: string): string {
  let out = '';
  let quoted = false;
  for (const ch of raw) {
    if (ch === '"') quoted = !quoted;
    if (!quoted && /\s/.test(ch)) continue;
    out += ch;
  }
  return out;
}

/** Parses a `select` value into items; PGRST100 when malformed. An empty value means `*`. */
export function parseSelect(raw: string): SelectItem[] {
  const text = stripSpaces(raw);
  if (text === '') return [{ kind: 'star' }];
  const cursor = new Cursor(text, (details) => parseError('select parameter', raw, details));
  return parseItems(cursor, false);
}
