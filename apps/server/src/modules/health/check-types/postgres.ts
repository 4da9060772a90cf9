/**
 * Postgres check: connects to the checked address (TLS per `sslmode`, with the host name for SNI and
 * verification), runs `query` (default SELECT 1) and judges the rows. Failure messages name the cause:
 * refused, authentication failed, database missing, timed out, or the query error.
 */
import { postgresCheckSchema, type SqlCheckSpec } from '@mc/contracts';
import pg from 'pg';
import { type CheckContext, CheckFailure, type CheckRunOutput, type CheckTypeDefinition } from './check-context.js';
import { describeNetworkError, errorCode, errorText } from './network-errors.js';
import { DEFAULT_SQL_QUERY, judgeRows, resolveSqlTarget, type SqlTarget } from './sql-check.js';

const POSTGRES_PORT = 5432;
const AUTH_CODES = new Set(['28P01', '28000']);

function sslOption(sql: SqlTarget): pg.ClientConfig['ssl'] {
  const mode = sql.dsn.params.sslmode ?? 'disable';
  if (mode === 'disable' || mode === 'allow' || mode === 'prefer') return false;
  const verify = (mode === 'verify-full' || mode === 'verify-ca') && !sql.insecureTLS;
  return { servername: sql.dsn.host, rejectUnauthorized: verify, ...(sql.certificate ? { ca: sql.certificate } : {}) };
}

function failure(error: unknown, where: string, user: string | undefined): CheckFailure {
  const code = errorCode(error);
  const text = errorText(error);
  if (code && AUTH_CODES.has(code))
    return new CheckFailure(`authentication failed for user '${user ?? ''}': ${text}`, text);
  if (code === '3D000') return new CheckFailure(`database does not exist: ${text}`, text);
  if (code && /^[0-9A-Z]{5}$/.test(code)) return new CheckFailure(`query failed: ${text}`, text);
  if (/timeout/i.test(text)) return new CheckFailure(`timed out connecting to ${where}`, text);
  return new CheckFailure(describeNetworkError(error, where), text);
}

async function run(spec: SqlCheckSpec, ctx: CheckContext): Promise<CheckRunOutput> {
  const sql = await resolveSqlTarget(spec, ctx);
  const port = sql.dsn.port ?? POSTGRES_PORT;
  const where = `${sql.dsn.host}:${port}`;
  const client = new pg.Client({
    host: sql.target.address,
    port,
    user: sql.dsn.user,
    password: sql.dsn.password,
    database: sql.dsn.database,
    ssl: sslOption(sql),
    connectionTimeoutMillis: ctx.timeoutMs,
    query_timeout: ctx.timeoutMs,
    application_name: 'mission-control-check',
  });
  client.on('error', () => undefined);
  const onAbort = () => void client.end().catch(() => undefined);
  ctx.signal.addEventListener('abort', onAbort, { once: true });
  try {
    await client.connect();
    const answer = await client.query(spec.query ?? DEFAULT_SQL_QUERY);
    // A multi-statement query answers with one result per statement; the last one counts.
    const last = Array.isArray(answer) ? (answer.at(-1) as pg.QueryResult) : answer;
    return judgeRows(spec, last.rows ?? [], where);
  } catch (error) {
    if (ctx.signal.aborted) throw error;
    throw failure(error, where, sql.dsn.user);
  } finally {
    ctx.signal.removeEventListener('abort', onAbort);
    await client.end().catch(() => undefined);
  }
}

/** The postgres check type. */
export const postgresCheckType: CheckTypeDefinition<SqlCheckSpec> = {
  type: 'postgres',
  schema: postgresCheckSchema,
  run,
};
