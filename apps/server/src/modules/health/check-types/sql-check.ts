/**
 * What postgres and mysql checks share: where to connect (inline url, a raw connection string in
 * `connection` as canary-checker allows, or a stored `connection://`; `$(username)`/`$(password)` in the
 * URL are filled in), the egress check of the host, and the judgement of the returned rows against
 * `markFailOnEmpty` (no rows fail) and `results` (the least row count). Expression variables: results {rows, count}, plus rows/count.
 */
import type { SqlCheckSpec } from '@mc/contracts';
import { CheckConfigError } from '../../../platform/check-config-error.js';
import type { EgressTarget } from '../../../platform/egress/egress-guard.js';
import { parseSqlDsn, type SqlDsn } from '../../connections/index.js';
import { type CheckContext, type CheckRunOutput, healthy, unhealthy } from './check-context.js';
import { isConnectionRef, resolveConnectionValues } from './connection-fields.js';
import { guardTarget } from './guard-target.js';

/** The default query when the spec gives none (canary-checker's). */
export const DEFAULT_SQL_QUERY = 'SELECT 1';

/** A resolved SQL target: parsed DSN (credentials merged), checked address, and TLS wishes. */
export interface SqlTarget {
  dsn: SqlDsn;
  target: EgressTarget;
  insecureTLS: boolean;
  certificate?: string;
}

/** Resolves the connection and checks its host; throws CheckConfigError / CheckFailure as appropriate. */
export async function resolveSqlTarget(spec: SqlCheckSpec, ctx: CheckContext): Promise<SqlTarget> {
  const raw = spec.connection && !isConnectionRef(spec.connection) ? spec.connection : undefined;
  const conn = await resolveConnectionValues(
    { ...spec, ...(raw ? { connection: undefined, url: spec.url ?? raw } : {}) },
    ctx,
  );
  if (!conn.url) throw new CheckConfigError('no url or connection specified');
  // A Go MySQL DSN is not URL-decoded, so credentials go into it as they are.
  const encode = /tcp\(/.test(conn.url) ? (value: string) => value : encodeURIComponent;
  const url = conn.url
    .replaceAll('$(username)', encode(conn.username ?? ''))
    .replaceAll('$(password)', encode(conn.password ?? ''));
  const dsn = parseSqlDsn(url);
  if (conn.username && !url.includes(encode(conn.username))) dsn.user = conn.username;
  if (conn.password && !dsn.password) dsn.password = conn.password;
  const target = await guardTarget(dsn.host, ctx);
  return { dsn, target, insecureTLS: conn.insecureTLS, ...(conn.certificate ? { certificate: conn.certificate } : {}) };
}

/** Makes a database value JSON-friendly: dates to ISO strings, bytes to text, big integers to numbers. */
export function plainValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return value.toString('utf8');
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (Array.isArray(value)) return value.map(plainValue);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, plainValue(item)]));
  }
  return value;
}

/** Judges the rows against `markFailOnEmpty` and `results`; the healthy message names the row count. */
export function judgeRows(spec: SqlCheckSpec, rows: Record<string, unknown>[], label: string): CheckRunOutput {
  // plainValue keeps an object an object.
  const plainRows = rows.map((row) => plainValue(row) as Record<string, unknown>);
  const results = { rows: plainRows, count: plainRows.length };
  const details = { results, rows: plainRows, count: plainRows.length };
  if (spec.markFailOnEmpty && plainRows.length === 0) return unhealthy('query returned empty result', details);
  if (spec.results !== undefined && plainRows.length < spec.results) {
    return unhealthy(`query returned ${plainRows.length} rows, expected at least ${spec.results}`, details);
  }
  return healthy(`${label}: query returned ${plainRows.length} rows`, details);
}
