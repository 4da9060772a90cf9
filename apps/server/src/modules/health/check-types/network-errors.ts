/**
 * Turns socket, DNS and TLS errors into the short messages a check result shows ("connection refused:
 * 127.0.0.1:5439", "certificate has expired"), keeping the raw error text for the result's `error`.
 */

const CODE_MESSAGES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset by peer',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ENOTFOUND: 'name not found',
  EAI_AGAIN: 'name lookup failed (temporary)',
  EPIPE: 'connection closed by peer',
  CERT_HAS_EXPIRED: 'TLS certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'TLS certificate is self-signed and not trusted',
  SELF_SIGNED_CERT_IN_CHAIN: 'TLS certificate chain has an untrusted self-signed certificate',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'TLS certificate issuer is not trusted',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'TLS certificate issuer is not trusted',
  ERR_TLS_CERT_ALTNAME_INVALID: 'TLS certificate does not match the host name',
  ERR_SSL_WRONG_VERSION_NUMBER: 'TLS handshake failed (is the port speaking TLS?)',
};

/** The error's code, if it carries one. */
export function errorCode(error: unknown): string | undefined {
  if (error && typeof error === 'object' && 'code' in error) {
    // `'code' in error` holds, so the property exists.
    const code = (error as { code: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}

/** The raw text of an error. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A short message for a network error, naming the target when known. */
export function describeNetworkError(error: unknown, target?: string): string {
  const code = errorCode(error);
  const known = code ? CODE_MESSAGES[code] : undefined;
  const suffix = target ? `: ${target}` : '';
  if (known) return `${known}${suffix}`;
  if (error instanceof Error && error.name === 'AbortError') return `aborted${suffix}`;
  return `${errorText(error)}${suffix}`;
}
