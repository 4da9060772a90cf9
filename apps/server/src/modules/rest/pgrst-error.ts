/** The JSON body PostgREST answers for every error. */
export interface PgrstErrorBody {
  code: string;
  message: string;
  /** A string, or (PGRST201) a JSON array of the candidate relationships. */
  details: unknown;
  hint: string | null;
}

/**
 * An error of the data API, carrying PostgREST's status and body exactly, so a PostgREST client
 * (postgrest-js, the console) reads it unchanged.
 */
export class PgrstError extends Error {
  override name = 'PgrstError';
  /** Extra response headers, e.g. the `Content-Range` with the total on a 416. */
  headers: Record<string, string> = {};
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: unknown = null,
    readonly hint: string | null = null,
  ) {
    super(message);
  }

  get body(): PgrstErrorBody {
    return { code: this.code, message: this.message, details: this.details, hint: this.hint };
  }
}

/** PGRST100: a query parameter (select, filter, order, limit, logic tree) that does not parse. */
export function parseError(what: string, raw: string, details: string): PgrstError {
  return new PgrstError(400, 'PGRST100', `failed to parse ${what} (${raw})`, details);
}

/** 42703 as PostgreSQL words it; also used for hidden columns so their existence is not revealed. */
export function unknownColumn(table: string, column: string): PgrstError {
  return new PgrstError(400, '42703', `column ${table}.${column} does not exist`);
}

/** PGRST205: a table or view that is not exposed (or does not exist). */
export function unknownTable(name: string): PgrstError {
  return new PgrstError(404, 'PGRST205', `Could not find the table 'public.${name}' in the schema cache`);
}

/** PGRST102: a request body that is not the JSON the endpoint needs. */
export function invalidBody(message = 'Empty or invalid json'): PgrstError {
  return new PgrstError(400, 'PGRST102', message);
}

/** PGRST116: `Accept: application/vnd.pgrst.object+json` but not exactly one row. */
export function singularityError(rows: number): PgrstError {
  return new PgrstError(
    406,
    'PGRST116',
    'JSON object requested, multiple (or no) rows returned',
    `The result contains ${rows} rows`,
  );
}

/** PostgREST's SQLSTATE → HTTP status table (Error.hs `mapSQLtoHTTP`), with every 5xx a client can cause made 4xx. */
export function statusForSqlState(code: string): number {
  if (code === '23503' || code === '23505') return 409;
  if (code === '25006') return 405;
  if (code === '21000') return 400;
  if (code === '42883') return 404;
  if (code === '42P01') return 404;
  if (code === '42501') return 403;
  if (code === 'P0001') return 400;
  if (code.startsWith('08')) return 503;
  if (code.startsWith('53') && code !== '53400') return 503;
  if (code === '57P01') return 503;
  if (code.startsWith('0L') || code.startsWith('0P') || code.startsWith('28')) return 403;
  // Statement timeouts, serialization failures and deadlocks are transient: PostgREST says 500, we say
  // 503 so a client may retry, and no client input can make the server answer a 5xx it could not retry.
  if (code.startsWith('40') || code === '57014') return 503;
  // Everything else that reaches here was caused by the request (invalid input, bad cast, …): 400.
  return 400;
}

interface DatabaseErrorLike {
  code?: unknown;
  message?: unknown;
  detail?: unknown;
  hint?: unknown;
}

/** Converts a `pg` driver error into PostgREST's shape; anything that is not a database error is rethrown. */
export function fromDatabaseError(error: unknown): PgrstError {
  if (error instanceof PgrstError) return error;
  const e = error as DatabaseErrorLike; // pg's DatabaseError: code/message/detail/hint are plain fields
  if (error instanceof Error && typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
    const message = String(e.message ?? '');
    return new PgrstError(
      statusForSqlState(e.code),
      e.code,
      message,
      typeof e.detail === 'string' ? e.detail : null,
      typeof e.hint === 'string' ? e.hint : null,
    );
  }
  throw error;
}
