/**
 * HTTP check: sends one request (method, headers, body) through the egress-guarded client with its
 * URL templated over its `env` and credentials (`$(.name)`, url-template.ts), its
 * authentication (basic, digest, NTLM v1/v2, OAuth2 client credentials, AWS SigV4: http-auth/) and its
 * `tlsConfig` (CA, client certificate, insecureSkipVerify, handshakeTimeout), follows redirects unless
 * told not to (each hop checked again; an unfollowed redirect reports its own 3xx), and judges the answer in
 * canary-checker's order: status codes, response time, body contains / regex / JSONPath, and the TLS
 * certificate's remaining days. Expression variables: code, headers, content, json, elapsed (ms),
 * sslExpiryDays, certificate, redirects, url. With `crawl` it crawls the site instead (http-crawl.ts).
 */
import {
  envVarSchema,
  HTTP_CHECK_USER_AGENT,
  HTTP_MAX_BODY_BYTES,
  HTTP_MAX_REDIRECTS,
  type HttpCheckSpec,
  httpCheckSchema,
  maskUrl,
} from '@mc/contracts';
import { JSONPath } from 'jsonpath-plus';
import { z } from 'zod';
import { DOCUMENT_LIMITS, parseBoundedJson } from '../../../platform/bounded-json.js';
import { CheckConfigError } from '../../../platform/check-config-error.js';
import { EgressRefusedError } from '../../../platform/egress/egress-guard.js';
import type { GuardedRequest, GuardedResponse } from '../../../platform/egress/guarded-http.js';
import { GoTemplateError, renderGoTemplate } from '../../../platform/go-template/index.js';
import { injectTraceHeaders, tracingOn } from '../../../platform/tracing/spans.js';
import {
  type CheckContext,
  CheckFailure,
  type CheckRunOutput,
  type CheckTypeDefinition,
  healthy,
  unhealthy,
} from './check-context.js';
import { resolveConnectionValues } from './connection-fields.js';
import { resolveEnvList } from './env-vars.js';
import { checkAgents, isStaleSocketError } from './http-agents.js';
import { resolveHttpAuth } from './http-auth/resolve-auth.js';
import { type HttpAuth, sendAuthenticated } from './http-auth/send-authenticated.js';
import { runCrawl } from './http-crawl.js';
import { cachedRequestParts } from './http-request-cache.js';
import { describeNetworkError, errorText } from './network-errors.js';
import { guardedTlsFields, resolveTlsOptions, type TlsOptions } from './tls-options.js';
import { renderUrlTemplate } from './url-template.js';

/** A stored connection's `headers` property: a JSON list of EnvVars (duty's HTTP connection). */
async function connectionHeaders(text: string | undefined, ctx: CheckContext): Promise<Record<string, string>> {
  if (!text) return {};
  let parsed: ReturnType<typeof connectionHeadersSchema.safeParse>;
  try {
    parsed = connectionHeadersSchema.safeParse(JSON.parse(text));
  } catch {
    throw new CheckConfigError('connection property headers is not JSON');
  }
  if (!parsed.success) throw new CheckConfigError('connection property headers is not a list of {name, value}');
  return resolveEnvList(parsed.data, ctx, 'connection header');
}

