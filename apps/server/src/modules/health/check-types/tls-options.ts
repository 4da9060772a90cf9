/**
 * Resolves canary-checker's `tlsConfig` (http, prometheus, redis) into Node TLS options: `ca`, a client
 * `cert` + `key` for mutual TLS, `insecureSkipVerify`, and `handshakeTimeout` (a duration; upstream's
 * default 10 s). The EnvVar values resolve like every other (static, config map, secret).
 */
import { parseDurationMs, TLS_HANDSHAKE_TIMEOUT_MS, type tlsConfigSchema } from '@mc/contracts';
import type { z } from 'zod';
import { CheckConfigError } from '../../../platform/check-config-error.js';
import type { CheckContext } from './check-context.js';
import { resolveEnvVar } from './env-vars.js';

/** TLS options ready for node:tls / node:https. */
export interface TlsOptions {
  ca?: string;
  cert?: string;
  key?: string;
  insecureSkipVerify: boolean;
  handshakeTimeoutMs: number;
}

/** The TLS fields of a guarded request (platform/egress/guarded-http.ts) for `tls`. */
export function guardedTlsFields(tls: TlsOptions) {
  return {
    insecureSkipVerify: tls.insecureSkipVerify,
    handshakeTimeoutMs: tls.handshakeTimeoutMs,
    ...(tls.ca ? { ca: tls.ca } : {}),
    ...(tls.cert ? { cert: tls.cert, key: tls.key } : {}),
  };
}

/**
 * The TLS options of a check. `fallback` carries what a stored connection gives (its certificate as CA,
 * its insecure_tls); the check's own `tlsConfig` wins where set.
 */
export async function resolveTlsOptions(
  config: z.infer<typeof tlsConfigSchema> | undefined,
  ctx: CheckContext,
  fallback: { ca?: string | undefined; insecureSkipVerify?: boolean } = {},
): Promise<TlsOptions> {
  const ca = (await resolveEnvVar(config?.ca, ctx, 'tlsConfig.ca')) || fallback.ca;
  const cert = await resolveEnvVar(config?.cert, ctx, 'tlsConfig.cert');
  const key = await resolveEnvVar(config?.key, ctx, 'tlsConfig.key');
  if (Boolean(cert) !== Boolean(key)) {
    throw new CheckConfigError('tlsConfig: both a client certificate (cert) and its key are needed');
  }
  const options: TlsOptions = {
    insecureSkipVerify: config?.insecureSkipVerify ?? fallback.insecureSkipVerify ?? false,
    handshakeTimeoutMs: config?.handshakeTimeout
      ? (parseDurationMs(config.handshakeTimeout) ?? TLS_HANDSHAKE_TIMEOUT_MS)
      : TLS_HANDSHAKE_TIMEOUT_MS,
  };
  if (ca) options.ca = ca;
  if (cert && key) {
    options.cert = cert;
    options.key = key;
  }
  return options;
}
