import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { depthMessage, jsonDepth } from '../../../platform/bounded-json.js';
import type { Config } from '../../../platform/config.js';
import { isLoopbackHost } from '../../../platform/loopback-host.js';
import { KRATOS_ERRORS } from '../kratos/kratos-error.js';
import type { Submission } from './flow-context.js';

/** Kratos's session cookie name. */
export const SESSION_COOKIE = 'ory_kratos_session';
/** The CSRF cookie of browser flows. */
export const CSRF_COOKIE = 'csrf_token';

/** True when the request reached us over TLS (directly or through a proxy that says so). */
export function isSecure(c: Context): boolean {
  return new URL(c.req.url).protocol === 'https:' || c.req.header('x-forwarded-proto') === 'https';
}

/** The origins MC_RETURN_TO_ALLOWLIST names. */
function allowlistedOrigins(config: Config): string[] {
  return (config.MC_RETURN_TO_ALLOWLIST ?? '')
    .split(',')
    .map((o) => o.trim().replace(/\/$/, ''))
    .filter(Boolean);
}

/**
 * The public base URL mail links, flow actions and redirects are built on: MC_PUBLIC_URL when set;
 * else the request's origin only when it is trusted (a loopback host or an MC_RETURN_TO_ALLOWLIST
 * origin); else the loopback origin of the server's port. A forged Host header never becomes a link.
 */
export function baseUrlOf(c: Context, config: Config): string {
  if (config.MC_PUBLIC_URL) return config.MC_PUBLIC_URL.replace(/\/$/, '');
  const url = new URL(c.req.url);
  const origin = `${isSecure(c) ? 'https:' : url.protocol}//${url.host}`;
  if (isLoopbackHost(url.hostname) || allowlistedOrigins(config).includes(origin)) return origin;
  return `http://localhost${config.PORT ? `:${config.PORT}` : ''}`;
}

/**
 * The address a request comes from, for per-source attempt limits: the socket's peer; a proxy's
 * X-Forwarded-For is believed only when that peer is this machine (a proxy on the same host) or
 * when there is no socket (requests dispatched in-process).
 */
export function sourceAddressOf(c: Context): string | undefined {
  // @hono/node-server puts the Node request on c.env; other runtimes (tests' app.request) have none
  const peer = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket
    ?.remoteAddress;
  const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim().slice(0, 64) || undefined;
  if (!peer) return forwarded;
  const bare = peer.replace(/^::ffff:/, '');
  return isLoopbackHost(bare) ? (forwarded ?? bare) : bare;
}

/** Browser clients that ask for JSON get JSON; plain browser navigations get redirects. */
export function wantsJson(c: Context): boolean {
  const accept = c.req.header('accept') ?? '';
  const type = c.req.header('content-type') ?? '';
  return accept.includes('application/json') || type.includes('application/json');
}

/** Sets the session cookie: HttpOnly, SameSite=Lax, Secure behind TLS. */
export function setSessionCookie(c: Context, token: string, expires: Date): void {
  setCookie(c, SESSION_COOKIE, token, { httpOnly: true, sameSite: 'Lax', secure: isSecure(c), path: '/', expires });
}

/** Clears the session cookie. */
export function clearSessionCookie(c: Context): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'Lax', secure: isSecure(c) });
}

/** The CSRF cookie value, set when missing: one random value per browser, echoed by each flow. */
export function ensureCsrfCookie(c: Context, fresh: () => string): string {
  const existing = getCookie(c, CSRF_COOKIE);
  if (existing && /^[A-Za-z0-9_-]{20,100}$/.test(existing)) return existing;
  const token = fresh();
  setCookie(c, CSRF_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isSecure(c),
    path: '/',
    maxAge: 60 * 60 * 24 * 365,
  });
  return token;
}

/** The session token a request carries: `X-Session-Token`, `Authorization: Bearer`, or the cookie. */
export function sessionTokenOf(c: Context, allowCookie = true): string | undefined {
  const header = c.req.header('x-session-token');
  if (header) return header;
  const auth = c.req.header('authorization');
  if (auth?.toLowerCase().startsWith('bearer ')) return auth.slice(7).trim();
  return allowCookie ? getCookie(c, SESSION_COOKIE) : undefined;
}

/** How deep a flow submission may nest (Kratos's traits go two levels deep). */
const MAX_SUBMISSION_DEPTH = 16;

function flatten(prefix: string, value: unknown, out: Submission): void {
  if (value === null || value === undefined) return;
  if (typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) flatten(prefix ? `${prefix}.${key}` : key, inner, out);
  } else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    out[prefix] = String(value);
  }
}

/**
 * Reads a JSON or form body into flat dotted fields. Anything it cannot read is Kratos's 400 with a
 * message, never a 500: unreadable or too deeply nested JSON (checked before parsing with the
 * platform's `jsonDepth`), a malformed multipart or urlencoded body, another content type.
 */
export async function readSubmission(c: Context): Promise<Submission> {
  const type = c.req.header('content-type') ?? '';
  const out: Submission = {};
  if (type.includes('application/json')) {
    const text = await c.req.text().catch(() => {
      throw KRATOS_ERRORS.badRequest('The request body could not be read.');
    });
    if (jsonDepth(text, MAX_SUBMISSION_DEPTH) > MAX_SUBMISSION_DEPTH)
      throw KRATOS_ERRORS.badRequest(depthMessage('request body', MAX_SUBMISSION_DEPTH));
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw KRATOS_ERRORS.badRequest('The request body is not valid JSON.');
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw KRATOS_ERRORS.badRequest('The request body must be a JSON object.');
    flatten('', body, out);
    return out;
  }
  if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
    const form = await c.req.parseBody().catch(() => {
      throw KRATOS_ERRORS.badRequest('The form body could not be read.');
    });
    for (const [key, value] of Object.entries(form)) if (typeof value === 'string') out[key] = value;
    return out;
  }
  throw KRATOS_ERRORS.badRequest('Send the form as application/json or application/x-www-form-urlencoded.');
}

/**
 * Checks `return_to` against the allow-list: same-origin paths, the public URL's origin, and the
 * origins in MC_RETURN_TO_ALLOWLIST. Answers the absolute URL to store, or throws Kratos's 400.
 */
export function checkReturnTo(returnTo: string | undefined, baseUrl: string, config: Config): string | null {
  if (!returnTo) return null;
  if (returnTo.startsWith('/') && !returnTo.startsWith('//') && !returnTo.startsWith('/\\'))
    return `${baseUrl}${returnTo}`;
  let url: URL;
  try {
    url = new URL(returnTo);
  } catch {
    throw KRATOS_ERRORS.returnToForbidden(returnTo);
  }
  const allowed = [new URL(baseUrl).origin, ...allowlistedOrigins(config)];
  if ((url.protocol === 'http:' || url.protocol === 'https:') && allowed.includes(url.origin)) return url.toString();
  throw KRATOS_ERRORS.returnToForbidden(returnTo);
}
