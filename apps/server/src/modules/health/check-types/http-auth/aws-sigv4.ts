/**
 * AWS Signature Version 4 for the http check's `awsSigV4`: signs the request with static keys (and a
 * session token) for `region` and `service`, which default from an `<service>.<region>.amazonaws.com`
 * host as upstream's signer infers them. S3 signs its payload hash header and an unescaped path.
 */
import { createHash, createHmac } from 'node:crypto';
import { CheckConfigError } from '../../../../platform/check-config-error.js';

/** Keys and scope of one signature. */
export interface SigV4Credentials {
  accessKey: string;
  secretKey: string;
  sessionToken?: string;
  region?: string;
  service?: string;
}

/** What gets signed. */
export interface SigV4Request {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body?: string;
}

const sha256 = (data: string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
const encode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function scopeOf(url: URL, credentials: SigV4Credentials): { region: string; service: string } {
  const labels = url.hostname.split('.');
  const aws = /\.amazonaws\.com(\.cn)?$/i.test(url.hostname);
  const service = credentials.service || (aws ? labels[0] : undefined);
  const inferred = aws ? labels.find((label) => /^[a-z]{2}(-[a-z]+)+-\d+$/.test(label)) : undefined;
  const region = credentials.region || inferred;
  if (!service) throw new CheckConfigError('awsSigV4.service is needed (it cannot be inferred from the host)');
  if (!region) throw new CheckConfigError('awsSigV4.region is needed (it cannot be inferred from the host)');
  return { region, service };
}

function canonicalPath(url: URL, service: string): string {
  if (service === 's3') return url.pathname || '/';
  return (url.pathname || '/').split('/').map(encode).join('/');
}

function canonicalQuery(url: URL): string {
  return [...url.searchParams.entries()]
    .map(([key, value]) => [encode(key), encode(value)] as const)
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
}

/**
 * Returns the headers to send: the request's plus `X-Amz-Date`, the session token and (S3) the payload
 * hash, and `Authorization`. `now` is for tests (AWS's published vectors use a fixed time).
 */
export function signSigV4(
  request: SigV4Request,
  credentials: SigV4Credentials,
  now = new Date(),
): Record<string, string> {
  const { region, service } = scopeOf(request.url, credentials);
  const amzDate = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const payloadHash = sha256(request.body ?? '');
  const headers: Record<string, string> = { ...request.headers, 'X-Amz-Date': amzDate };
  if (credentials.sessionToken) headers['X-Amz-Security-Token'] = credentials.sessionToken;
  if (service === 's3') headers['X-Amz-Content-Sha256'] = payloadHash;
  const signed = new Map<string, string>([['host', request.url.host]]);
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (lower.startsWith('x-amz-') || lower === 'content-type') signed.set(lower, value.trim().replace(/\s+/g, ' '));
  }
  const names = [...signed.keys()].sort();
  const canonical = [
    request.method.toUpperCase(),
    canonicalPath(request.url, service),
    canonicalQuery(request.url),
    `${names.map((name) => `${name}:${signed.get(name)}`).join('\n')}\n`,
    names.join(';'),
    payloadHash,
  ].join('\n');
  const scope = `${day}/${region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${credentials.secretKey}`, day), region), service), 'aws4_request');
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  headers.Authorization = `AWS4-HMAC-SHA256 Credential=${credentials.accessKey}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`;
  return headers;
}
