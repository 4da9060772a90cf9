import mysql from 'mysql2/promise';
import { type ConnectionTester, describeError, withTimeout } from './tester.js';

/** Accepts `mysql://host:port/db` or a bare `host:port`; username and password come from their fields. */
function target(url: string): mysql.ConnectionOptions {
  const parsed = new URL(/^[a-z]+:\/\//i.test(url) ? url : `mysql://${url}`);
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : 3306,
    database: parsed.pathname.replace(/^\//, '') || undefined,
    user: decodeURIComponent(parsed.username) || undefined,
    password: decodeURIComponent(parsed.password) || undefined,
  };
}

/** Connects with mysql2 and runs `SELECT VERSION()`. */
export const testMysql: ConnectionTester = async (connection, { timeoutMs }) => {
  let client: mysql.Connection | undefined;
  try {
    const options = target(connection.url ?? '');
    client = await withTimeout(
      mysql.createConnection({
        ...options,
        user: connection.username || options.user,
        password: connection.password || options.password,
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
    await client?.end().catch(() => {});
  }
};
