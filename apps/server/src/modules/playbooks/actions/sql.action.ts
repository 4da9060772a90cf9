/**
 * The sql action: a query on a stored PostgreSQL or MySQL/MariaDB connection, opened by the connections
 * module's own drivers (testers/postgres.ts, testers/mysql.ts: the host checked by the egress guard,
 * the socket pinned to the checked address, the stored password decrypted by the connections service).
 * The rows are the output, at most {@link SQL_ACTION_MAX_ROWS} of them and {@link SQL_ACTION_MAX_BYTES}
 * of JSON; a cancel or timeout closes the connection, which ends the query.
 */
import type pg from 'pg';
import { z } from 'zod';
import { egressGuardFor } from '../../../platform/egress/egress-guard-for.js';
import { describeError, openMysql, openPostgres } from '../../connections/index.js';
import { plainValue } from '../../health/index.js';
import { untilAborted } from './abortable.js';
import { actionConnection, CONNECTION_REF_MAX, withoutSecrets } from './action-connection.js';
import { type ActionContext, defineAction } from './action-kind.js';

/** The most rows kept as output (the count says how many the query returned). */
export const SQL_ACTION_MAX_ROWS = 1_000;
/** The most JSON the kept rows may take; rows past it are dropped and `truncated` is set. */
export const SQL_ACTION_MAX_BYTES = 256 * 1024;
/** How long connecting and the query may take at most (the action's own timeout may be shorter). */
const SQL_TIMEOUT_MS = 5 * 60_000;

const schema = z.object({
  connection: z.string().min(1, 'is required').max(CONNECTION_REF_MAX),
  query: z
    .string()
    .min(1, 'is required')
    .max(64 * 1024),
  driver: z.enum(['postgres', 'mysql']).optional(),
});

type Rows = Record<string, unknown>[];

async function queryPostgres(connection: Parameters<typeof openPostgres>[0], query: string, ctx: ActionContext) {
  const client = await openPostgres(connection, {
    guard: egressGuardFor(ctx.database),
    timeoutMs: SQL_TIMEOUT_MS,
    applicationName: 'mission-control-playbook',
    signal: ctx.signal,
  });
  const onAbort = () => void client.end().catch(() => undefined);
  ctx.signal.addEventListener('abort', onAbort, { once: true });
  try {
    const answer = await client.query(query);
    // A multi-statement query answers with one result per statement; the last one counts.
    const last = Array.isArray(answer) ? (answer.at(-1) as pg.QueryResult) : answer;
    return { rows: (last.rows ?? []) as Rows, affected: last.rowCount ?? null };
  } finally {
    ctx.signal.removeEventListener('abort', onAbort);
    await client.end().catch(() => undefined);
  }
}

async function queryMysql(connection: Parameters<typeof openMysql>[0], query: string, ctx: ActionContext) {
  const opening = openMysql(connection, { guard: egressGuardFor(ctx.database), timeoutMs: SQL_TIMEOUT_MS });
  opening.then((late) => ctx.signal.aborted && late.destroy()).catch(() => undefined);
  const client = await untilAborted(opening, ctx.signal);
  const onAbort = () => client.destroy();
  ctx.signal.addEventListener('abort', onAbort, { once: true });
  try {
    const [result] = await client.query({ sql: query, timeout: SQL_TIMEOUT_MS });
    // A SELECT answers with row objects; other statements with a result header.
    if (Array.isArray(result)) return { rows: result as Rows, affected: null };
    const header = result as { affectedRows?: number };
    return { rows: [] as Rows, affected: header.affectedRows ?? null };
  } finally {
    ctx.signal.removeEventListener('abort', onAbort);
    await client.end().catch(() => client.destroy());
  }
}

/** Keeps the first rows that fit the caps. */
function capped(rows: Rows): { rows: Rows; truncated: boolean } {
  const kept: Rows = [];
  let bytes = 2;
  for (const row of rows.slice(0, SQL_ACTION_MAX_ROWS)) {
    const plain = plainValue(row) as Record<string, unknown>;
    bytes += Buffer.byteLength(JSON.stringify(plain)) + 1;
    if (bytes > SQL_ACTION_MAX_BYTES) return { rows: kept, truncated: true };
    kept.push(plain);
  }
  return { rows: kept, truncated: rows.length > kept.length };
}

/** The sql action type. */
export const sqlAction = defineAction({
  type: 'sql',
  schema,
  async run(fields, ctx) {
    const connection = await actionConnection(ctx, fields.connection, ['postgres', 'mysql']);
    const driver = fields.driver ?? connection.type;
    if (driver !== connection.type) {
      throw new Error(`driver ${driver} does not match the ${connection.type} connection ${connection.name}`);
    }
    const label = driver === 'postgres' ? 'PostgreSQL' : 'MySQL';
    let answer: { rows: Rows; affected: number | null };
    try {
      answer =
        driver === 'postgres'
          ? await queryPostgres(connection, fields.query, ctx)
          : await queryMysql(connection, fields.query, ctx);
    } catch (error) {
      ctx.signal.throwIfAborted();
      throw new Error(withoutSecrets(`${label}: ${describeError(error)}`, connection));
    }
    const { rows, truncated } = capped(answer.rows);
    ctx.log?.(`${label} ${connection.name}: ${answer.rows.length} rows`);
    return {
      driver,
      connection: connection.name,
      count: answer.rows.length,
      rows,
      affected: answer.affected,
      truncated,
    };
  },
});
