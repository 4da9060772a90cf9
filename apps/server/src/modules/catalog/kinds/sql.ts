/**
 * The sql scraper (config-db's `sql`): runs `query` on a stored connection (PostgreSQL, or MySQL /
 * MariaDB through mysql2) and turns each row into an item. `id`, `type`, `name` read the row (e.g.
 * `$.id`); defaults: id = the row's `id` column (else its position), type = `SQL`, name = the row's
 * `name` column (else its id). `items` splits each row as config-db splits a scraped document (`.settings`
 * or `$.settings[*]` on a JSON column gives one item per value found; the row's columns are its fields).
 * The host goes through the egress guard and the socket connects to the
 * checked address. At most {@link MAX_SQL_ROWS} rows are read; the query runs under a timeout.
 */
import { createConnection } from 'node:net';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { z } from 'zod';
import type { SqlDsn } from '../../connections/index.js';
import { plainValue } from '../../health/index.js';
import { type BaseEntry, baseEntryShape, itemsFromDocument, splitItems } from './item-fields.js';
import { emptyOutput, type KindContext, type KindOutput, type ScraperKind } from './scraper-kind.js';
import { dsnOf, resolveEntryConnection } from './sql-target.js';
import { refusedKey, strictEntry } from './strict-entry.js';

/** Most rows one entry reads. */
export const MAX_SQL_ROWS = 50_000;
/** Longest a connection and query may take. */
export const SQL_TIMEOUT_MS = 60_000;

const sqlEntrySchema = strictEntry({
  ...baseEntryShape,
  /** A row is read as its columns; config-db applies a format only to text. */
  format: refusedKey('format', 'a row is read as its columns, never parsed as text'),
  connection: z.string().min(1).optional(),
  /** The upstream form's field: a connection string or reference, used when `connection` is absent. */
  host: z.string().min(1).optional(),
  driver: z.enum(['postgres', 'postgresql', 'mysql', 'mariadb']).optional(),
  query: z.string().min(1, 'is required'),
}).refine((entry) => entry.connection || entry.host, {
  message: 'connection (or host) is required',
  path: ['connection'],
});
/** One `spec.sql[]` entry. */
export type SqlEntry = z.infer<typeof sqlEntrySchema> & BaseEntry;

type Row = Record<string, unknown>;

function driverOf(entry: SqlEntry, url: string, type: string | undefined): 'postgres' | 'mysql' {
  const named = entry.driver ?? type ?? url.split(':')[0] ?? '';
  if (/^(mysql|mariadb)/i.test(named) || /tcp\(/.test(url)) return 'mysql';
  return 'postgres';
}

async function postgresRows(dsn: SqlDsn, address: string, query: string, ctx: KindContext): Promise<Row[]> {
  const mode = dsn.params.sslmode ?? 'disable';
  const client = new pg.Client({
    host: address,
    port: dsn.port ?? 5432,
    ...(dsn.user ? { user: dsn.user } : {}),
    ...(dsn.password ? { password: dsn.password } : {}),
    ...(dsn.database ? { database: dsn.database } : {}),
    connectionTimeoutMillis: SQL_TIMEOUT_MS,
    statement_timeout: SQL_TIMEOUT_MS,
    ssl:
      mode === 'disable' || mode === 'prefer' || mode === 'allow'
        ? false
        : { servername: dsn.host, rejectUnauthorized: mode.startsWith('verify') },
  });
  const onAbort = () => client.end().catch(() => {});
  ctx.signal.addEventListener('abort', onAbort, { once: true });
  try {
    await client.connect();
    const result = await client.query(query);
    return result.rows.slice(0, MAX_SQL_ROWS) as Row[];
  } finally {
    ctx.signal.removeEventListener('abort', onAbort);
    await client.end().catch(() => {});
  }
}

async function mysqlRows(dsn: SqlDsn, address: string, query: string, ctx: KindContext): Promise<Row[]> {
  const port = dsn.port ?? 3306;
  const connection = await mysql.createConnection({
    host: dsn.host,
    port,
    stream: () => createConnection({ host: address, port }),
    ...(dsn.user ? { user: dsn.user } : {}),
    ...(dsn.password ? { password: dsn.password } : {}),
    ...(dsn.database ? { database: dsn.database } : {}),
    connectTimeout: SQL_TIMEOUT_MS,
  });
  const onAbort = () => connection.destroy();
  ctx.signal.addEventListener('abort', onAbort, { once: true });
  try {
    const [rows] = await connection.query({ sql: query, timeout: SQL_TIMEOUT_MS });
    return Array.isArray(rows) ? (rows as Row[]).slice(0, MAX_SQL_ROWS) : [];
  } finally {
    ctx.signal.removeEventListener('abort', onAbort);
    await connection.end().catch(() => connection.destroy());
  }
}

async function scrape(entry: SqlEntry, ctx: KindContext): Promise<KindOutput> {
  const output = emptyOutput();
  output.rules = entry.analysis ?? [];
  const connection = await resolveEntryConnection(ctx, entry.connection ?? entry.host, undefined);
  const dsn = dsnOf(connection);
  const target = await ctx.egress.check(dsn.host, ctx.signal);
  const driver = driverOf(entry, connection.url, connection.type);
  const rows =
    driver === 'mysql'
      ? await mysqlRows(dsn, target.address, entry.query, ctx)
      : await postgresRows(dsn, target.address, entry.query, ctx);
  const source = `${driver}://${dsn.host}/${dsn.database ?? ''}`;
  for (const [index, raw] of rows.entries()) {
    const row = plainValue(raw) as Row; // plainValue keeps an object an object
    const key = row.id === undefined || row.id === null ? String(index) : String(row.id);
    try {
      for (const [part, document] of splitItems(entry, row).entries()) {
        const record = (typeof document === 'object' && document !== null ? document : {}) as Row;
        const partKey = part === 0 ? key : `${key}#${part}`;
        output.items.push(
          ...(await itemsFromDocument(entry, document, {
            key: partKey,
            type: 'SQL',
            name: typeof record.name === 'string' ? record.name : partKey,
            source,
            vars: { row },
          })),
        );
      }
    } catch (error) {
      output.errors.push(`row ${index + 1}: ${(error as Error).message}`); // ExpressionError
    }
  }
  return output;
}

/** The sql scraper kind. */
export const sqlKind: ScraperKind<SqlEntry> = { name: 'sql', schema: sqlEntrySchema, scrape };
