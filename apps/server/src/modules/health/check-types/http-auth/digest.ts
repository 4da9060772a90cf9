/**
 * HTTP Digest authentication (RFC 7616) for the http check's `digest: true`: answers a server's
 * `WWW-Authenticate: Digest` challenge (MD5, MD5-sess, SHA-256, SHA-256-sess; qop auth or none).
 */
import { createHash, randomBytes } from 'node:crypto';

/** The parameters of a Digest challenge. */
export type DigestChallenge = Record<string, string>;

/** Parses a `WWW-Authenticate` value; undefined when it holds no Digest challenge. */
export function parseDigestChallenge(header: string | undefined): DigestChallenge | undefined {
  const at = header?.search(/(^|,\s*)Digest\s/i) ?? -1;
  if (!header || at < 0) return undefined;
  const params: DigestChallenge = {};
  const text = header.slice(at).replace(/^,?\s*Digest\s+/i, '');
  for (const match of text.matchAll(/([a-z0-9_-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]+))/gi)) {
    const name = (match[1] ?? '').toLowerCase();
    if (name in params) break; // the next challenge starts
    params[name] = match[2] !== undefined ? match[2].replace(/\\(.)/g, '$1') : (match[3] ?? '');
  }
  return params.nonce ? params : undefined;
}

/** The `Authorization: Digest …` answer for one request. */
export function digestAuthorization(
  challenge: DigestChallenge,
  request: { method: string; uri: string; username: string; password: string },
): string {
  const algorithm = challenge.algorithm ?? 'MD5';
  const base = algorithm.replace(/-sess$/i, '').toUpperCase();
  const hashName = base === 'SHA-256' ? 'sha256' : 'md5';
  const hash = (text: string) => createHash(hashName).update(text).digest('hex');
  const realm = challenge.realm ?? '';
  const nonce = challenge.nonce ?? '';
  const cnonce = randomBytes(8).toString('hex');
  const nc = '00000001';
  let ha1 = hash(`${request.username}:${realm}:${request.password}`);
  if (/-sess$/i.test(algorithm)) ha1 = hash(`${ha1}:${nonce}:${cnonce}`);
  const ha2 = hash(`${request.method}:${request.uri}`);
  const qop = (challenge.qop ?? '')
    .split(',')
    .map((item) => item.trim())
    .includes('auth')
    ? 'auth'
    : undefined;
  const response = qop ? hash(`${ha1}:${nonce}:${nc}:${cnonce}:${qop}:${ha2}`) : hash(`${ha1}:${nonce}:${ha2}`);
  const quote = (value: string) => `"${value.replace(/(["\\])/g, '\\$1')}"`;
  const parts = [
    `username=${quote(request.username)}`,
    `realm=${quote(realm)}`,
    `nonce=${quote(nonce)}`,
    `uri=${quote(request.uri)}`,
    `algorithm=${algorithm}`,
    `response=${quote(response)}`,
  ];
  if (challenge.opaque !== undefined) parts.push(`opaque=${quote(challenge.opaque)}`);
  if (qop) parts.push(`qop=${qop}`, `nc=${nc}`, `cnonce=${quote(cnonce)}`);
  return `Digest ${parts.join(', ')}`;
}
