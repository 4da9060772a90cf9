/**
 * Where a sql or http scraper entry connects: a stored connection (`connection://<type>/<name>`, or a
 * connection id) whose secrets the connections service resolves, or a URL written in the entry.
 * `$(username)` / `$(password)` in a stored URL are filled in, as canary-checker does.
 */
import { parseSqlDsn, type SqlDsn, targetOf } from '../../connections/index.js';
import type { KindContext } from './scraper-kind.js';

/** Resolved connection values of an entry. */
export interface EntryConnection {
  url: string;
  username?: string;
  password?: string;
  type?: string;
  insecureTLS: boolean;
  certificate?: string;
}

const REF = /^connection:\/\//;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Resolves `connection` (a reference or an id) or falls back to the literal `url`. */
export async function resolveEntryConnection(
  ctx: KindContext,
  connection: string | undefined,
  url: string | undefined,
): Promise<EntryConnection> {
  if (connection && (REF.test(connection) || UUID.test(connection))) {
    const stored = await ctx.resolveConnection(connection);
    // The entry's own url may change only the path: the connection's credentials go to its own host.
    const base = url ? targetOf(stored, url, 'url') : stored.url;
    if (!base) throw new Error(`connection ${connection} has no URL`);
    const filled = base
      .replaceAll('$(username)', encodeURIComponent(stored.username ?? ''))
      .replaceAll('$(password)', encodeURIComponent(stored.password ?? ''));
    return {
      url: filled,
      ...(stored.username ? { username: stored.username } : {}),
      ...(stored.password ? { password: stored.password } : {}),
      type: stored.type,
      insecureTLS: stored.insecure_tls,
      ...(stored.certificate ? { certificate: stored.certificate } : {}),
    };
  }
  const literal = url ?? connection;
  if (!literal) throw new Error('no connection or url given');
  return { url: literal, insecureTLS: false };
}

/** A parsed DSN with the connection's credentials merged in. */
export function dsnOf(connection: EntryConnection): SqlDsn {
  const dsn = parseSqlDsn(connection.url);
  if (connection.username && !dsn.user) dsn.user = connection.username;
  if (connection.password && !dsn.password) dsn.password = connection.password;
  return dsn;
}
