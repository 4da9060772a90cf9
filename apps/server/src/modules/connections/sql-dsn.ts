/**
 * Parses the connection strings SQL checks accept: URLs (postgres://, postgresql://, mysql://), libpq
 * keyword strings (`host=… port=… user=… dbname=… sslmode=…`) and Go MySQL DSNs
 * (`user:pass@tcp(host:port)/db?…`, also behind `mysql://`, as canary-checker files carry them). The host
 * is returned apart so the check can pass it through the egress guard and connect to the checked address.
 */
import { CheckConfigError } from '../../platform/check-config-error.js';

/** A parsed connection string. */
export interface SqlDsn {
  host: string;
  port?: number;
  user?: string;
  password?: string;
  database?: string;
  params: Record<string, string>;
}

function fromUrl(text: string): SqlDsn {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new CheckConfigError('connection string is not a valid URL');
  }
  const dsn: SqlDsn = { host: url.hostname.replace(/^\[(.*)\]$/, '$1'), params: {} };
  if (url.port) dsn.port = Number(url.port);
  if (url.username) dsn.user = decodeURIComponent(url.username);
  if (url.password) dsn.password = decodeURIComponent(url.password);
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (database) dsn.database = database;
  for (const [key, value] of url.searchParams) dsn.params[key] = value;
  return dsn;
}

function fromKeywords(text: string): SqlDsn {
  const values: Record<string, string> = {};
  // Escapes or non-quote, non-backslash characters: a hostile value cannot backtrack exponentially.
  const pattern = /(\w+)\s*=\s*('((?:\\.|[^'\\])*)'|\S+)/g;
  for (const match of text.matchAll(pattern)) {
    const key = match[1] ?? '';
    values[key] = match[3] !== undefined ? match[3].replace(/\\(.)/g, '$1') : (match[2] ?? '');
  }
  const { host, port, user, password, dbname, ...params } = values;
  const dsn: SqlDsn = { host: host ?? '', params };
  if (port) dsn.port = Number(port);
  if (user) dsn.user = user;
  if (password) dsn.password = password;
  if (dbname) dsn.database = dbname;
  return dsn;
}

function fromGoMysql(text: string): SqlDsn {
  const match = /^(?:([^:@]*)(?::(.*))?@)?tcp\(([^)]*)\)\/([^?]*)(?:\?(.*))?$/.exec(text);
  if (!match) throw new CheckConfigError('connection string is not a valid MySQL DSN');
  const address = match[3] ?? '';
  const bracketed = /^\[(.*)\](?::(\d+))?$/.exec(address);
  const [host, port] = bracketed ? [bracketed[1], bracketed[2]] : address.split(':');
  const dsn: SqlDsn = { host: host ?? '', params: Object.fromEntries(new URLSearchParams(match[5] ?? '')) };
  if (port) dsn.port = Number(port);
  if (match[1]) dsn.user = match[1];
  if (match[2]) dsn.password = match[2];
  if (match[4]) dsn.database = match[4];
  return dsn;
}

/** Parses a connection string; throws {@link CheckConfigError} when it is unusable or uses a Unix socket. */
export function parseSqlDsn(text: string): SqlDsn {
  const trimmed = text.trim();
  let dsn: SqlDsn;
  // canary-checker strips `mysql://` before handing the rest to the Go driver: `mysql://u:p@tcp(h:3306)/db`.
  if (/^mysql:\/\/(?:.*@)?tcp\(/i.test(trimmed)) dsn = fromGoMysql(trimmed.slice('mysql://'.length));
  else if (/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) dsn = fromUrl(trimmed);
  else if (/tcp\(/.test(trimmed)) dsn = fromGoMysql(trimmed);
  else if (/\w+\s*=/.test(trimmed)) dsn = fromKeywords(trimmed);
  else throw new CheckConfigError('connection string is neither a URL, a key=value string nor a MySQL DSN');
  if (!dsn.host) throw new CheckConfigError('connection string has no host');
  if (dsn.host.startsWith('/')) throw new CheckConfigError('Unix-socket connections are not supported by checks');
  if (dsn.port !== undefined && !(Number.isInteger(dsn.port) && dsn.port > 0 && dsn.port < 65536)) {
    throw new CheckConfigError('connection string has an invalid port');
  }
  return dsn;
}
