import pg from 'pg';
import type { ResolvedConnection } from '../connections.service.js';
import { parseSqlDsn } from '../sql-dsn.js';
import { type ConnectionTester, checkHost, describeError, type TesterOptions } from './tester.js';

const POSTGRES_PORT = 5432;

/** Where a postgres connection is opened from, and under which application name. */
export interface OpenOptions extends TesterOptions {
  applicationName: string;
  signal?: AbortSignal;
}

/**
 * Opens a client on a stored postgres connection: the URL's host checked by the egress guard and the
 * socket sent to the checked address (the host kept for TLS per `sslmode`); the username and password
 * fields win over those of the URL. Connection tests and the playbooks' sql action use it.
 */
export async function openPostgres(connection: ResolvedConnection, options: OpenOptions): Promise<pg.Client> {
  const dsn = parseSqlDsn(connection.url ?? '');
  if (!dsn.host) throw new Error('the URL names no host');
  const target = await checkHost(options.guard, dsn.host);
  const sslmode = dsn.params.sslmode ?? 'disable';
  const ssl =
    sslmode === 'disable' || sslmode === 'allow' || sslmode === 'prefer'
      ? false
      : {
          servername: dsn.host,
          rejectUnauthorized: (sslmode === 'verify-full' || sslmode === 'verify-ca') && !connection.insecure_tls,
        };
  const client = new pg.Client({
    host: target.address,
    port: dsn.port ?? POSTGRES_PORT,
    user: connection.username || dsn.user,
    password: connection.password || dsn.password,
    database: dsn.database,
    ssl,
    connectionTimeoutMillis: options.timeoutMs,
    query_timeout: options.timeoutMs,
    application_name: options.applicationName,
  });
  client.on('error', () => {
    // A broken socket after the work is irrelevant; its result was already decided.
  });
  const onAbort = () => void client.end().catch(() => undefined);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
  }
  return client;
}

/** Runs `SELECT version()` on the connection (see {@link openPostgres}). */
export const testPostgres: ConnectionTester = async (connection, options) => {
  let client: pg.Client | undefined;
  try {
    client = await openPostgres(connection, { ...options, applicationName: 'mission-control-connection-test' });
    const { rows } = await client.query<{ version: string }>('SELECT version()');
    return `Connected to ${rows[0]?.version.split(' ').slice(0, 2).join(' ') ?? 'PostgreSQL'}`;
  } catch (error) {
    throw new Error(`PostgreSQL: ${describeError(error)}`);
  } finally {
    await client?.end().catch(() => {});
  }
};
