/**
 * Parses `host:port` endpoints of tcp, tls, redis and icmp checks: `[v6]:port`, `host:port`, an optional
 * `scheme://` prefix, and a bare host when a default port applies.
 */
import { CheckConfigError } from '../../../platform/check-config-error.js';

/** A host (brackets removed) and a port. */
export interface HostPort {
  host: string;
  port: number;
}

/** Parses an endpoint; throws {@link CheckConfigError} naming the endpoint when it is unusable. */
export function parseHostPort(endpoint: string, defaultPort?: number): HostPort {
  const text = endpoint
    .trim()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
    .replace(/\/.*$/, '');
  let host: string;
  let portText: string | undefined;
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(text);
  if (bracketed) {
    host = bracketed[1] ?? '';
    portText = bracketed[2];
  } else if ((text.match(/:/g) ?? []).length > 1) {
    host = text;
  } else {
    const colon = text.lastIndexOf(':');
    host = colon >= 0 ? text.slice(0, colon) : text;
    portText = colon >= 0 ? text.slice(colon + 1) : undefined;
  }
  if (!host) throw new CheckConfigError(`endpoint '${endpoint}' has no host`);
  const port = portText === undefined ? defaultPort : Number(portText);
  if (port === undefined) throw new CheckConfigError(`endpoint '${endpoint}' has no port (expected host:port)`);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new CheckConfigError(`endpoint '${endpoint}' has an invalid port`);
  }
  return { host, port };
}
