/**
 * The one redactor of what the server writes about itself: every log line (platform/logger.ts, so also
 * what the built-in `mission-control` log backend stores), audit images and error messages. A secret is
 * recognised by the key that holds it (password, token, secret, authorization, cookie, apiKey…) anywhere
 * in an object, and by its shape inside any string: `Bearer …`/`Basic …` credentials, `Authorization:` or
 * `Cookie:` header lines, the password of a URL (`user:pass@`), credential query parameters (`invite=`,
 * `token=`, `code=`…), `"password":"…"` pairs of embedded JSON and PostgreSQL's `Key (token)=(…)` details. Hand-written because the libraries
 * (fast-redact, pino's `redact`) redact fixed paths only, not any key at any depth nor values by shape.
 * Every pattern is a single pass with no nested quantifier (linear time on any input).
 */

/** What replaces a secret. */
export const REDACTED = '[redacted]';

/** Keys whose value is a secret whatever it looks like (compared lower-case, without `-`, `_` or `.`). */
const SECRET_KEYS: ReadonlySet<string> = new Set([
  'authorization',
  'proxyauthorization',
  'cookie',
  'cookies',
  'setcookie',
  'apikey',
  'xapikey',
  'credentials',
  'credential',
  'privatekey',
  'passphrase',
  'otp',
  'totp',
  'invite',
  'dsn',
]);

/** Key endings that name a secret (`smtpPassword`, `client_secret`, `access_token`, `x-auth-token`…). */
const SECRET_KEY_ENDINGS = [
  'password',
  'passwd',
  'secret',
  'token',
  'apikey',
  'privatekey',
  'recoverycode',
  'cookie',
  'authorization',
];

/** Keys named `code` hold a one-time code unless the value is a number or an identifier (`ECONNREFUSED`, `not_found`). */
const CODE_KEYS: ReadonlySet<string> = new Set(['code', 'verificationcode']);
const IDENTIFIER = /^[A-Za-z_]+$/;

/** Query parameters that carry a credential, in a URL or a form body. */
const SECRET_PARAMS =
  /([?&;](?:invite|token|code|access_token|refresh_token|id_token|session_token|api_key|apikey|key|secret|client_secret|password|passwd|sig|signature|otp)=)[^&#\s"'<>]+/gi;
/** `scheme://user:password@host`: the password goes. */
const URL_PASSWORD = /(\b[a-z][a-z0-9+.-]{0,30}:\/\/[^\s/?#@:]*:)[^\s/?#@]+@/gi;
/** `Bearer <token>` (any token), `Basic <base64>` (not an English word: "Basic auth" stays). */
const BEARER = /\b(Bearer|Token)\s+[A-Za-z0-9._~+/=-]{6,}/g;
const BASIC = /\b([Bb]asic|[Dd]igest)\s+(?![a-z]+\b)[A-Za-z0-9+/=._-]{6,}/g;
/** A header line `Authorization: …`, `Cookie: …`, `Set-Cookie: …`, `X-Api-Key: …` (to the end of the line). */
const HEADER_LINE =
  /\b((?:proxy-)?authorization|set-cookie|cookie|x-api-key|api-key|x-auth-token)(\s*[:=]\s*)(?!\[redacted\])[^\r\n"]+/gi;
/** `"password":"…"` (and the other secret keys) inside a JSON text held in a string. */
const JSON_PAIR =
  /("[\w.-]*(?:password|passwd|secret|token|authorization|cookie|api[_-]?key|private[_-]?key)"\s*:\s*")(?:[^"\\]|\\.)*"/gi;
/** `password=…` in free text or a libpq connection string (not `password: …`, how validation messages begin). */
const TEXT_PAIR = /((?:password|passwd|pwd|client_secret|secret_key)\s*=\s*)(?!\[redacted\])[^\s&,;"']+/gi;

/**
 * PostgreSQL's constraint detail `Key (col, …)=(value, …)` (a unique or foreign-key violation): the values
 * go when a column names a secret. A value is at most 512 characters up to the detail's verb, so a scan
 * stays linear.
 */
const KEY_DETAIL =
  /\bKey \(([^()\r\n]{1,200})\)=\(([^\r\n]{0,512}?)\)(?= already exists| is not present| is still referenced| conflicts with)/g;

function redactKeyDetail(whole: string, columns: string, _values: string): string {
  return columns.split(',').some((column) => isSecretKey(column.trim().replace(/^"|"$/g, '')))
    ? `Key (${columns})=(${REDACTED})`
    : whole;
}

/** True when `key` names a secret (see {@link SECRET_KEYS}). */
export function isSecretKey(key: string): boolean {
  const normal = key.toLowerCase().replace(/[-_.\s]/g, '');
  return SECRET_KEYS.has(normal) || SECRET_KEY_ENDINGS.some((ending) => normal.endsWith(ending));
}

/** Replaces every secret shape inside one string (see the module comment). */
export function redactText(text: string): string {
  if (text.length === 0) return text;
  return text
    .replace(JSON_PAIR, `$1${REDACTED}"`)
    .replace(URL_PASSWORD, `$1${REDACTED}@`)
    .replace(SECRET_PARAMS, `$1${REDACTED}`)
    .replace(HEADER_LINE, `$1$2${REDACTED}`)
    .replace(BEARER, `$1 ${REDACTED}`)
    .replace(BASIC, `$1 ${REDACTED}`)
    .replace(TEXT_PAIR, `$1${REDACTED}`)
    .replace(KEY_DETAIL, redactKeyDetail);
}

/** How deep objects are walked; deeper values are replaced whole (a log field is never that deep). */
const MAX_DEPTH = 12;

function redactKeyed(key: string, value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (value === null || value === undefined || value === '') return value;
  const normal = key.toLowerCase().replace(/[-_.\s]/g, '');
  if (CODE_KEYS.has(normal)) {
    if (typeof value === 'number' || typeof value === 'boolean') return value;
    if (typeof value === 'string' && IDENTIFIER.test(value)) return value;
    return REDACTED;
  }
  if (isSecretKey(key)) return typeof value === 'boolean' ? value : REDACTED;
  return walk(value, depth, seen);
}

/** An object's JSON form when it has one (a URL becomes its text, a Buffer its bytes), as the line will hold it. */
function jsonForm(value: object): unknown {
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  return typeof toJSON === 'function' ? toJSON.call(value) : value;
}

function walk(input: unknown, depth: number, seen: WeakSet<object>): unknown {
  const value = typeof input === 'object' && input !== null ? jsonForm(input) : input;
  if (typeof value === 'string') return redactText(value);
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= MAX_DEPTH || seen.has(value)) return REDACTED;
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => walk(item, depth + 1, seen));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = redactKeyed(key, item, depth + 1, seen);
  return out;
}

/**
 * A copy of `value` with every secret replaced by {@link REDACTED}: values of secret keys at any depth,
 * secret shapes inside every string. The input is not changed.
 */
export function redact<T>(value: T): T {
  return walk(value, 0, new WeakSet()) as T; // the same shape with strings replaced
}
