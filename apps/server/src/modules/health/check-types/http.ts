/**
 * HTTP check: sends one request (method, headers, body, basic auth) through the egress-guarded client,
 * follows redirects unless told not to (each hop checked again), and judges the answer in
 * canary-checker's order: status codes, response time, body contains / regex / JSONPath, and the TLS
 * certificate's remaining days. Expression variables: code, headers, content, json, elapsed (ms),
 * sslExpiryDays, certificate, redirects, url.
 */
import {
  HTTP_CHECK_USER_AGENT,
  HTTP_MAX_BODY_BYTES,
  HTTP_MAX_REDIRECTS,
  type HttpCheckSpec,
  httpCheckSchema,
  maskUrl,
} from '@mc/contracts';
import { JSONPath } from 'jsonpath-plus';
import { DOCUMENT_LIMITS, parseBoundedJson } from '../../../platform/bounded-json.js';
import { CheckConfigError } from '../../../platform/check-config-error.js';
import { EgressRefusedError } from '../../../platform/egress/egress-guard.js';
import { type GuardedResponse, guardedRequest } from '../../../platform/egress/guarded-http.js';
import {
  type CheckContext,
  type CheckRunOutput,
  type CheckTypeDefinition,
  healthy,
  unhealthy,
} from './check-context.js';
import { resolveConnectionValues } from './connection-fields.js';
import { resolveEnvList, resolveEnvVar } from './env-vars.js';
import { describeNetworkError, errorText } from './network-errors.js';

function refuseUnsupported(spec: HttpCheckSpec): void {
  for (const key of ['ntlm', 'ntlmv2', 'templateBody'] as const) {
    if (spec[key]) throw new CheckConfigError(`${key} is not supported by this server`);
  }
  if (spec.oauth2 !== undefined) throw new CheckConfigError('oauth2 is not supported by this server');
  if (spec.crawl !== undefined) throw new CheckConfigError('crawl is not supported by this server');
}

async function buildRequest(spec: HttpCheckSpec, ctx: CheckContext) {
  if (spec.endpoint && spec.url) throw new CheckConfigError('cannot specify both endpoint and url');
  const conn = await resolveConnectionValues({ ...spec, url: spec.url ?? spec.endpoint }, ctx);
  if (!conn.url) throw new CheckConfigError('no url or connection specified');
  let url: URL;
  try {
    url = new URL(conn.url);
  } catch {
    throw new CheckConfigError(`invalid url '${maskUrl(conn.url)}'`);
  }
  let username = conn.username;
  let password = conn.password;
  if (url.username || url.password) {
    username = decodeURIComponent(url.username);
    password = decodeURIComponent(url.password);
    url.username = '';
    url.password = '';
  }
  const headers = await resolveEnvList(spec.headers, ctx, 'header');
  const has = (header: string) => Object.keys(headers).some((name) => name.toLowerCase() === header);
  if (!has('user-agent')) headers['User-Agent'] = HTTP_CHECK_USER_AGENT;
  const hasAuth = has('authorization');
  if ((username || password) && !hasAuth) {
    headers.Authorization = `Basic ${Buffer.from(`${username ?? ''}:${password ?? ''}`).toString('base64')}`;
  }
  const ca = await resolveEnvVar(spec.tlsConfig?.ca, ctx, 'tlsConfig.ca');
  return {
    url,
    headers,
    ca: ca ?? conn.certificate,
    insecure: spec.tlsConfig?.insecureSkipVerify ?? conn.insecureTLS,
  };
}

function parseJson(response: GuardedResponse, content: string): unknown {
  if (!/json/i.test(response.headers['content-type'] ?? '')) return {};
  try {
    return parseBoundedJson(content, DOCUMENT_LIMITS, 'response');
  } catch {
    return {}; // not JSON, or nested past the limit: expressions see an empty object
  }
}

