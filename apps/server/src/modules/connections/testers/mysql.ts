import { createConnection } from 'node:net';
import mysql from 'mysql2/promise';
import { parseSqlDsn } from '../../health/check-types/sql-dsn.js';
import { type ConnectionTester, checkHost, describeError, withTimeout } from './tester.js';

const MYSQL_PORT = 3306;

/** Accepts `mysql://…`, a Go DSN (`user:pass@tcp(host:port)/db`) or a bare `host:port`. */
function dsnOf(url: string) {
  return parseSqlDsn(/^[a-z]+:\/\/|@(tcp|unix)\(/i.test(url) ? url : `mysql://${url}`);
}

/**
 * Connects with mysql2 to the address the egress guard checked and runs `SELECT VERSION()`; the
 * username and password fields win over those of the URL.
 */
export const testMysql: ConnectionTester = async (connection, { timeoutMs, guard }) => {
  let client: mysql.Connection | undefined;
  try {
    const dsn = dsnOf(connection.url ?? '');
    if (!dsn.host) throw new Error('the URL names no host');
    const target = await checkHost(guard, dsn.host);
    const port = dsn.port ?? MYSQL_PORT;
    client = await withTimeout(
      mysql.createConnection({
        host: dsn.host,
        port,
        stream: () => createConnection({ host: target.address, port }),
        database: dsn.database,
        user: connection.username || dsn.user,
        password: connection.password || dsn.password,
        connectTimeout: timeoutMs,
      }),
      timeoutMs,
      'MySQL',
    );
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
