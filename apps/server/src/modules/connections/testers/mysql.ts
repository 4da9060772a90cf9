import { createConnection } from 'node:net';
import mysql from 'mysql2/promise';
import type { ResolvedConnection } from '../connections.service.js';
import { parseSqlDsn } from '../sql-dsn.js';
import { type ConnectionTester, checkHost, describeError, type TesterOptions, withTimeout } from './tester.js';

const MYSQL_PORT = 3306;

/** Accepts `mysql://…`, a Go DSN (`user:pass@tcp(host:port)/db`) or a bare `host:port`. */
function dsnOf(url: string) {
  return parseSqlDsn(/^[a-z]+:\/\/|@(tcp|unix)\(/i.test(url) ? url : `mysql://${url}`);
}

/**
 * Opens a mysql2 connection (MySQL or MariaDB) on a stored connection: the host checked by the egress
 * guard, the socket sent to the checked address; the username and password fields win over those of
 * the URL. Connection tests and the playbooks' sql action use it.
 */
export async function openMysql(connection: ResolvedConnection, options: TesterOptions): Promise<mysql.Connection> {
  const dsn = dsnOf(connection.url ?? '');
  if (!dsn.host) throw new Error('the URL names no host');
  const target = await checkHost(options.guard, dsn.host);
  const port = dsn.port ?? MYSQL_PORT;
  return withTimeout(
    mysql.createConnection({
      host: dsn.host,
      port,
      stream: () => createConnection({ host: target.address, port }),
      database: dsn.database,
      user: connection.username || dsn.user,
      password: connection.password || dsn.password,
      connectTimeout: options.timeoutMs,
    }),
    options.timeoutMs,
    'MySQL',
  );
}

/** Runs `SELECT VERSION()` on the connection (see {@link openMysql}). */
export const testMysql: ConnectionTester = async (connection, options) => {
  let client: mysql.Connection | undefined;
  try {
    client = await openMysql(connection, options);
    const [rows] = await client.query('SELECT VERSION() AS version');
    // mysql2 types query results loosely; this query returns one row with `version`.
    const version = (rows as { version?: string }[])[0]?.version ?? 'unknown version';
    return `Connected to MySQL ${version}`;
  } catch (error) {
    throw new Error(`MySQL: ${describeError(error)}`);
  } finally {
    await client?.end().catch(() => client?.destroy());
  }
};
