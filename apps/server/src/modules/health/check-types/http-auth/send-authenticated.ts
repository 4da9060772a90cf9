/**
 * Sends an http check's request with its authentication scheme, upstream's precedence: `oauth2`
 * (bearer token), `awsSigV4` (signed), `ntlmv2` / `ntlm` (a Negotiate → Challenge → Authenticate exchange
 * on one keep-alive connection), `digest` (answers the 401 challenge), basic with `username` /
 * `password`, else a stored connection's bearer token or OAuth2 client. Every request, the token request included, goes through the egress-guarded client.
 */
import http from 'node:http';
import https from 'node:https';
import { type GuardedRequest, type GuardedResponse, guardedRequest } from '../../../../platform/egress/guarded-http.js';
import type { TlsOptions } from '../tls-options.js';
import { type SigV4Credentials, signSigV4 } from './aws-sigv4.js';
import { digestAuthorization, parseDigestChallenge } from './digest.js';
import { authenticateMessage, negotiateMessage, parseChallenge } from './ntlm.js';
import { type OauthClient, oauthToken } from './oauth2.js';

/** The scheme of one check with its secrets resolved. */
export type HttpAuth =
  | { kind: 'none' }
  | { kind: 'basic' | 'digest'; username: string; password: string }
  | { kind: 'ntlm'; version: 1 | 2; username: string; password: string }
  | { kind: 'bearer'; token: string }
  | { kind: 'oauth2'; client: OauthClient }
  | { kind: 'awsSigV4'; credentials: SigV4Credentials };

/** The request with one header set, replacing any spelling of it the check's headers gave. */
function withHeader(req: GuardedRequest, name: string, value: string): GuardedRequest {
  const others = Object.entries(req.headers).filter(([key]) => key.toLowerCase() !== name.toLowerCase());
  return { ...req, headers: { ...Object.fromEntries(others), [name]: value } };
}

function hasHeader(headers: Record<string, string>, name: string): boolean {
  return Object.keys(headers).some((key) => key.toLowerCase() === name);
}

async function sendDigest(req: GuardedRequest, username: string, password: string): Promise<GuardedResponse> {
  const first = await guardedRequest(req);
  const challenge = first.status === 401 ? parseDigestChallenge(first.headers['www-authenticate']) : undefined;
  if (!challenge) return first;
  const url = new URL(first.url);
  const authorization = digestAuthorization(challenge, {
    method: req.method.toUpperCase(),
    uri: `${url.pathname}${url.search}`,
    username,
    password,
  });
  const second = await guardedRequest({ ...withHeader(req, 'Authorization', authorization), url: url.href });
  return { ...second, redirects: [...first.redirects, ...second.redirects] };
}

async function sendNtlm(req: GuardedRequest, auth: Extract<HttpAuth, { kind: 'ntlm' }>): Promise<GuardedResponse> {
  // NTLM authenticates the connection: both messages travel on one kept-alive socket.
  const options = { keepAlive: true, maxSockets: 1 };
  const agents = { http: new http.Agent(options), https: new https.Agent(options) };
  try {
    const first = await guardedRequest({ ...withHeader(req, 'Authorization', negotiateMessage(auth.version)), agents });
    const challenge = first.status === 401 ? parseChallenge(first.headers['www-authenticate']) : undefined;
    if (!challenge) return first;
    const answer = authenticateMessage(auth, challenge);
    const second = await guardedRequest({ ...withHeader(req, 'Authorization', answer), url: first.url, agents });
    return { ...second, redirects: [...first.redirects, ...second.redirects] };
  } finally {
    agents.http.destroy();
    agents.https.destroy();
  }
}

/** Sends `req` authenticated as `auth` says; `tls` applies to the token request too. */
export async function sendAuthenticated(
  req: GuardedRequest,
  auth: HttpAuth,
  tls: TlsOptions,
): Promise<GuardedResponse> {
  switch (auth.kind) {
    case 'none':
      return guardedRequest(req);
    case 'basic': {
      if (hasHeader(req.headers, 'authorization')) return guardedRequest(req);
      const basic = Buffer.from(`${auth.username}:${auth.password}`).toString('base64');
      return guardedRequest(withHeader(req, 'Authorization', `Basic ${basic}`));
    }
    case 'digest':
      return sendDigest(req, auth.username, auth.password);
    case 'ntlm':
      return sendNtlm(req, auth);
    case 'bearer':
      return guardedRequest(withHeader(req, 'Authorization', `Bearer ${auth.token}`));
    case 'oauth2': {
      const token = await oauthToken(auth.client, { guard: req.guard, signal: req.signal, tls });
      return guardedRequest(withHeader(req, 'Authorization', `Bearer ${token}`));
    }
    case 'awsSigV4': {
      const url = new URL(req.url);
      const headers = signSigV4(
        { method: req.method, url, headers: req.headers, ...(req.body !== undefined ? { body: req.body } : {}) },
        auth.credentials,
      );
      return guardedRequest({ ...req, headers });
    }
  }
}
