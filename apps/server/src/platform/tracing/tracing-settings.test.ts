import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config.js';
import { tracingSettings } from './tracing-settings.js';

describe('tracing settings from the OTEL_* variables', () => {
  it('is off unless an OTLP endpoint is set, and when the SDK or the exporter is switched off', () => {
    expect(tracingSettings({})).toEqual({ enabled: false });
    expect(tracingSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: ' ' })).toEqual({ enabled: false });
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' };
    expect(tracingSettings({ ...endpoint, OTEL_SDK_DISABLED: 'true' })).toEqual({ enabled: false });
    expect(tracingSettings({ ...endpoint, OTEL_TRACES_EXPORTER: 'none' })).toEqual({ enabled: false });
  });

  it('sends protobuf by default, JSON when asked; the traces-only variables win', () => {
    expect(tracingSettings({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://c:4318/v1/traces' })).toEqual({
      enabled: true,
      protocol: 'http/protobuf',
    });
    const env = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' };
    expect(tracingSettings({ ...env, OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/json' })).toEqual({
      enabled: true,
      protocol: 'http/json',
    });
  });

  it('refuses what it cannot honour, naming the variable', () => {
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4317' };
    expect(() => tracingSettings({ ...endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toThrow(
      new ConfigError(
        'Invalid configuration:\n  OTEL_EXPORTER_OTLP_PROTOCOL="grpc": use http/protobuf or http/json (gRPC is not supported)',
      ),
    );
    expect(() => tracingSettings({ ...endpoint, OTEL_TRACES_EXPORTER: 'zipkin' })).toThrow(
      /OTEL_TRACES_EXPORTER="zipkin"/,
    );
  });
});
