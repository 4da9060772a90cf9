/**
 * Prometheus check: runs an instant PromQL `query` against the HTTP API (`<url>/api/v1/query`) through
 * the egress-guarded client. The threshold is a CEL test over the answer, canary-checker's variables:
 * `value` (first sample), `firstResult` (its labels and value) and `results` (every sample's labels
 * plus `value`). Without a test the check passes when the query succeeds. `tlsConfig` (CA, client
 * certificate, insecureSkipVerify, handshakeTimeout) applies as on the http check.
 */
import {
  HTTP_MAX_BODY_BYTES,
  HTTP_MAX_REDIRECTS,
  maskUrl,
  type PrometheusCheckSpec,
  prometheusCheckSchema,
} from '@mc/contracts';
import { CheckConfigError } from '../../../platform/check-config-error.js';
import { EgressRefusedError } from '../../../platform/egress/egress-guard.js';
import { type GuardedResponse, guardedRequest } from '../../../platform/egress/guarded-http.js';
import {
  type CheckContext,
  CheckFailure,
  type CheckRunOutput,
  type CheckTypeDefinition,
  healthy,
} from './check-context.js';
import { resolveConnectionValues } from './connection-fields.js';
import { describeNetworkError, errorText } from './network-errors.js';
import { guardedTlsFields, resolveTlsOptions } from './tls-options.js';

interface PromSample {
  metric?: Record<string, string>;
  value?: [number, string];
}

interface PromAnswer {
  status?: string;
  errorType?: string;
  error?: string;
  warnings?: string[];
  data?: { resultType?: string; result?: unknown };
}

function samples(answer: PromAnswer): Record<string, unknown>[] {
  const data = answer.data ?? {};
  if (data.resultType === 'vector' && Array.isArray(data.result)) {
    // A vector result is a list of samples (Prometheus HTTP API).
    return (data.result as PromSample[]).map((sample) => ({
      ...(sample.metric ?? {}),
      value: Number(sample.value?.[1]),
    }));
  }
  if ((data.resultType === 'scalar' || data.resultType === 'string') && Array.isArray(data.result)) {
    return [{ value: data.resultType === 'scalar' ? Number(data.result[1]) : data.result[1] }];
  }
  if (data.resultType === 'matrix') throw new CheckFailure('range vectors are not supported; write an instant query');
  return [];
}

async function run(spec: PrometheusCheckSpec, ctx: CheckContext): Promise<CheckRunOutput> {
  const conn = await resolveConnectionValues({ ...spec, url: spec.url ?? spec.host }, ctx);
  if (!conn.url) throw new CheckConfigError('no url or connection specified');
  let url: URL;
  try {
    url = new URL(`${conn.url.replace(/\/+$/, '')}/api/v1/query`);
  } catch {
    throw new CheckConfigError(`invalid url '${maskUrl(conn.url)}'`);
  }
  url.searchParams.set('query', spec.query);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (conn.username || conn.password) {
    headers.Authorization = `Basic ${Buffer.from(`${conn.username ?? ''}:${conn.password ?? ''}`).toString('base64')}`;
  }
  const tls = await resolveTlsOptions(spec.tlsConfig, ctx, {
    ca: conn.certificate,
    insecureSkipVerify: conn.insecureTLS,
  });
  let response: GuardedResponse;
  try {
    response = await guardedRequest({
      url: url.href,
      method: 'GET',
      headers,
      followRedirects: true,
      maxRedirects: HTTP_MAX_REDIRECTS,
      ...guardedTlsFields(tls),
      maxBodyBytes: HTTP_MAX_BODY_BYTES,
      signal: ctx.signal,
      guard: ctx.egress,
    });
  } catch (error) {
    if (error instanceof EgressRefusedError) throw new CheckFailure(error.message, error.message);
    if (ctx.signal.aborted) throw error;
    throw new CheckFailure(describeNetworkError(error, url.host), errorText(error));
  }
  let answer: PromAnswer;
  try {
    // The API's envelope; every field is read defensively below.
    answer = JSON.parse(response.body.toString('utf8')) as PromAnswer;
  } catch {
    throw new CheckFailure(`Prometheus answered HTTP ${response.status} without JSON`);
  }
  if (answer.status !== 'success') {
    const reason = answer.error ? `${answer.errorType ?? 'error'}: ${answer.error}` : `HTTP ${response.status}`;
    throw new CheckFailure(`query failed: ${reason}`, reason);
  }
  const results = samples(answer);
  const first = results[0] ?? {};
  const details = {
    value: typeof first.value === 'number' ? first.value : 0,
    firstResult: first,
    results,
    resultType: answer.data?.resultType ?? '',
    ...(answer.warnings?.length ? { warnings: answer.warnings } : {}),
  };
  return healthy(`query returned ${results.length} ${results.length === 1 ? 'sample' : 'samples'}`, details);
}

/** The prometheus check type. */
export const prometheusCheckType: CheckTypeDefinition<PrometheusCheckSpec> = {
  type: 'prometheus',
  schema: prometheusCheckSchema,
  run,
};
