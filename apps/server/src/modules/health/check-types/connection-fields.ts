/**
 * Merges a check's inline connection fields (`url`, `username`, `password`) with a stored connection
 * named by `connection: connection://<type>/<name>`. Inline values win where set, as in canary-checker.
 * The connections module injects the resolver; without it a stored connection is "not available".
 */
import type { EnvVar } from '@mc/contracts';
import { CheckConfigError } from '../../../platform/check-config-error.js';
import { targetOf } from '../../connections/index.js';
import type { CheckContext, ResolvedConnection } from './check-context.js';
import { resolveEnvVar } from './env-vars.js';

/** The fields a connection-capable spec carries. */
export interface ConnectionSpec {
  connection?: string;
  url?: string;
  username?: EnvVar;
  password?: EnvVar;
}

/** Connection details ready to use. */
export interface ConnectionValues {
  url?: string;
  username?: string;
  password?: string;
  insecureTLS: boolean;
  certificate?: string;
  properties: Record<string, string>;
}

const PREFIX = 'connection://';

/** True when the value names a stored connection rather than being a connection string. */
export function isConnectionRef(value: string | undefined): value is string {
  return value?.startsWith(PREFIX) ?? false;
}

async function lookupConnection(ref: string, ctx: CheckContext): Promise<ResolvedConnection> {
  if (!/^connection:\/\/[^/\s]+(\/[^/\s]+)?$/.test(ref)) {
    throw new CheckConfigError(`connection '${ref}' is not of the form connection://<type>/<name>`);
  }
  if (!ctx.resolveConnection) {
    throw new CheckConfigError(`connection ${ref}: stored connections are not available (no connection resolver)`);
  }
  const found = await ctx.resolveConnection(ref);
  if (!found) throw new CheckConfigError(`connection ${ref} not found`);
  return found;
}

/**
 * The URL a check dials with a stored connection: its own `url` only on the connection's scheme, host and
 * port (docs/connections.md "Where a connection's secrets may go"), else the connection's.
 */
function storedTarget(stored: ResolvedConnection, url: string | undefined): string | undefined {
  if (!url) return stored.url || undefined;
  try {
    return targetOf(stored, url, 'url');
  } catch (error) {
    throw new CheckConfigError((error as Error).message);
  }
}

/** Resolves inline fields and the stored connection (if any) into one set of values. */
export async function resolveConnectionValues(spec: ConnectionSpec, ctx: CheckContext): Promise<ConnectionValues> {
  const stored = isConnectionRef(spec.connection) ? await lookupConnection(spec.connection, ctx) : undefined;
  const username = (await resolveEnvVar(spec.username, ctx, 'username')) ?? stored?.username ?? undefined;
  const password = (await resolveEnvVar(spec.password, ctx, 'password')) ?? stored?.password ?? undefined;
  const url = stored ? storedTarget(stored, spec.url) : spec.url || undefined;
  const properties = Object.fromEntries(
    Object.entries(stored?.properties ?? {}).map(([key, value]) => [key, String(value)]),
  );
  const values: ConnectionValues = { insecureTLS: stored?.insecure_tls ?? false, properties };
  if (url) values.url = url;
  if (username) values.username = username;
  if (password) values.password = password;
  if (stored?.certificate) values.certificate = stored.certificate;
  return values;
}
