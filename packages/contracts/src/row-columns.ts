/**
 * A long list of rows of one shape sent as columns: each field once, with its values in row order; a field
 * with few distinct values (a namespace, a status, a canary's name) as a dictionary of them and an index per
 * row; a field whose values are objects of the same keys (uptime, latency) as columns of its own. The health
 * summary of 10,000 checks is 6.6 MB as rows and about 1.5 MB as columns: a quarter of the text for the
 * browser to decode and parse before the dashboard can draw (docs/health-runtime.md, "The summary as
 * columns"). Shared by the server, which writes it, and the console, which reads it.
 */

/** One field's values. `a`: the rows that do not have the field at all (a key absent, not null). */
export type RowColumn =
  | { v: unknown[]; a?: number[] }
  | { d: unknown[]; i: number[]; a?: number[] }
  | { o: Record<string, RowColumn>; a?: number[] };

/** Rows as columns: `n` rows, and each field (in the first row's key order, then any others) as a column. */
export interface RowColumns {
  n: number;
  f: Record<string, RowColumn>;
}

/** A field is sent as a dictionary when it has at most one distinct value per this many rows. */
const DICTIONARY_RATIO = 4;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The key a value is found by in a dictionary: itself when primitive, its instant for a date (a database
 * row's timestamps, sent as their JSON text), its JSON text for another object.
 */
function dictionaryKey(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (value instanceof Date) return `\u0001${value.getTime()}`;
  return `\u0000${JSON.stringify(value)}`;
}

/** The shared key list of `values` when every one is an object with the same keys in the same order. */
function sameKeys(values: readonly unknown[]): string[] | undefined {
  const first = values[0];
  if (!isPlainObject(first)) return undefined;
  const keys = Object.keys(first);
  if (keys.length === 0) return undefined;
  for (const value of values) {
    if (!isPlainObject(value)) return undefined;
    const own = Object.keys(value);
    if (own.length !== keys.length || own.some((key, index) => key !== keys[index])) return undefined;
  }
  return keys;
}

/**
 * One field's values as a column: a dictionary when they repeat enough, nested columns when they are
 * objects of the same keys, else the values as they are. `absent` lists the rows without the field.
 */
export function toRowColumn(values: readonly unknown[], absent: readonly number[] = []): RowColumn {
  const withAbsent = <T extends RowColumn>(column: T): T => (absent.length ? { ...column, a: [...absent] } : column);
  const keys = absent.length ? undefined : sameKeys(values);
  if (keys) {
    const nested: Record<string, RowColumn> = {};
    for (const key of keys) nested[key] = toRowColumn(values.map((value) => (value as Record<string, unknown>)[key]));
    return { o: nested };
  }
  const found = new Map<unknown, number>();
  const distinct: unknown[] = [];
  const indexes = new Array<number>(values.length);
  for (let row = 0; row < values.length; row += 1) {
    const value = values[row] ?? null;
    const key = dictionaryKey(value);
    let index = found.get(key);
    if (index === undefined) {
      index = distinct.length;
      found.set(key, index);
      distinct.push(value);
      if (distinct.length * DICTIONARY_RATIO > values.length && distinct.length > 1) {
        return withAbsent({ v: values.map((each) => each ?? null) });
      }
    }
    indexes[row] = index;
  }
  return withAbsent({ d: distinct, i: indexes });
}

/** The fields of `rows`: the first row's keys in order, then any key only later rows have. */
export function rowFields(rows: readonly object[]): string[] {
  const fields = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) fields.add(key);
  return [...fields];
}

/** One field of every row as a column (see {@link toRowColumn}); a row without the field is listed as absent. */
export function fieldColumn(rows: readonly object[], field: string): RowColumn {
  const values = new Array<unknown>(rows.length);
  const absent: number[] = [];
  rows.forEach((row, index) => {
    if (Object.hasOwn(row, field)) values[index] = (row as Record<string, unknown>)[field];
    else {
      values[index] = null;
      absent.push(index);
    }
  });
  return toRowColumn(values, absent);
}

