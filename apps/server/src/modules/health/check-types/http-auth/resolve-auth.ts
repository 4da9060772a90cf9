/**
 * Picks an http check's authentication scheme and resolves its secrets (EnvVars like every other value).
 * `username`/`password` (inline, from the URL's userinfo or from a stored connection) are the basic,
 * digest and NTLM credentials, and the OAuth2 client id and secret, as in canary-checker. Without them a
 * stored connection's `bearer`, or its `clientID` / `clientSecret` / `tokenURL` / `scopes` / `params`
 * (OAuth2), apply, as duty's HTTP connection does.
 */
import type { HttpCheckSpec } from '@mc/contracts';
import { CheckConfigError } from '../../../../platform/check-config-error.js';
import type { CheckContext } from '../check-context.js';
import { resolveEnvVar } from '../env-vars.js';
import type { HttpAuth } from './send-authenticated.js';

async function awsAuth(spec: NonNullable<HttpCheckSpec['awsSigV4']>, ctx: CheckContext): Promise<HttpAuth> {
  const accessKey = await resolveEnvVar(spec.accessKey, ctx, 'awsSigV4.accessKey');
  const secretKey = await resolveEnvVar(spec.secretKey, ctx, 'awsSigV4.secretKey');
  const sessionToken = await resolveEnvVar(spec.sessionToken, ctx, 'awsSigV4.sessionToken');
  if (!accessKey || !secretKey) throw new CheckConfigError('awsSigV4: accessKey and secretKey are needed');
  return {
    kind: 'awsSigV4',
    credentials: {
      accessKey,
      secretKey,
      ...(sessionToken ? { sessionToken } : {}),
      ...(spec.region ? { region: spec.region } : {}),
      ...(spec.service ? { service: spec.service } : {}),
    },
  };
}

function connectionAuth(properties: Record<string, string>): HttpAuth {
  if (properties.bearer) return { kind: 'bearer', token: properties.bearer };
  const { clientID, clientSecret, tokenURL } = properties;
  if (!clientID || !clientSecret || !tokenURL) return { kind: 'none' };
  let params: Record<string, string> | undefined;
  if (properties.params) {
    try {
      params = JSON.parse(properties.params) as Record<string, string>; // duty stores the params as a JSON object
    } catch {
      throw new CheckConfigError('connection property params is not a JSON object');
    }
  }
  const scope = properties.scopes ? properties.scopes.split(',') : undefined;
  return { kind: 'oauth2', client: { tokenURL, clientID, clientSecret, scope, params } };
}

/** The scheme of the check, given the credentials and stored-connection properties its fields resolved to. */
export async function resolveHttpAuth(
  spec: HttpCheckSpec,
  credentials: { username?: string | undefined; password?: string | undefined },
  ctx: CheckContext,
  properties: Record<string, string> = {},
): Promise<HttpAuth> {
  const username = credentials.username ?? '';
  const password = credentials.password ?? '';
  if (spec.oauth2) {
    if (!username || !password) {
      throw new CheckConfigError('oauth2: the client id and secret go in username and password');
    }
    const { tokenURL, scope, params } = spec.oauth2;
    return { kind: 'oauth2', client: { tokenURL, clientID: username, clientSecret: password, scope, params } };
  }
  if (spec.awsSigV4) return awsAuth(spec.awsSigV4, ctx);
  if (!username && !password) {
    if (spec.ntlm || spec.ntlmv2 || spec.digest) {
      const scheme = spec.ntlmv2 ? 'ntlmv2' : spec.ntlm ? 'ntlm' : 'digest';
      throw new CheckConfigError(`${scheme}: username and password are needed`);
    }
    return connectionAuth(properties);
  }
  if (spec.ntlmv2 || spec.ntlm) return { kind: 'ntlm', version: spec.ntlmv2 ? 2 : 1, username, password };
  return { kind: spec.digest ? 'digest' : 'basic', username, password };
}
