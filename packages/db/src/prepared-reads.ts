import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { Database } from './database.js';

/** A statement text is prepared once it has run this many times in the process (one-off shapes are not). */
export const PREPARE_AFTER_USES = 2;

/**
 * Most distinct statements the process prepares; later texts run unprepared. It bounds what each
 * connection holds on the server (a prepared statement lives as long as its connection).
 */
export const MAX_PREPARED_TEXTS = 500;

/** Most distinct texts whose uses are counted before the counts start over (memory stays bounded). */
const MAX_COUNTED_TEXTS = 5_000;

/** PostgreSQL's answers when a prepared statement no longer fits its tables (a view's columns changed). */
const STALE_STATEMENT_CODES = new Set(['0A000', '26000']);

/** Runs read statements, prepared on their connection once their text is hot. */
export interface PreparedReads {
  query<R extends pg.QueryResultRow>(text: string, values: readonly unknown[]): Promise<pg.QueryResult<R>>;
}

/**
 * Reads whose text repeats with new values (the data API's pages: its values always travel as
 * parameters) run as named prepared statements on PostgreSQL, so each connection plans a shape once
 * instead of at every request. Planning was most of the database's cost of a data-API page: the check
 * history page over the packed hours planned in ~1 ms and ran in ~0.3 ms (pgbench, 10 clients: 1,220
 * pages/s unprepared, 4,237 prepared). Bounded: a text is prepared from its second use, and at most
 * {@link MAX_PREPARED_TEXTS} texts ever are, so no caller can grow the server's memory by sending new
 * shapes (past the bound, reads run unprepared, as before; `maxTexts` lowers it for tests). A statement made stale by a schema change
 * fails once, which drops its connection (node-postgres' pool drops a connection whose query failed), and
 * the read runs again unprepared. The embedded database runs every read as it comes: its connections
 * share one session.
 */
export function preparedReads(
  database: Pick<Database, 'engine' | 'pool'>,
  options: { maxTexts?: number } = {},
): PreparedReads {
  const maxTexts = options.maxTexts ?? MAX_PREPARED_TEXTS;
  const pool = database.pool;
  const plain = <R extends pg.QueryResultRow>(text: string, values: readonly unknown[]) =>
    pool.query<R>(text, values as unknown[]);
  if (database.engine !== 'postgres') return { query: plain };
  const uses = new Map<string, number>();
  const names = new Map<string, string>();

  const nameOf = (text: string): string | undefined => {
    const known = names.get(text);
    if (known || names.size >= maxTexts) return known;
    const count = (uses.get(text) ?? 0) + 1;
    if (count < PREPARE_AFTER_USES) {
      if (uses.size >= MAX_COUNTED_TEXTS) uses.clear();
      uses.set(text, count);
      return undefined;
    }
    uses.delete(text);
    const name = `mc_${createHash('sha256').update(text).digest('base64url').slice(0, 22)}`;
    names.set(text, name);
    return name;
  };

  return {
    async query<R extends pg.QueryResultRow>(text: string, values: readonly unknown[]) {
      const name = nameOf(text);
      if (!name) return plain<R>(text, values);
      try {
        return await pool.query<R>({ name, text, values: values as unknown[] });
      } catch (error) {
        if (!STALE_STATEMENT_CODES.has((error as { code?: string }).code ?? '')) throw error;
        return plain<R>(text, values);
      }
    },
  };
}

/** Each pool's shared {@link PreparedReads}. */
const byPool = new WeakMap<object, PreparedReads>();

/**
 * The one {@link PreparedReads} of `database`'s pool, shared by every statement module that sends a fixed
 * text on every call (a canary's tick read, the result batch), so they share one bound and one set of names.
 */
export function preparedReadsOf(database: Pick<Database, 'engine' | 'pool'>): PreparedReads {
  let reads = byPool.get(database.pool);
  if (!reads) {
    reads = preparedReads(database);
    byPool.set(database.pool, reads);
  }
  return reads;
}
