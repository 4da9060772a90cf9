import { createRequire } from 'node:module';
import { DEFAULT_SERVICE_NAME, type TracingSettings, tracingSettings } from './tracing-settings.js';

/** Longest a graceful stop waits for the last spans to reach the collector (one that is down must not hold it). */
export const TRACING_FLUSH_MS = 2_000;

/** Running tracing: `shutdown` sends the spans still buffered (within {@link TRACING_FLUSH_MS}) and stops the exporter. */
export interface Tracing {
  shutdown(): Promise<void>;
}

/**
 * The pg modules whose prototypes the pg instrumentation wraps (`Client.prototype.query`,
 * `Pool.prototype.connect`). Wrapping the loaded module's prototypes covers every pool, including ones
 * opened before tracing started, in ES modules too, where a require hook would never see `pg` load.
 */
const PG_MODULES = new Set(['pg', 'pg-pool']);

/**
 * Starts OpenTelemetry tracing in this thread when the OTEL_* variables ask for it (tracing-settings.ts);
 * otherwise returns undefined having loaded nothing: the SDK, the exporter and the pg instrumentation
 * are imported here, on demand, so a server without an OTLP endpoint pays only for the API's no-op
 * tracer. Each thread that opens spans calls it (the HTTP thread and the job thread: a worker thread
 * has its own globals). Spans are batched (OTEL_BSP_*) and sent over OTLP/HTTP; database spans are the
 * pg instrumentation's, opened only inside another span (a request, a job, a check), so the job
 * runtime's polling adds no traces of its own.
 */
export async function startTracing(settings: TracingSettings = tracingSettings()): Promise<Tracing | undefined> {
  if (!settings.enabled) return undefined;
  const [{ NodeTracerProvider, BatchSpanProcessor }, resources, { PgInstrumentation }, exporter] = await Promise.all([
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/instrumentation-pg'),
    settings.protocol === 'http/json'
      ? import('@opentelemetry/exporter-trace-otlp-http')
      : import('@opentelemetry/exporter-trace-otlp-proto'),
  ]);
  // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES (the env detector) win over the default name.
  const detected = resources.detectResources({ detectors: [resources.envDetector] });
  const resource = resources
    .defaultResource()
    .merge(resources.resourceFromAttributes({ 'service.name': DEFAULT_SERVICE_NAME }))
    .merge(detected);
  const provider = new NodeTracerProvider({
    resource,
    spanProcessors: [new BatchSpanProcessor(new exporter.OTLPTraceExporter())],
  });
  provider.register();
  const pg = new PgInstrumentation({ enabled: false, requireParentSpan: true });
  pg.setTracerProvider(provider);
  const require = createRequire(import.meta.url);
  for (const definition of pg.getModuleDefinitions()) {
    if (PG_MODULES.has(definition.name)) definition.patch?.(require(definition.name));
  }
  return {
    shutdown: () =>
      Promise.race([
        // A collector that refuses the last batch loses it; the stop goes on.
        provider.shutdown().catch(() => {}),
        new Promise<void>((resolve) => setTimeout(resolve, TRACING_FLUSH_MS).unref()),
      ]),
  };
}
