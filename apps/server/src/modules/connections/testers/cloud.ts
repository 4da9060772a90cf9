/**
 * Credential checks of the cloud connection types, each one request through the egress guard:
 * AWS/S3 ask STS `GetCallerIdentity` (SigV4-signed with the access key), Google Cloud/GCS exchange the
 * service account's signed JWT for a token at its `token_uri`. Nothing is created or changed.
 */
import { createSign } from 'node:crypto';
import type { ResolvedConnection } from '../connections.service.js';
import { guardedCall } from './http.js';
import { signV4 } from './sigv4.js';
import { type ConnectionTester, describeError, type TesterOptions } from './tester.js';

const STS_BODY = 'Action=GetCallerIdentity&Version=2011-06-15';
const FORM = 'application/x-www-form-urlencoded; charset=utf-8';
const GOOGLE_TOKEN_URI = 'https://oauth2.googleapis.com/token';
const GOOGLE_SCOPE = 'https://www.googleapis.com/auth/cloud-platform';

async function post(label: string, url: URL, options: TesterOptions, headers: Record<string, string>, body: string) {
  try {
    return await guardedCall(url, options, { method: 'POST', headers, body });
  } catch (error) {
    throw new Error(`${label}: ${describeError(error)}`);
  }
}

/** AWS and S3: the identity behind the access key (the bucket of an S3 connection is not checked). */
export const testAws: ConnectionTester = async (connection, options) => {
  const label = connection.type === 's3' ? 'S3' : 'AWS';
  const accessKeyId = connection.username ?? '';
  const secretAccessKey = connection.password ?? '';
  if (!accessKeyId || !secretAccessKey) {
    throw new Error(`${label}: a test needs the access key and the secret key (profiles are not read by this server)`);
  }
  const region = String(connection.properties.region || 'us-east-1');
  const url = new URL(`https://sts.${region}.amazonaws.com/`);
  const headers = { 'content-type': FORM };
  const signed = signV4({
    method: 'POST',
    url,
    headers,
    body: STS_BODY,
    service: 'sts',
    region,
    accessKeyId,
    secretAccessKey,
    date: new Date(),
  });
  const answer = await post(label, url, options, { ...headers, ...signed }, STS_BODY);
  const text = answer.body.toString('utf8');
  if (answer.status !== 200) {
    const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1];
    throw new Error(
      `${label}: ${url.host} answered ${answer.status}${code ? ` (${code})` : ''}; the credentials were refused`,
    );
  }
  const arn = /<Arn>([^<]+)<\/Arn>/.exec(text)?.[1];
  return `${label}: the access key belongs to ${arn ?? 'an AWS identity'}`;
};

interface ServiceAccount {
  client_email?: string;
  private_key?: string;
  token_uri?: string;
}

function serviceAccount(connection: ResolvedConnection, label: string): Required<ServiceAccount> {
  let parsed: ServiceAccount;
  try {
    // A service account key file is a JSON object with these string fields.
    parsed = JSON.parse(connection.certificate ?? '') as ServiceAccount;
  } catch {
    throw new Error(`${label}: the certificate is not a service account JSON key`);
  }
  if (!parsed.client_email || !parsed.private_key) {
    throw new Error(`${label}: the service account key has no client_email or private_key`);
  }
  return {
    client_email: parsed.client_email,
    private_key: parsed.private_key,
    token_uri: parsed.token_uri || GOOGLE_TOKEN_URI,
  };
}

const base64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

/** Google Cloud and GCS: the service account's JWT (RS256) exchanged for an access token. */
export const testGoogle: ConnectionTester = async (connection, options) => {
  const label = connection.type === 'gcs' ? 'Google Cloud Storage' : 'Google Cloud';
  const account = serviceAccount(connection, label);
  let url: URL;
  try {
    url = new URL(account.token_uri);
  } catch {
    throw new Error(`${label}: the service account's token_uri is not a URL`);
  }
  const now = Math.floor(Date.now() / 1000);
  const unsigned = `${base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }))}.${base64url(
    JSON.stringify({
      iss: account.client_email,
      scope: GOOGLE_SCOPE,
      aud: account.token_uri,
      iat: now,
      exp: now + 600,
    }),
  )}`;
  let signature: string;
  try {
    signature = createSign('RSA-SHA256').update(unsigned).sign(account.private_key, 'base64url');
  } catch {
    throw new Error(`${label}: the service account's private_key cannot sign`);
  }
  const body = new URLSearchParams({
    grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
    assertion: `${unsigned}.${signature}`,
  }).toString();
  const answer = await post(label, url, options, { 'content-type': FORM }, body);
  if (answer.status !== 200) {
    let reason = '';
    try {
      // OAuth error answers are { error, error_description }.
      const parsed = JSON.parse(answer.body.toString('utf8')) as { error?: string; error_description?: string };
      reason = parsed.error_description || parsed.error || '';
    } catch {
      // not JSON: the status says enough
    }
    throw new Error(
      `${label}: ${url.host} answered ${answer.status}; the service account was refused${reason ? ` (${reason})` : ''}`,
    );
  }
  return `${label}: ${url.host} issued a token for ${account.client_email}`;
};
