import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { ResolvedConnection } from '../connections.service.js';
import { type ConnectionTester, describeError } from './tester.js';

interface HttpAnswer {
  status: number;
  body: string;
}

/** One GET with basic auth when a username is set; insecure_tls skips certificate checks. */
export function httpGet(connection: ResolvedConnection, url: URL, timeoutMs: number): Promise<HttpAnswer> {
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const headers: Record<string, string> = { accept: 'application/json, */*' };
  if (connection.username || connection.password) {
    headers.authorization = `Basic ${Buffer.from(`${connection.username ?? ''}:${connection.password ?? ''}`).toString('base64')}`;
  }
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'GET', headers, timeout: timeoutMs, rejectUnauthorized: !connection.insecure_tls },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (body.length < 65_536) body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`No answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end();
  });
}

/** Parses the connection's URL or explains why it cannot be used. */
export function parseHttpUrl(value: string | null, what: string): URL {
  let url: URL;
  try {
    url = new URL(value ?? '');
  } catch {
    throw new Error(`${what}: '${value ?? ''}' is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`${what}: the URL must start with http:// or https://`);
  return url;
}

/** GETs the URL; any answer below 400 is a success, 401/403 point at the credentials. */
export const testHttp: ConnectionTester = async (connection, { timeoutMs }) => {
  const url = parseHttpUrl(connection.url, 'HTTP');
  let answer: HttpAnswer;
  try {
    answer = await httpGet(connection, url, timeoutMs);
  } catch (error) {
    throw new Error(`HTTP: ${describeError(error)}`);
  }
  if (answer.status === 401 || answer.status === 403) {
    throw new Error(`HTTP: ${url.origin} answered ${answer.status}; check the username and password`);
  }
  if (answer.status >= 400) throw new Error(`HTTP: ${url.href} answered ${answer.status}`);
  return `${url.origin} answered ${answer.status}`;
};

/** Asks Prometheus for its build info (`/api/v1/status/buildinfo`). */
export const testPrometheus: ConnectionTester = async (connection, { timeoutMs }) => {
  const base = parseHttpUrl(connection.url, 'Prometheus');
  const url = new URL(`${base.pathname.replace(/\/$/, '')}/api/v1/status/buildinfo`, base);
  let answer: HttpAnswer;
  try {
    answer = await httpGet(connection, url, timeoutMs);
  } catch (error) {
    throw new Error(`Prometheus: ${describeError(error)}`);
  }
  if (answer.status >= 400) throw new Error(`Prometheus: ${url.href} answered ${answer.status}`);
  try {
    // The Prometheus HTTP API envelope.
    const parsed = JSON.parse(answer.body) as { status?: string; data?: { version?: string } };
    if (parsed.status !== 'success') throw new Error('not a Prometheus answer');
    return `Prometheus ${parsed.data?.version ?? ''} answered`.replace('  ', ' ');
  } catch {
    throw new Error(`Prometheus: ${url.href} did not answer like the Prometheus API`);
  }
};
