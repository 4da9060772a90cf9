/**
 * OAuth2 client credentials for the http check's `oauth2` (upstream: client id and secret in
 * `username`/`password`, `tokenURL`, `scope`, `params`). The token request goes through the egress-
 * guarded client like every dial; a token is cached until shortly before its `expires_in` and fetched
 * again after, as golang.org/x/oauth2 does (a token without expiry is fetched each run).
 */
import { createHash } from 'node:crypto';
import { HTTP_MAX_BODY_BYTES } from '@mc/contracts';
import type { EgressGuard } from '../../../../platform/egress/egress-guard.js';
import { type GuardedResponse, guardedRequest } from '../../../../platform/egress/guarded-http.js';
import { CheckFailure } from '../check-context.js';
import type { TlsOptions } from '../tls-options.js';

/** What a token request needs. */
export interface OauthClient {
  tokenURL: string;
  clientID: string;
  clientSecret: string;
  scope?: string[] | undefined;
  params?: Record<string, string> | undefined;
}

/** Seconds before expiry a cached token is renewed (x/oauth2's expiryDelta). */
const EXPIRY_SLACK_MS = 10_000;
/** Most tokens kept; the oldest go first. */
const CACHE_LIMIT = 500;

const cache = new Map<string, { token: string; expiresAt: number }>();

function cacheKey(client: OauthClient): string {
  const parts = [client.tokenURL, client.clientID, client.clientSecret, client.scope ?? [], client.params ?? {}];
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

async function requestToken(
  client: OauthClient,
  options: { guard: EgressGuard; signal: AbortSignal; tls: TlsOptions },
): Promise<GuardedResponse> {
  const form = new URLSearchParams({ grant_type: 'client_credentials' });
  if (client.scope?.length) form.set('scope', client.scope.join(' '));
  for (const [name, value] of Object.entries(client.params ?? {})) form.set(name, value);
  const basic = `${encodeURIComponent(client.clientID)}:${encodeURIComponent(client.clientSecret)}`;
  try {
    return await guardedRequest({
      url: client.tokenURL,
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
        Authorization: `Basic ${Buffer.from(basic).toString('base64')}`,
      },
      body: form.toString(),
      followRedirects: false,
      maxRedirects: 0,
      insecureSkipVerify: options.tls.insecureSkipVerify,
      handshakeTimeoutMs: options.tls.handshakeTimeoutMs,
      ...(options.tls.ca ? { ca: options.tls.ca } : {}),
      ...(options.tls.cert ? { cert: options.tls.cert, key: options.tls.key } : {}),
      maxBodyBytes: HTTP_MAX_BODY_BYTES,
      signal: options.signal,
      guard: options.guard,
    });
  } catch (error) {
    if (options.signal.aborted) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new CheckFailure(`oauth2 token request failed: ${reason}`, reason);
  }
}

/** A bearer token for the client: the cached one while it is valid, else a new one from `tokenURL`. */
export async function oauthToken(
  client: OauthClient,
  options: { guard: EgressGuard; signal: AbortSignal; tls: TlsOptions },
): Promise<string> {
  const key = cacheKey(client);
  const cached = cache.get(key);
  if (cached && cached.expiresAt > Date.now()) return cached.token;
  cache.delete(key);
  const response = await requestToken(client, options);
  let answer: { access_token?: unknown; expires_in?: unknown; error?: unknown };
  try {
    answer = JSON.parse(response.body.toString('utf8')) as typeof answer; // fields checked below
  } catch {
    answer = {};
  }
  if (response.status < 200 || response.status > 299 || typeof answer.access_token !== 'string') {
    const error = typeof answer.error === 'string' ? `: ${answer.error}` : '';
    throw new CheckFailure(`oauth2 token endpoint answered HTTP ${response.status}${error}`);
  }
  const expiresIn = Number(answer.expires_in);
  if (Number.isFinite(expiresIn) && expiresIn > 0) {
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value ?? '');
    cache.set(key, { token: answer.access_token, expiresAt: Date.now() + expiresIn * 1000 - EXPIRY_SLACK_MS });
  }
  return answer.access_token;
}
