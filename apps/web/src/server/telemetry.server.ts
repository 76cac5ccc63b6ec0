/**
 * The web server's telemetry: Next.js's own spans (request, render, fetch) and ours, scrubbed of
 * personal data and exported over OTLP/HTTP to OTEL_EXPORTER_OTLP_ENDPOINT, and server errors
 * reported through Sentry's SDK to SENTRY_DSN (else a structured log line). Started once by
 * instrumentation-node.ts; without an endpoint or a DSN nothing is registered.
 */
import 'server-only';
import { context, metrics, propagation, trace } from '@opentelemetry/api';
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-http';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { MeterProvider, PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import {
  BatchSpanProcessor,
  NodeTracerProvider,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
} from '@opentelemetry/sdk-trace-node';
import * as Sentry from '@sentry/node';
import {
  beforeSendRules,
  errorLogLine,
  METRICS_EXPORT_INTERVAL_MS,
  TRACE_FLUSH_TIMEOUT_MS,
} from '@checkout/core';
import packageJson from '../../package.json' with { type: 'json' };
import { env, type WebEnv } from '../env.server';
import { spanScrubber } from './span-scrubber.server';
import type { BrowserTelemetryConfig } from '../lib/telemetry/browser-config';

export const WEB_SERVICE = 'checkout-web';

type TelemetryEnv = Pick<
  WebEnv,
  'OTEL_EXPORTER_OTLP_ENDPOINT' | 'TRACING_SAMPLE_RATE' | 'DEPLOY_ENV' | 'SENTRY_DSN'
>;

export function startWebTelemetry(env: TelemetryEnv): void {
  const endpoint = env.OTEL_EXPORTER_OTLP_ENDPOINT?.replace(/\/+$/, '');
  if (endpoint) {
    const resource = resourceFromAttributes({
      'service.name': WEB_SERVICE,
      'service.version': packageJson.version,
      'deployment.environment.name': env.DEPLOY_ENV,
    });
    new NodeTracerProvider({
      resource,
      sampler: new ParentBasedSampler({
        root: new TraceIdRatioBasedSampler(env.TRACING_SAMPLE_RATE),
      }),
      spanProcessors: [
        // Query strings carry e-mail addresses and tokens: blanked before the span leaves.
        spanScrubber,
        new BatchSpanProcessor(new OTLPTraceExporter({ url: `${endpoint}/v1/traces` }), {
          exportTimeoutMillis: TRACE_FLUSH_TIMEOUT_MS,
        }),
      ],
    }).register();
    metrics.setGlobalMeterProvider(
      new MeterProvider({
        resource,
        readers: [
          new PeriodicExportingMetricReader({
            exporter: new OTLPMetricExporter({ url: `${endpoint}/v1/metrics` }),
            exportIntervalMillis: METRICS_EXPORT_INTERVAL_MS,
            exportTimeoutMillis: TRACE_FLUSH_TIMEOUT_MS,
          }),
        ],
      }),
    );
  }
  if (env.SENTRY_DSN) {
    Sentry.init({
      dsn: env.SENTRY_DSN,
      environment: env.DEPLOY_ENV,
      release: `${WEB_SERVICE}@${packageJson.version}`,
      enableOpenTelemetrySetup: false,
      enableRuntimeChannelInjection: false,
      defaultIntegrations: false,
      beforeSend: (event, hint) => beforeSendRules(event, hint),
    });
  }
}

/** What the browser's telemetry is told (nothing secret: a DSN's key is public by design). */
export function browserTelemetryConfig(): BrowserTelemetryConfig {
  return {
    tracing: Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT),
    sampleRate: env.TRACING_SAMPLE_RATE,
    deployEnv: env.DEPLOY_ENV,
    version: packageJson.version,
    sentryDsn: env.SENTRY_DSN,
  };
}

/** W3C trace headers of the work in hand, for the calls the web server makes to the api. */
export function traceHeaders(): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier;
}

/** A warning with a fingerprint (spec §8: the runtime dev-settings cookie), logged and reported. */
export function reportServerWarning(message: string, fingerprint: string): void {
  console.warn(JSON.stringify({ msg: 'warning report', message, fingerprint }));
  if (!Sentry.isInitialized()) return;
  Sentry.withScope((scope) => {
    scope.setFingerprint([fingerprint]);
    Sentry.captureMessage(message, 'warning');
  });
}

/** A server error of a page or route (Next's onRequestError), with the trace it broke. */
export function reportServerError(error: unknown, path: string): void {
  const span = trace.getActiveSpan()?.spanContext();
  if (!Sentry.isInitialized()) {
    const line = errorLogLine(error, { traceId: span?.traceId });
    const digest = (error as { digest?: unknown }).digest;
    if (line) console.error(JSON.stringify({ msg: 'error report', ...line, path, digest }));
    return;
  }
  Sentry.withScope((scope) => {
    scope.setTag('path', path);
    if (span) scope.setContext('trace', { trace_id: span.traceId, span_id: span.spanId });
    Sentry.captureException(error);
  });
}
