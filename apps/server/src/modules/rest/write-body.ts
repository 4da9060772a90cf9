import { invalidBody, PgrstError } from './pgrst-error.js';
import type { TableInfo } from './schema-cache.js';

/** A JSON object from a request body. */
export type JsonRecord = Record<string, unknown>;

function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Parses a write body: an object or (POST) an array of objects; PGRST102 otherwise. */
export function parseWriteBody(text: string, allowArray: boolean): JsonRecord[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalidBody();
  }
  if (isRecord(value)) return [value];
  if (allowArray && Array.isArray(value) && value.every(isRecord)) return value;
  throw invalidBody();
}

/** PGRST204: a payload or `columns=` column the table does not have. */
export function columnNotFound(table: string, column: string): PgrstError {
  return new PgrstError(400, 'PGRST204', `Could not find the '${column}' column of '${table}' in the schema cache`);
}

/**
 * The columns a write sets: `columns=` when given, else the keys of the first object (all objects must
 * have the same keys, as PostgREST requires without `columns=`).
 */
export function writeColumns(
  table: TableInfo,
  rows: readonly JsonRecord[],
  columnsParam?: readonly string[],
): string[] {
  let columns: string[];
  if (columnsParam) {
    columns = [...new Set(columnsParam)];
  } else {
    const first = rows[0];
    columns = first ? Object.keys(first) : [];
    const key = columns.slice().sort().join('\u0000');
    for (const row of rows) {
      if (Object.keys(row).sort().join('\u0000') !== key) throw invalidBody('All object keys must match');
    }
  }
  // Hidden columns (secrets, token hashes) are not writable here: they look unknown, as on reads.
  for (const column of columns) {
    if (!table.columns.has(column) || table.hidden.has(column)) throw columnNotFound(table.name, column);
  }
  return columns;
}
