import { type Attributes, context, propagation, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';

/**
 * The spans the product opens itself (an HTTP request, a job run, a check run), through the
 * OpenTelemetry API only. Until start-tracing.ts registers a provider (OTEL_EXPORTER_OTLP_ENDPOINT set),
 * the API's global tracer is its no-op one: a span is a shared non-recording object, nothing is
 * exported, and the SDK is never loaded.
 */
const tracer = trace.getTracer('mission-control');

export { SpanKind };

/**
 * Runs `work` inside a new active span named `name` (database spans and log lines inside it take it
 * as their parent); the span ends when `work` settles, marked as an error when it throws.
 */
export async function withSpan<T>(
  name: string,
  options: { kind?: SpanKind; attributes?: Attributes },
  work: (span: Span) => Promise<T>,
): Promise<T> {
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