/** `rows` as columns, every field at once (a caller with a long list may build the columns field by field). */
export function toRowColumns(rows: readonly object[]): RowColumns {
  const columns: Record<string, RowColumn> = {};
  for (const field of rowFields(rows)) columns[field] = fieldColumn(rows, field);
  return { n: rows.length, f: columns };
}

function malformed(why: string): Error {
  return new Error(`malformed row columns: ${why}`);
}

function checkLength(list: unknown, n: number, what: string): unknown[] {
  if (!Array.isArray(list) || list.length !== n) throw malformed(`${what} must list ${n} values`);
  return list;
}

/** The value of `distinct` each index names, or a malformed-answer error. Builtins only: they run fast in a cold page. */
function dictionaryValues(distinct: unknown, indexes: unknown[], field: string): unknown[] {
  if (!Array.isArray(distinct)) throw malformed(`${field}'s dictionary is not a list`);
  if (!indexes.every(Number.isInteger)) throw malformed(`${field}'s indexes are not whole numbers`);
  const values = indexes.map((index) => distinct[index as number]);
  // JSON has no undefined: an index outside the dictionary reads one
  if (values.includes(undefined)) throw malformed(`${field} names a value outside its dictionary`);
  return values;
}

/** The values of one column for rows 0…n-1. */
function columnValues(column: unknown, n: number, field: string): unknown[] {
  if (!isPlainObject(column)) throw malformed(`${field} is not a column`);
  if ('v' in column) return checkLength(column.v, n, field);
  if ('d' in column) return dictionaryValues(column.d, checkLength(column.i, n, `${field}'s indexes`), field);
  if ('o' in column && isPlainObject(column.o)) {
    const keys = Object.keys(column.o);
    const nested = keys.map((key) => columnValues((column.o as Record<string, unknown>)[key], n, `${field}.${key}`));
    const values = new Array<unknown>(n);
    for (let row = 0; row < n; row += 1) {
      const value: Record<string, unknown> = {};
      for (let index = 0; index < keys.length; index += 1) {
        value[keys[index] as string] = (nested[index] as unknown[])[row];
      }
      values[row] = value;
    }
    return values;
  }
  throw malformed(`${field} is not a column`);
}

/**
 * The rows of {@link RowColumns}, each field in column order. A dictionary's object values (e.g. one set of
 * labels) are one object shared by the rows that have it: read them, do not change them. Throws on a
 * malformed answer. Written for a page that runs it once, cold: one pass per column, builtins where they
 * do the work (10,000 checks: ~40 ms the first time in a new Node process, ~12 ms warm).
 */
export function fromRowColumns<T>(columns: unknown): T[] {
  if (!isPlainObject(columns) || !isPlainObject(columns.f)) throw malformed('no fields');
  const n = columns.n;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) throw malformed('no row count');
  const rows = new Array<Record<string, unknown>>(n);
  for (let row = 0; row < n; row += 1) rows[row] = {};
  for (const [field, column] of Object.entries(columns.f)) {
    const values = columnValues(column, n, field);
    const absent = (column as { a?: unknown }).a;
    if (absent === undefined) {
      for (let row = 0; row < n; row += 1) (rows[row] as Record<string, unknown>)[field] = values[row];
    } else {
      const skip = new Set(checkAbsent(column as Record<string, unknown>, n, field));
      for (let row = 0; row < n; row += 1) {
        if (!skip.has(row)) (rows[row] as Record<string, unknown>)[field] = values[row];
      }
    }
  }
  return rows as T[];
}

function checkAbsent(column: Record<string, unknown>, n: number, field: string): number[] {
  const absent = column.a;
  if (!Array.isArray(absent) || absent.some((row) => typeof row !== 'number' || row < 0 || row >= n)) {
    throw malformed(`${field}'s absent rows are not rows`);
  }
  return absent as number[];
}