function judge(spec: HttpCheckSpec, response: GuardedResponse, content: string, json: unknown, elapsed: number) {
  const code = response.status;
  const codes = spec.responseCodes ?? [];
  if (codes.length > 0 && !codes.includes(code)) return `expected status ${code} to be in [${codes.join(', ')}]`;
  if (codes.length === 0 && (code < 200 || code > 299)) return `expected status ${code} to be 200..299`;
  if (spec.thresholdMillis && elapsed > spec.thresholdMillis) {
    return `threshold exceeded: ${elapsed} ms > ${spec.thresholdMillis} ms`;
  }
  if (spec.responseContent && !content.includes(spec.responseContent)) {
    return `expected response to contain '${spec.responseContent}'`;
  }
  if (spec.responseRegex) {
    let regex: RegExp;
    try {
      regex = new RegExp(spec.responseRegex);
    } catch (error) {
      throw new CheckConfigError(`responseRegex is not a valid regular expression: ${errorText(error)}`);
    }
    if (!regex.test(content)) return `expected response to match /${spec.responseRegex}/`;
  }
  if (spec.responseJSONContent) {
    const { path, value } = spec.responseJSONContent;
    let found: unknown[];
    try {
      // JSONPath wants an object and, with wrap: true, answers a list.
      found = JSONPath({ path, json: json as object, wrap: true }) as unknown[];
    } catch (error) {
      throw new CheckConfigError(`responseJSONContent.path is not valid JSONPath: ${errorText(error)}`);
    }
    const got = found.map((item) => (typeof item === 'string' ? item : JSON.stringify(item)));
    if (got.length === 0) return `expected ${path} to be '${value}', found nothing`;
    if (!got.includes(value)) return `expected ${path} to be '${value}', got '${got.join(', ')}'`;
  }
  const cert = response.certificate;
  if (spec.maxSSLExpiry && cert && cert.daysRemaining < spec.maxSSLExpiry) {
    return `TLS certificate expires in ${Math.floor(cert.daysRemaining)} days (${cert.validTo}), within maxSSLExpiry ${spec.maxSSLExpiry}`;
  }
  return null;
}

async function run(spec: HttpCheckSpec, ctx: CheckContext): Promise<CheckRunOutput> {
  refuseUnsupported(spec);
  const request = await buildRequest(spec, ctx);
  const started = performance.now();
  let response: GuardedResponse;
  try {
    response = await guardedRequest({
      url: request.url.href,
      method: spec.method ?? 'GET',
      headers: request.headers,
      ...(spec.body !== undefined ? { body: spec.body } : {}),
      followRedirects: spec.followRedirects ?? true,
      maxRedirects: spec.maxRedirects ?? HTTP_MAX_REDIRECTS,
      insecureSkipVerify: request.insecure,
      ...(request.ca ? { ca: request.ca } : {}),
      maxBodyBytes: HTTP_MAX_BODY_BYTES,
      signal: ctx.signal,
      guard: ctx.egress,
    });
  } catch (error) {
    if (error instanceof EgressRefusedError) return unhealthy(error.message, { url: request.url.href }, error.message);
    if (ctx.signal.aborted) throw error;
    return unhealthy(describeNetworkError(error, request.url.host), { url: request.url.href }, errorText(error));
  }
  const elapsed = Math.round(performance.now() - started);
  const content = response.body.toString('utf8');
  const json = parseJson(response, content);
  const details: Record<string, unknown> = {
    url: response.url,
    code: response.status,
    headers: response.headers,
    content,
    json,
    elapsed,
    redirects: response.redirects,
    ...(response.truncated ? { truncated: true } : {}),
    ...(response.certificate
      ? { certificate: response.certificate, sslExpiryDays: Math.floor(response.certificate.daysRemaining) }
      : {}),
  };
  const failure = judge(spec, response, content, json, elapsed);
  const output = failure ? unhealthy(failure, details) : healthy(`HTTP ${response.status} in ${elapsed} ms`, details);
  return { ...output, duration: elapsed };
}

/** The http check type. */
export const httpCheckType: CheckTypeDefinition<HttpCheckSpec> = { type: 'http', schema: httpCheckSchema, run };