async function buildRequest(spec: HttpCheckSpec, ctx: CheckContext) {
  if (spec.endpoint && spec.url) throw new CheckConfigError('cannot specify both endpoint and url');
  const conn = await resolveConnectionValues({ ...spec, url: spec.url ?? spec.endpoint }, ctx);
  if (!conn.url) throw new CheckConfigError('no url or connection specified');
  const env = await resolveEnvList(spec.env, ctx, 'env');
  // upstream's template values: the connection's credentials, then the check's env by name
  const domain = conn.username?.split('@')[1] ?? '';
  const credentials = { username: conn.username ?? '', password: conn.password ?? '', domain };
  const href = renderUrlTemplate(conn.url, { ...credentials, ...env });
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    throw new CheckConfigError(`invalid url '${maskUrl(href)}'`);
  }
  if (!/^https?:$/.test(url.protocol)) throw new CheckConfigError('url must be an http:// or https:// URL');
  let username = conn.username;
  let password = conn.password;
  if (url.username || url.password) {
    username = decodeURIComponent(url.username);
    password = decodeURIComponent(url.password);
    url.username = '';
    url.password = '';
  }
  // a stored connection's headers first; the check's own win by name, as duty merges them
  const headers = {
    ...(await connectionHeaders(conn.properties.headers, ctx)),
    ...(await resolveEnvList(spec.headers, ctx, 'header')),
  };
  const has = (header: string) => Object.keys(headers).some((name) => name.toLowerCase() === header);
  if (!has('user-agent')) headers['User-Agent'] = HTTP_CHECK_USER_AGENT;
  // As upstream, a stored connection's ntlm / ntlmv2 property switches the scheme on.
  const schemes = {
    ...spec,
    ntlm: spec.ntlm || conn.properties.ntlm === 'true',
    ntlmv2: spec.ntlmv2 || conn.properties.ntlmv2 === 'true',
  };
  const auth = await resolveHttpAuth(schemes, { username, password }, ctx, conn.properties);
  const tls = await resolveTlsOptions(spec.tlsConfig, ctx, {
    ca: conn.certificate,
    insecureSkipVerify: conn.insecureTLS,
  });
  return { url, headers, auth, tls, body: requestBody(spec, env) };
}

const connectionHeadersSchema = z.array(envVarSchema);

/** The body to send: with `templateBody`, a Go template over the check's `env` values by name (upstream). */
function requestBody(spec: HttpCheckSpec, env: Record<string, string>): string | undefined {
  if (!spec.templateBody || spec.body === undefined) return spec.body;
  try {
    return renderGoTemplate(spec.body, env);
  } catch (error) {
    if (error instanceof GoTemplateError) throw new CheckConfigError(`templateBody: ${error.message}`);
    throw error;
  }
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

/**
 * Sends on the process's keep-alive pools (http-agents.ts); a send whose pooled socket was reset before
 * any answer goes once more on a fresh connection, as Go's transport retries a request on a reused one.
 */
async function send(plain: GuardedRequest, auth: HttpAuth, tls: TlsOptions): Promise<GuardedResponse> {
  try {
    return await sendAuthenticated({ ...plain, agents: checkAgents() }, auth, tls);
  } catch (error) {
    if (plain.signal.aborted || !isStaleSocketError(error, plain.method)) throw error;
    return sendAuthenticated(plain, auth, tls);
  }
}

async function run(spec: HttpCheckSpec, ctx: CheckContext): Promise<CheckRunOutput> {
  // Built once per definition (http-request-cache.ts); read-only from here on.
  const request = await cachedRequestParts(spec, () => buildRequest(spec, ctx));
  const { tls } = request;
  if (spec.crawl) return runCrawl(spec.crawl, request.url, tls, ctx);
  const maxRedirects = spec.maxRedirects ?? HTTP_MAX_REDIRECTS;
  // The checked service joins the check run's trace (the check's own header wins). While tracing is off
  // the cached headers go as they are: the guarded client copies them before any change.
  const headers = tracingOn() ? { ...request.headers } : request.headers;
  injectTraceHeaders(headers);
  const started = performance.now();
  let response: GuardedResponse;
  try {
    const plain: GuardedRequest = {
      url: request.url.href,
      method: spec.method ?? 'GET',
      headers,
      ...(request.body !== undefined ? { body: request.body } : {}),
      // upstream: maxRedirects 0 stops following and answers the redirect itself
      followRedirects: (spec.followRedirects ?? true) && maxRedirects > 0,
      maxRedirects,
      ...guardedTlsFields(tls),
      maxBodyBytes: HTTP_MAX_BODY_BYTES,
      signal: ctx.signal,
      guard: ctx.egress,
    };
    response = await send(plain, request.auth, tls);
  } catch (error) {
    if (error instanceof CheckFailure) throw error;
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
