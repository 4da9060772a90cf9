import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { Config } from '../../platform/config.js';
import type { EgressGuard } from '../../platform/egress/egress-guard.js';
import { pinnedLookup } from '../../platform/egress/egress-guard.js';
import { checkBackendAddress } from './org-backend-address.js';

/** One call the service makes to an organisation's backend. */
export interface BackendCall {
  /** The organisation's stored `backend_url`. */
  backendUrl: string;
  /** Path and query on the backend, starting with `/`. */
  path: string;
  method: string;
  headers: Record<string, string>;
  body?: Uint8Array;
  signal: AbortSignal;
}

/**
 * Sends one request to an organisation's backend: the address is checked again first
 * ({@link checkBackendAddress}: a name may resolve elsewhere since it was saved) and the socket connects
 * to the very address the egress guard passed (pinned lookup), so DNS cannot swap it in between. A
 * redirect is answered as it is, never followed: the service goes nowhere the backend names.
 * Throws BackendAddressRefused when the address is refused, any other error when unreachable.
 */
export async function callBackend(config: Config, guard: EgressGuard, call: BackendCall): Promise<IncomingMessage> {
  const target = await checkBackendAddress(config, guard, call.backendUrl, call.signal);
  const base = new URL(call.backendUrl);
  const host = base.hostname.startsWith('[') ? base.hostname.slice(1, -1) : base.hostname;
  const client = base.protocol === 'https:' ? https : http;
  const basePath = base.pathname.replace(/\/+$/, '');
  return new Promise((resolve, reject) => {
    const request = client.request(
      {
        protocol: base.protocol,
        host,
        port: base.port || undefined,
        path: `${basePath}${call.path}`,
        method: call.method,
        headers: call.headers,
        lookup: pinnedLookup(target),
        servername: isIP(host) ? undefined : host,
        agent: false,
        signal: call.signal,
      },
      resolve,
    );
    request.on('error', reject);
    request.end(call.body);
  });
}
