import {
  type Attributes,
  context,
  INVALID_SPAN_CONTEXT,
  ProxyTracerProvider,
  propagation,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';

/**
 * The spans the product opens itself (an HTTP request, a job run, a check run), through the
 * OpenTelemetry API only. Until start-tracing.ts registers a provider (OTEL_EXPORTER_OTLP_ENDPOINT set),
 * the API's global tracer is its no-op one: a span is a shared non-recording object, nothing is
 * exported, and the SDK is never loaded.
 */
const tracer = trace.getTracer('mission-control');

export { SpanKind };

/** The API's no-op provider: what the global provider delegates to until start-tracing.ts registers one. */
const NOOP_PROVIDER = new ProxyTracerProvider().getDelegate();

/** The span `work` gets while tracing is off: the API's own non-recording span, shared. */
const NOOP_SPAN = trace.wrapSpanContext(INVALID_SPAN_CONTEXT);

/**
 * Whether a tracer provider is registered (start-tracing.ts). While none is, a span records nothing and
 * no context manager carries one, so callers on a hot path (a check run) may skip making one.
 */
export function tracingOn(): boolean {
  const provider = trace.getTracerProvider();
  return !(provider instanceof ProxyTracerProvider) || provider.getDelegate() !== NOOP_PROVIDER;
}

/**
 * Runs `work` inside a new active span named `name` (database spans and log lines inside it take it
 * as their parent); the span ends when `work` settles, marked as an error when it throws. While tracing
 * is off, `work` runs at once with a shared non-recording span: the no-op tracer's span, context and
 * wrapper promises were a few µs of every check run (issue 32 item 2) for nothing recorded.
 */
export async function withSpan<T>(
  name: string,
  options: { kind?: SpanKind; attributes?: Attributes },
  work: (span: Span) => Promise<T>,
): Promise<T> {
  if (!tracingOn()) return work(NOOP_SPAN);
  return tracer.startActiveSpan(name, options, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** Marks `span` as failed with `message` (a request answered 5xx, a job that failed). */
export function markSpanFailed(span: Span, message: string): void {
  span.setStatus({ code: SpanStatusCode.ERROR, message });
}

/**
 * Adds the active span's W3C `traceparent` (and `tracestate`) to outgoing `headers`, so the service an
 * HTTP check calls joins the check's trace; a header the caller set is kept. Adds nothing while tracing
 * is off.
 */
export function injectTraceHeaders(headers: Record<string, string>): void {
  if (!tracingOn()) return;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  const present = new Set(Object.keys(headers).map((name) => name.toLowerCase()));
  for (const [name, value] of Object.entries(carrier)) if (!present.has(name)) headers[name] = value;
}

/**
 * Runs `work` with the trace context an incoming request carries (`traceparent`), so its server span
 * continues the caller's trace.
 */
export function withIncomingContext<T>(getHeader: (name: string) => string | undefined, work: () => T): T {
  const parent = propagation.extract(context.active(), undefined, {
    keys: () => ['traceparent', 'tracestate'],
    get: (_carrier, key) => getHeader(key),
  });
  return context.with(parent, work);
}

/** The ids of the active span, for a log line; undefined outside a span and while tracing is off. */
export function activeTraceIds(): { traceId: string; spanId: string } | undefined {
  const spanContext = trace.getActiveSpan()?.spanContext();
  // The no-op tracer's spans carry all-zero ids, which name no trace.
  if (!spanContext || !trace.isSpanContextValid(spanContext)) return undefined;
  return { traceId: spanContext.traceId, spanId: spanContext.spanId };
}
