/**
 * A SQL lookup on PostgreSQL: the stored connection (decrypted by the connections service) or a URL,
 * dialled through the egress guard to the address it checked, the query run in a read-only transaction
 * within the lookup's time bound. Its rows become components (lookup-rows.ts).
 */
import { TOPOLOGY_LIMITS } from '@mc/contracts';
import type { Database } from '@mc/db';
import pg from 'pg';
import type { Config } from '../../../platform/config.js';
import { egressGuardFor } from '../../../platform/egress/egress-guard-for.js';
import { connectionsServiceFor } from '../../connections/index.js';
import { LookupError } from './lookup-rows.js';

const POSTGRES_PORT = 5432;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a SQL lookup needs. */
export interface SqlLookup {
  connection?: string | undefined;
  url?: string | undefined;
  query: string;
}

/** A stored connection's reference: an id, `connection://…`, or a bare name of a postgres connection. */
export function connectionRef(text: string): string {
  if (UUID.test(text) || text.startsWith('connection://')) return text;
  return `connection://postgres/${text}`;
}

async function target(deps: { database: Database; config: Config }, lookup: SqlLookup, savedBy: string | null) {
  if (lookup.url) return { url: lookup.url, username: undefined, password: undefined };
  const resolved = await connectionsServiceFor(deps)
    .resolveConnection(connectionRef(lookup.connection ?? ''), savedBy)
    .catch((error: Error) => {
      throw new LookupError(`postgres lookup: ${error.message}`);
    });
  if (!resolved.url) throw new LookupError(`postgres lookup: connection ${lookup.connection} has no URL`);
  return { url: resolved.url, username: resolved.username || undefined, password: resolved.password || undefined };
}

/**
 * Runs the lookup's query; its rows, or a {@link LookupError} naming what failed. A stored connection is
 * resolved with the rights of `savedBy`, who last saved the topology (null: the system).
 */
export async function runSqlLookup(
  deps: { database: Database; config: Config },
  lookup: SqlLookup,
  signal: AbortSignal,
  savedBy: string | null,
): Promise<Record<string, unknown>[]> {
  const { url: text, username, password } = await target(deps, lookup, savedBy);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new LookupError('postgres lookup: the connection URL is not a valid URL');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new LookupError(`postgres lookup: '${url.protocol}' is not a postgres:// URL`);
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const checked = await egressGuardFor(deps.database)
    .check(host, signal)
    .catch((error: Error) => {
      throw new LookupError(`postgres lookup: ${error.message}`);
    });
  const sslmode = url.searchParams.get('sslmode') ?? 'disable';
  const client = new pg.Client({
    host: checked.address,
    port: url.port ? Number(url.port) : POSTGRES_PORT,
    user: username ?? (decodeURIComponent(url.username) || undefined),
    password: password ?? (decodeURIComponent(url.password) || undefined),
    database: decodeURIComponent(url.pathname.replace(/^\//, '')) || undefined,
    ssl: ['require', 'verify-ca', 'verify-full'].includes(sslmode)
      ? { servername: host, rejectUnauthorized: sslmode !== 'require' }
      : false,
    connectionTimeoutMillis: TOPOLOGY_LIMITS.lookupTimeoutMs,
    query_timeout: TOPOLOGY_LIMITS.lookupTimeoutMs,
    application_name: 'mission-control-topology',
  });
  client.on('error', () => undefined);
  const onAbort = () => void client.end().catch(() => undefined);
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    await client.connect();
    await client.query('BEGIN READ ONLY');
    const answer = await client.query(lookup.query);
    await client.query('ROLLBACK');
    return (answer.rows ?? []) as Record<string, unknown>[]; // pg answers rows as plain objects
  } catch (error) {
    if (error instanceof LookupError) throw error;
    throw new LookupError(`postgres lookup on ${host}: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    signal.removeEventListener('abort', onAbort);
    await client.end().catch(() => undefined);
  }
}
