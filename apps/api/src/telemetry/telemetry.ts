/**
 * The api's OpenTelemetry: one tracer provider and one meter provider for the process, exporting
 * over OTLP/HTTP to OTEL_EXPORTER_OTLP_ENDPOINT. Without an endpoint nothing is registered, so
 * every span and instrument stays the API's no-op and costs next to nothing.
 */
import { metrics, trace } from '@opentelemetry/api';
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-http';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { MeterProvider, PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import {
  BatchSpanProcessor,
  NodeTracerProvider,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
} from '@opentelemetry/sdk-trace-node';
import { METRICS_EXPORT_INTERVAL_MS, TRACE_FLUSH_TIMEOUT_MS } from '@checkout/core';
import packageJson from '../../package.json' with { type: 'json' };

export interface TelemetryOptions {
  OTEL_EXPORTER_OTLP_ENDPOINT?: string | undefined;
  TRACING_SAMPLE_RATE: number;
  DEPLOY_ENV: string;
  /** Tests: a shorter metrics interval than spec §9's five minutes, to see one export. */
  metricsIntervalMs?: number;
}

export interface Telemetry {
  /** Sends what is buffered now (tests, shutdown). */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

export const SERVICE_NAME = 'checkout-api';

/** Who is reporting: every span, metric and error report carries these. */
export function resourceAttributes(deployEnv: string) {
  return {
    'service.name': SERVICE_NAME,
    'service.version': packageJson.version,
    'deployment.environment.name': deployEnv,
  };
}

/** Starts tracing and metrics for this process, or nothing without an endpoint. */
export function startTelemetry(options: TelemetryOptions): Telemetry | undefined {
  const endpoint = options.OTEL_EXPORTER_OTLP_ENDPOINT?.replace(/\/+$/, '');
  if (!endpoint) return undefined;
  const resource = resourceFromAttributes(resourceAttributes(options.DEPLOY_ENV));
  const tracerProvider = new NodeTracerProvider({
    resource,
    // A trace the browser or the web app kept stays whole: the parent's decision wins.
    sampler: new ParentBasedSampler({
      root: new TraceIdRatioBasedSampler(options.TRACING_SAMPLE_RATE),
    }),
    spanProcessors: [
      new BatchSpanProcessor(new OTLPTraceExporter({ url: `${endpoint}/v1/traces` }), {
        // Spec §9: a batch leaves within the flush time-out, however quiet the api is.
        scheduledDelayMillis: 5_000,
        exportTimeoutMillis: TRACE_FLUSH_TIMEOUT_MS,
      }),
    ],
  });
  tracerProvider.register();
  const meterProvider = new MeterProvider({
    resource,
    readers: [
      new PeriodicExportingMetricReader({
        exporter: new OTLPMetricExporter({ url: `${endpoint}/v1/metrics` }),
        exportIntervalMillis: options.metricsIntervalMs ?? METRICS_EXPORT_INTERVAL_MS,
        exportTimeoutMillis: TRACE_FLUSH_TIMEOUT_MS,
      }),
    ],
  });
  metrics.setGlobalMeterProvider(meterProvider);
  return {
    flush: async () => {
      await Promise.all([tracerProvider.forceFlush(), meterProvider.forceFlush()]);
    },
    shutdown: async () => {
      await Promise.all([tracerProvider.shutdown(), meterProvider.shutdown()]);
      trace.disable();
      metrics.disable();
    },
  };
}
