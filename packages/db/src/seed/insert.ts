import type pg from 'pg';

/** A row to insert: column name → value (objects and arrays of objects are sent as JSON). */
export type Row = Record<string, unknown>;

/** Something that can run a query: a pool or a checked-out client. */
export interface Queryable {
  query: pg.Pool['query'];
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

function quote(identifier: string): string {
  if (!IDENTIFIER.test(identifier)) throw new Error(`Not a plain identifier: ${identifier}`);
  return `"${identifier}"`;
}

function toParam(value: unknown): unknown {
  if (value === null || value === undefined || value instanceof Date) return value ?? null;
  if (Array.isArray(value))
    return value.every((item) => typeof item !== 'object' || item === null) ? value : JSON.stringify(value);
  return typeof value === 'object' ? JSON.stringify(value) : value;
}

/**
 * Inserts rows built by the factories into `table` in one statement and returns them as stored
 * (with defaults such as ids and timestamps filled in). Columns come from the first row.
 */
export async function insertRows<T extends Row = Row>(
  db: Queryable,
  table: string,
  rows: readonly Row[],
): Promise<T[]> {
  const first = rows[0];
  if (!first) return [];
  const columns = Object.keys(first);
  const params: unknown[] = [];
  const tuples = rows.map((row) => `(${columns.map((column) => `$${params.push(toParam(row[column]))}`).join(', ')})`);
  const result = await db.query(
    `INSERT INTO ${quote(table)} (${columns.map(quote).join(', ')}) VALUES ${tuples.join(', ')} RETURNING *`,
    params,
  );
  return result.rows as T[]; // RETURNING * yields the table's rows; the caller names their shape
}

/** Inserts one factory-built row and returns it as stored. */
export async function insertRow<T extends Row = Row>(db: Queryable, table: string, row: Row): Promise<T> {
  const [stored] = await insertRows<T>(db, table, [row]);
  if (!stored) throw new Error(`Insert into ${table} returned no row`);
  return stored;
}
