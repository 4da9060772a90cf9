import type { MiddlewareHandler } from 'hono';
import type { Config } from './config.js';
import type { AppEnv } from './request-context.js';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Content types a browser page may send cross-origin without a CORS preflight are the ones this
 * guard refuses; a JSON (or YAML) type needs a preflight, which this server never grants.
 */
const DOCUMENT_TYPE = /^(application\/(json|[\w.+-]+\+json|yaml|x-yaml)|text\/yaml)\s*(;|$)/i;

function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

function hostOf(origin: string): URL | undefined {
  try {
    return new URL(origin);
  } catch {
    return undefined;
  }
}

/**
 * Whether an Origin header names this server: the same host the request was sent to (or the
 * `X-Forwarded-Host` a reverse proxy set — a foreign page cannot add that header to a browser's
 * request), the configured MC_PUBLIC_URL, or — when the request itself arrived on a loopback address
 * — a loopback origin (the console's development server proxies from another port).
 */
export function isTrustedOrigin(
  origin: string,
  requestUrl: string,
  config: Pick<Config, 'MC_PUBLIC_URL'>,
  forwardedHost?: string,
): boolean {
  const from = hostOf(origin);
  if (!from) return false;
  const to = new URL(requestUrl);
  if (from.host === to.host) return true;
  if (forwardedHost && from.host === forwardedHost.split(',')[0]?.trim().toLowerCase()) return true;
  if (config.MC_PUBLIC_URL && hostOf(config.MC_PUBLIC_URL)?.origin === from.origin) return true;
  return isLoopback(from.hostname) && isLoopback(to.hostname);
}

/**
 * Cross-site request forgery guard for the API. A write (POST, PUT, PATCH, DELETE) that a browser
 * authenticates by cookie — it carries a Cookie and neither `Authorization` nor `X-Session-Token`,
 * headers a foreign page cannot set without a preflight — must come from this server's origin
 * (`Origin`, else `Sec-Fetch-Site`) and, when it sends a body, send it as JSON (or YAML). Bearer and
 * session-token calls are untouched; the identity flows under `exemptPrefixes` check their own
 * `csrf_token` (they accept HTML form posts by design).
 */
export function csrfGuard(
  config: Pick<Config, 'MC_PUBLIC_URL'>,
  exemptPrefixes: readonly string[],
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!UNSAFE_METHODS.has(c.req.method) || !c.req.header('cookie')) return next();
    if (c.req.header('authorization') || c.req.header('x-session-token')) return next();
    const path = new URL(c.req.url).pathname;
    if (exemptPrefixes.some((prefix) => path.startsWith(prefix))) return next();
    const origin = c.req.header('origin');
    const fetchSite = c.req.header('sec-fetch-site');
    const sameOrigin =
      origin !== undefined
        ? isTrustedOrigin(origin, c.req.url, config, c.req.header('x-forwarded-host'))
        : fetchSite === undefined || fetchSite === 'same-origin' || fetchSite === 'none';
    if (!sameOrigin) {
      return c.json(
        { code: 'forbidden', message: 'Cross-origin request refused: a signed-in write must come from this console' },
        403,
      );
    }
    // Over HTTP every non-GET request has a body stream, empty or not; the framing headers or a declared
    // content type say whether one was sent (a browser's bodiless DELETE carries none of them).
    const length = c.req.header('content-length');
    const type = c.req.header('content-type');
    const hasBody =
      (length !== undefined && length !== '0') || c.req.header('transfer-encoding') !== undefined || type !== undefined;
    if (hasBody && !DOCUMENT_TYPE.test(type ?? '')) {
      return c.json(
        {
          code: 'unsupported_media_type',
          message: 'A signed-in write must send its body as JSON (Content-Type: application/json)',
        },
        415,
      );
    }
    return next();
  };
}
