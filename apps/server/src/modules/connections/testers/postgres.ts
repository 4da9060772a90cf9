import pg from 'pg';
import { parseSqlDsn } from '../../health/check-types/sql-dsn.js';
import { type ConnectionTester, checkHost, describeError } from './tester.js';

const POSTGRES_PORT = 5432;

/**
 * Connects to the address the egress guard checked (the URL's host is kept for TLS) and runs
 * `SELECT version()`. The username and password fields win over those of the URL.
 */
export const testPostgres: ConnectionTester = async (connection, { timeoutMs, guard }) => {
  let client: pg.Client | undefined;
  try {
    const dsn = parseSqlDsn(connection.url ?? '');
    if (!dsn.host) throw new Error('the URL names no host');
    const target = await checkHost(guard, dsn.host);
    const sslmode = dsn.params.sslmode ?? 'disable';
    const ssl =
      sslmode === 'disable' || sslmode === 'allow' || sslmode === 'prefer'
        ? false
        : {
            servername: dsn.host,
            rejectUnauthorized: (sslmode === 'verify-full' || sslmode === 'verify-ca') && !connection.insecure_tls,
          };
    client = new pg.Client({
      host: target.address,
      port: dsn.port ?? POSTGRES_PORT,
      user: connection.username || dsn.user,
      password: connection.password || dsn.password,
      database: dsn.database,
      ssl,
      connectionTimeoutMillis: timeoutMs,
      query_timeout: timeoutMs,
      application_name: 'mission-control-connection-test',
    });
    client.on('error', () => {
      // A broken socket after the test is irrelevant; the test result was already decided.
    });
    await client.connect();
    const { rows } = await client.query<{ version: string }>('SELECT version()');
    return `Connected to ${rows[0]?.version.split(' ').slice(0, 2).join(' ') ?? 'PostgreSQL'}`;
  } catch (error) {
    throw new Error(`PostgreSQL: ${describeError(error)}`);
  } finally {
    await client?.end().catch(() => {});
  }
};
