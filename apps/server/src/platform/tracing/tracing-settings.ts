import { ConfigError } from '../config.js';

/** The service name traces carry unless OTEL_SERVICE_NAME (or `service.name` in OTEL_RESOURCE_ATTRIBUTES) says otherwise. */
export const DEFAULT_SERVICE_NAME = 'mission-control';

/** How spans are sent: OTLP over HTTP, as protobuf (the OpenTelemetry default) or JSON. */
export type TraceProtocol = 'http/protobuf' | 'http/json';

/** What the standard OTEL_* variables ask of tracing: off, or on with a protocol. */
export type TracingSettings = { enabled: false } | { enabled: true; protocol: TraceProtocol };

type Env = Record<string, string | undefined>;

const filled = (value: string | undefined): string | undefined => (value?.trim() ? value.trim() : undefined);

/**
 * Reads the OpenTelemetry variables that decide whether tracing runs: on only when an OTLP endpoint is
 * set (OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT), unless OTEL_SDK_DISABLED=true
 * or OTEL_TRACES_EXPORTER=none. A value this server cannot honour (the gRPC protocol, an exporter other
 * than otlp) is refused with a {@link ConfigError} naming the variable, never silently ignored. The other
 * OTEL_* variables (headers, timeout, compression, sampler, batch sizes, resource attributes) are read
 * by the SDK itself.
 */
export function tracingSettings(env: Env = process.env): TracingSettings {
  const endpoint = filled(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) ?? filled(env.OTEL_EXPORTER_OTLP_ENDPOINT);
  if (!endpoint || filled(env.OTEL_SDK_DISABLED)?.toLowerCase() === 'true') return { enabled: false };
  const exporters = (filled(env.OTEL_TRACES_EXPORTER) ?? 'otlp').split(',').map((name) => name.trim());
  if (exporters.includes('none')) return { enabled: false };
  const unknown = exporters.filter((name) => name !== 'otlp');
  if (unknown.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n  OTEL_TRACES_EXPORTER="${unknown.join(',')}": only otlp (or none) is supported`,
    );
  }
  const variable = filled(env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL)
    ? 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL'
    : 'OTEL_EXPORTER_OTLP_PROTOCOL';
  const protocol = filled(env[variable]) ?? 'http/protobuf';
  if (protocol !== 'http/protobuf' && protocol !== 'http/json') {
    throw new ConfigError(
      `Invalid configuration:\n  ${variable}="${protocol}": use http/protobuf or http/json (gRPC is not supported)`,
    );
  }
  return { enabled: true, protocol };
}
