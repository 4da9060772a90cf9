import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { RANDOM_PAGE_COST } from './planner-settings.js';

/** Which engine serves the database: a PostgreSQL server, or PGlite embedded in this process tree. */
export type Engine = 'postgres' | 'pglite';

/**
 * An open database: one `pg` pool (the raw driver, used by the data API for speed) and one Kysely
 * instance on that same pool (used by repositories). Both engines look the same from here on.
 */
export interface Database {
  readonly engine: Engine;
  readonly pool: pg.Pool;
  readonly db: Kysely<Tables>;
  /** How another thread reaches the same database ({@link connectEndpoint}); absent for in-process test databases. */
  readonly endpoint?: DatabaseEndpoint;
  /**
   * The embedded database only: writes a consistent gzip tarball of its data directory to `file`
   * while the server keeps running (taken between transactions); restore it with `npm run restore`.
   * Returns its size in bytes. PostgreSQL has pg_dump (docs/operations.md#back-up-and-restore).
   */
  readonly backup?: (file: string) => Promise<number>;
  close(): Promise<void>;
}

/**
 * Where a database listens, as plain data a worker thread can receive: a PostgreSQL URL, or the
 * embedded database's private unix socket (PGlite behind its wire server).
 */
export type DatabaseEndpoint =
  | { engine: 'postgres'; url: string; settings?: PoolSettings }
  | { engine: 'pglite'; socketDir: string; port: number };

/**
 * Production settings of a PostgreSQL pool (MC_DB_POOL_MAX, MC_DB_STATEMENT_TIMEOUT_MS): the most
 * connections it opens, and the longest a statement may run before the server cancels it (0 or
 * absent: no limit). The timeout is a connection start-up parameter, so it holds for every statement
 * on the pool's connections without a round trip; a migration lifts it for its own transaction.
 */
export interface PoolSettings {
  max?: number;
  statementTimeoutMs?: number;
  /** How long an idle connection is kept (node-postgres closes it after 10 s by default). */
  idleTimeoutMs?: number;
}

/** The `application_name` of the job thread's connections: the embedded wire server serves them first. */
export const JOBS_APPLICATION_NAME = 'mission-control-jobs';

/**
 * Loose table typing: repositories narrow rows with their own interfaces. Kept open on purpose so a
 * migration never needs a matching change here.
 */
// biome-ignore lint/suspicious/noExplicitAny: Kysely needs a table map; rows are typed per repository.
export type Tables = Record<string, Record<string, any>>;

// int8 (count(*), bigint ids) as JS numbers when they fit, as on PGlite through its shim.
pg.types.setTypeParser(20, (value: string) => {
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : value;
});

/** Wraps a pool into a {@link Database}. `onClose` runs after the pool has ended. */
export function wrapPool(
  engine: Engine,
  pool: pg.Pool,
  onClose: () => Promise<void> = async () => {},
  endpoint?: DatabaseEndpoint,
): Database {
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
  let closed = false;
  return {
    engine,
    pool,
    db,
    ...(endpoint ? { endpoint } : {}),
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
      // Kysely ends the pool only once it has used it: a database closed before its first query kept its pool
      if (!pool.ending) await pool.end();
      await onClose();
    },
  };
}

/** Planner settings every session starts with (planner-settings.ts). */
const SESSION_PLANNER_SETTINGS = `-c random_page_cost=${RANDOM_PAGE_COST}`;

/** The startup `options` of a connection: the URL's own (`?options=…`), then ours. */
function startupOptions(url: string): string {
  let own: string | null = null;
  try {
    own = new URL(url).searchParams.get('options');
  } catch {
    // a key=value connection string: it carries no options we could merge
  }
  return own ? `${own} ${SESSION_PLANNER_SETTINGS}` : SESSION_PLANNER_SETTINGS;
}

/** A driver pool on a PostgreSQL server; idle-client errors are absorbed (the pool replaces the client). */
export function createPostgresPool(url: string, options: PoolSettings & { applicationName?: string } = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    options: startupOptions(url),
    max: options.max ?? 10,
    application_name: options.applicationName ?? 'mission-control',
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    ...(options.idleTimeoutMs ? { idleTimeoutMillis: options.idleTimeoutMs } : {}),
  });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on next use.
  });
  return pool;
}

/**
 * Connects to a PostgreSQL server. The settings travel in the endpoint, so another thread's pool on
 * it ({@link connectEndpoint}) has the same limits.
 */
export function connectPostgres(url: string, options: PoolSettings & { applicationName?: string } = {}): Database {
  const settings: PoolSettings = {
    ...(options.max ? { max: options.max } : {}),
    ...(options.statementTimeoutMs ? { statementTimeoutMs: options.statementTimeoutMs } : {}),
    ...(options.idleTimeoutMs ? { idleTimeoutMs: options.idleTimeoutMs } : {}),
  };
  return wrapPool('postgres', createPostgresPool(url, options), undefined, { engine: 'postgres', url, settings });
}

/**
 * A second pool on a database another thread opened (the job thread's own connections). Closing it
 * ends only this pool; the embedded database itself stays with the thread that opened it.
 */
export function connectEndpoint(
  endpoint: DatabaseEndpoint,
  options: { max?: number; applicationName?: string } = {},
): Database {
  if (endpoint.engine === 'postgres') return connectPostgres(endpoint.url, { ...options, ...endpoint.settings });
  // PGlite is one session: more than one connection per pool only queues inside the wire server.
  const pool = new pg.Pool({
    host: endpoint.socketDir,
    port: endpoint.port,
    user: 'postgres',
    database: 'postgres',
    max: 1,
    ...(options.applicationName ? { application_name: options.applicationName } : {}),
  });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on next use.
  });
  return wrapPool('pglite', pool, async () => {}, endpoint);
}
