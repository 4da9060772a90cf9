import type { Config } from '../../platform/config.js';
import { type EgressGuard, EgressRefusedError, type EgressTarget } from '../../platform/egress/egress-guard.js';
import { isLoopbackHost } from '../../platform/loopback-host.js';

/** Why an organisation's `backend_url` may not be reached; the message names `backend_url` and the rule. */
export class BackendAddressRefused extends Error {
  override name = 'BackendAddressRefused';
}

/**
 * Whether this service is a loopback development setup: no MC_PUBLIC_URL and a loopback HOST, the
 * same "server nobody else reaches" rule self-registration uses (auth/flows/self-registration.ts).
 * Only there may a backend be plain http, and only on loopback (scripts/org-dev-backend.mjs).
 */
export function isLoopbackDevelopment(config: Config): boolean {
  return !config.MC_PUBLIC_URL && isLoopbackHost(config.HOST);
}

/**
 * Checks an organisation's backend address before the service saves it and before each call it makes
 * there (proxy, status) or hands it out (token exchange), since a name's addresses may change: https
 * unless {@link isLoopbackDevelopment} and a loopback host; then the database's egress guard (cloud
 * metadata always refused; private addresses under `deny-private`, anything unlisted under `allow-list`).
 * Answers the checked target, whose address the connection must use (pinnedLookup); throws
 * {@link BackendAddressRefused} otherwise.
 */
export async function checkBackendAddress(
  config: Config,
  guard: EgressGuard,
  backendUrl: string,
  signal?: AbortSignal,
): Promise<EgressTarget> {
  const url = new URL(backendUrl);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) {
    throw new BackendAddressRefused('backend_url must be an https URL');
  }
  if (url.protocol === 'http:' && !isLoopbackDevelopment(config)) {
    throw new BackendAddressRefused(
      'backend_url must be an https URL (http is accepted only for a loopback backend of a loopback development server)',
    );
  }
  try {
    return await guard.check(url.hostname, signal);
  } catch (error) {
    if (error instanceof EgressRefusedError) throw new BackendAddressRefused(`backend_url refused: ${error.message}`);
    if (signal?.aborted) throw error;
    throw new BackendAddressRefused(`backend_url host ${url.hostname} cannot be resolved`);
  }
}
