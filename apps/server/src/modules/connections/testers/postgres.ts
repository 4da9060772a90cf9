import pg from 'pg';
import { type ConnectionTester, describeError } from './tester.js';

/** Connects with the URL (username and password override the URL's) and runs `SELECT version()`. */
export const testPostgres: ConnectionTester = async (connection, { timeoutMs }) => {
  let url: URL;
  try {
    url = new URL(connection.url ?? '');
  } catch {
    throw new Error(`PostgreSQL: '${connection.url ?? ''}' is not a postgres:// URL`);
  }
  // pg lets the connection string win over separate fields, so the credentials go into the URL.
  if (connection.username) url.username = encodeURIComponent(connection.username);
  if (connection.password) url.password = encodeURIComponent(connection.password);
  const client = new pg.Client({
    connectionString: url.toString(),
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
  });
  client.on('error', () => {
    // A broken socket after the test is irrelevant; the test result was already decided.
  });
  try {
    await client.connect();
    const { rows } = await client.query<{ version: string }>('SELECT version()');
    return `Connected to ${rows[0]?.version.split(' ').slice(0, 2).join(' ') ?? 'PostgreSQL'}`;
  } catch (error) {
    throw new Error(`PostgreSQL: ${describeError(error)}`);
  } finally {
    await client.end().catch(() => {});
  }
};
