import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The person the test double signs in (its "logged-in user"). */
export interface DoubleUser {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
}

async function readBody(request: IncomingMessage): Promise<URLSearchParams> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return new URLSearchParams(text);
}

/**
 * A test double of an OpenID Connect provider on a free local port: discovery, an authorize
 * endpoint that approves at once (302 back with a code), a token endpoint that checks the client
 * secret, the redirect URI and the PKCE S256 verifier (codes work once), and a JWKS with the RSA key
 * that signs its real RS256 id_tokens. Not a provider to run anything against but tests.
 */
export async function startOidcProviderDouble(client: { id: string; secret: string }) {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'double-key', alg: 'RS256', use: 'sig' };
  const codes = new Map<string, { nonce: string; challenge: string; redirectUri: string; user: DoubleUser }>();
  let user: DoubleUser = { sub: 'subject-1' };
  let issuer = '';

  const idToken = (claims: Record<string, unknown>) => {
    const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const input = `${part({ alg: 'RS256', kid: jwk.kid, typ: 'JWT' })}.${part(claims)}`;
    return `${input}.${sign('sha256', Buffer.from(input), privateKey).toString('base64url')}`;
  };

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', issuer);
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        code_challenge_methods_supported: ['S256'],
      });
    }
    if (url.pathname === '/jwks') return json(200, { keys: [jwk] });
    if (url.pathname === '/authorize') {
      const q = url.searchParams;
      if (q.get('client_id') !== client.id || q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge'))
        return json(400, { error: 'invalid_request' });
      const code = randomBytes(16).toString('hex');
      const redirectUri = q.get('redirect_uri') ?? '';
      codes.set(code, { nonce: q.get('nonce') ?? '', challenge: q.get('code_challenge') ?? '', redirectUri, user });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', q.get('state') ?? '');
      response.writeHead(302, { location: back.toString() });
      return response.end();
    }
    if (url.pathname === '/token' && request.method === 'POST') {
      const form = await readBody(request);
      const grant = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      if (
        !grant ||
        form.get('client_id') !== client.id ||
        form.get('client_secret') !== client.secret ||
        form.get('redirect_uri') !== grant.redirectUri ||
        createHash('sha256').update(verifier).digest('base64url') !== grant.challenge
      )
        return json(400, { error: 'invalid_grant' });
      const now = Math.floor(Date.now() / 1000);
      return json(200, {
        access_token: randomBytes(16).toString('hex'),
        token_type: 'Bearer',
        id_token: idToken({ iss: issuer, aud: client.id, iat: now, exp: now + 300, nonce: grant.nonce, ...grant.user }),
      });
    }
    return json(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`; // a TCP listener has an AddressInfo
  return {
    issuer,
    /** Who the next authorization signs in. */
    signInAs(next: DoubleUser) {
      user = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
