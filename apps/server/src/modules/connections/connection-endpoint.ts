/**
 * A connection's credentials go only to the connection's own endpoint (issue 25, docs/connections.md
 * "Where a connection's secrets may go"). A definition that names a connection and also gives a URL or
 * host of its own may change the path, never the scheme, host or port: otherwise anyone allowed to name
 * the connection could send its password or token to a server of their choosing.
 */
import { AppError } from '../../platform/errors.js';

/** What {@link targetOf} needs of a resolved connection. */
export interface EndpointOwner {
  name: string;
  /** Absent where the caller's view of a connection has none (a check's): the name alone is shown. */
  namespace?: string;
  type: string;
  url?: string | null | undefined;
}

/**
 * The endpoints of a connection whose URL is empty (a token alone): the provider's public API (the first
 * is the default) and, for git hosts, the host that serves its repositories. A type absent here and
 * without a URL has no endpoint, so no URL may be given beside it.
 */
export const IMPLIED_ENDPOINTS: Readonly<Record<string, readonly string[]>> = {
  github: ['https://api.github.com', 'https://github.com'],
  gitlab: ['https://gitlab.com'],
  azure_devops: ['https://dev.azure.com'],
  openai: ['https://api.openai.com'],
  anthropic: ['https://api.anthropic.com'],
  slack: ['https://slack.com'],
  telegram: ['https://api.telegram.org'],
  discord: ['https://discord.com'],
  pushbullet: ['https://api.pushbullet.com'],
  pushover: ['https://api.pushover.net'],
  ifttt: ['https://maker.ifttt.com'],
};

const DEFAULT_PORTS: Readonly<Record<string, string>> = {
  http: '80',
  https: '443',
  postgres: '5432',
  mysql: '3306',
  sqlserver: '1433',
  redis: '6379',
  mongodb: '27017',
  ldap: '389',
  ldaps: '636',
};

/** Spellings of one scheme: the same server whichever is written. */
const SCHEME_ALIASES: Readonly<Record<string, string>> = {
  postgresql: 'postgres',
  mariadb: 'mysql',
  mssql: 'sqlserver',
};

/** Scheme, host and port of an address: what must stay the connection's. */
interface Endpoint {
  scheme: string;
  host: string;
  port: string;
}

function normalised(scheme: string, host: string, port: string): Endpoint {
  const plain = scheme.toLowerCase().replace(/:$/, '');
  const canonical = SCHEME_ALIASES[plain] ?? plain;
  const bare = host
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
  return { scheme: canonical, host: bare, port: port || DEFAULT_PORTS[canonical] || '' };
}

/** Scheme, host and port of a URL, a Go MySQL DSN (`user:pw@tcp(host:port)/db`) or libpq keywords; undefined when unparseable. */
export function endpointOf(text: string): Endpoint | undefined {
  const go = /^(?:[^@]*@)?tcp\(([^)]*)\)\//.exec(text);
  if (go) {
    const address = go[1] ?? '';
    const bracketed = /^\[(.*)\](?::(\d+))?$/.exec(address);
    const [host, port] = bracketed ? [bracketed[1], bracketed[2]] : address.split(':');
    return host ? normalised('mysql', host, port ?? '') : undefined;
  }
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text) && /\bhost\s*=/.test(text)) {
    const host = /\bhost\s*=\s*'?([^\s']+)/.exec(text)?.[1];
    const port = /\bport\s*=\s*'?(\d+)/.exec(text)?.[1] ?? '';
    return host ? normalised('postgres', host, port) : undefined;
  }
  try {
    const url = new URL(text);
    return url.hostname ? normalised(url.protocol, url.hostname, url.port) : undefined;
  } catch {
    return undefined;
  }
}

/** The endpoints a connection's secrets belong to: its URL, else its type's implied endpoints. */
export function connectionEndpoints(connection: Pick<EndpointOwner, 'type' | 'url'>): readonly string[] {
  return connection.url ? [connection.url] : (IMPLIED_ENDPOINTS[connection.type] ?? []);
}

const same = (a: Endpoint, b: Endpoint) => a.scheme === b.scheme && a.host === b.host && a.port === b.port;

const shown = (endpoint: Endpoint) =>
  `${endpoint.scheme}://${endpoint.host.includes(':') ? `[${endpoint.host}]` : endpoint.host}:${endpoint.port}`;

/**
 * The address to use for a definition that names `connection` and may give its own `target` (its `url`,
 * `host`, `endpoint`… named by `field`): the connection's endpoint when no target is given, else the target
 * when it keeps the connection's scheme, host and port. Anything else is refused with a 400 naming the field,
 * so nothing is sent. Messages show only scheme, host and port (never a user name, password or path).
 */
export function targetOf(connection: EndpointOwner, target: string | undefined | null, field: string): string {
  const own = connectionEndpoints(connection);
  const label = connection.namespace ? `${connection.namespace}/${connection.name}` : connection.name;
  const first = own[0];
  if (!target) {
    if (!first) throw new AppError('bad_request', `${field}: connection ${label} has no endpoint; give it a URL`);
    return first;
  }
  if (own.includes(target)) return target;
  const wanted = endpointOf(target);
  if (!wanted)
    throw new AppError('bad_request', `${field}: not a URL whose host can be checked against connection ${label}`);
  const allowed = own.flatMap((text) => endpointOf(text) ?? []);
  if (allowed.some((endpoint) => same(endpoint, wanted))) return target;
  const where = allowed.length > 0 ? allowed.map(shown).join(' or ') : 'it has no endpoint of its own';
  throw new AppError(
    'bad_request',
    `${field}: ${shown(wanted)} is not the endpoint of connection ${label} (${where}); beside a connection, a URL may change only the path`,
  );
}
