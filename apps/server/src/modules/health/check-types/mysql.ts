/**
 * MySQL / MariaDB check (mysql2): connects to the checked address, runs `query` (default SELECT 1) and
 * judges the rows. Failure messages name the cause: refused, access denied, unknown database, timed
 * out, or the query error.
 */
import { createConnection } from 'node:net';
import { mysqlCheckSchema, type SqlCheckSpec } from '@mc/contracts';
import mysql from 'mysql2/promise';
import { type CheckContext, CheckFailure, type CheckRunOutput, type CheckTypeDefinition } from './check-context.js';
import { describeNetworkError, errorCode, errorText } from './network-errors.js';
import { DEFAULT_SQL_QUERY, judgeRows, resolveSqlTarget } from './sql-check.js';

const MYSQL_PORT = 3306;

function failure(error: unknown, where: string, user: string | undefined): CheckFailure {
  const code = errorCode(error);
  const text = errorText(error);
  if (code === 'ER_ACCESS_DENIED_ERROR' || code === 'ER_DBACCESS_DENIED_ERROR') {
    return new CheckFailure(`authentication failed for user '${user ?? ''}': ${text}`, text);
  }
  if (code === 'ER_BAD_DB_ERROR') return new CheckFailure(`database does not exist: ${text}`, text);
  if (code === 'ETIMEDOUT' || code === 'PROTOCOL_SEQUENCE_TIMEOUT') {
    return new CheckFailure(`timed out talking to ${where}`, text);
  }
  if (code?.startsWith('ER_')) return new CheckFailure(`query failed: ${text}`, text);
  return new CheckFailure(describeNetworkError(error, where), text);
}

async function run(spec: SqlCheckSpec, ctx: CheckContext): Promise<CheckRunOutput> {
  const sql = await resolveSqlTarget(spec, ctx);
  const port = sql.dsn.port ?? MYSQL_PORT;
  const where = `${sql.dsn.host}:${port}`;
  const tls = sql.dsn.params.tls ?? sql.dsn.params.ssl;
  let connection: mysql.Connection | undefined;
  const onAbort = () => connection?.destroy();
  ctx.signal.addEventListener('abort', onAbort, { once: true });
  try {
    connection = await mysql.createConnection({
      // The host name stays for TLS verification; the socket goes to the address the guard checked.
      host: sql.dsn.host,
      port,
      stream: () => createConnection({ host: sql.target.address, port }),
      ...(sql.dsn.user ? { user: sql.dsn.user } : {}),
      ...(sql.dsn.password ? { password: sql.dsn.password } : {}),
      ...(sql.dsn.database ? { database: sql.dsn.database } : {}),
      connectTimeout: ctx.timeoutMs,
      ...(tls && tls !== 'false' ? { ssl: { rejectUnauthorized: tls !== 'skip-verify' && !sql.insecureTLS } } : {}),
    });
    if (ctx.signal.aborted) connection.destroy();
    const [rows] = await connection.query({ sql: spec.query ?? DEFAULT_SQL_QUERY, timeout: ctx.timeoutMs });
    // A SELECT answers with row objects; other statements with a result header (no rows).
    const list = Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
    return judgeRows(spec, list, where);
  } catch (error) {
    if (ctx.signal.aborted) throw error;
    throw failure(error, where, sql.dsn.user);
  } finally {
    ctx.signal.removeEventListener('abort', onAbort);
    await connection?.end().catch(() => connection?.destroy());
  }
}

/** The mysql check type. */
export const mysqlCheckType: CheckTypeDefinition<SqlCheckSpec> = { type: 'mysql', schema: mysqlCheckSchema, run };
