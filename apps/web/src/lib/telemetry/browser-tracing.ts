/**
 * The browser's OpenTelemetry, loaded once the page is idle: the document load (a child of the
 * server's render, whose traceparent the page's <meta> carries) and every fetch become spans,
 * the fetches a click starts children of its user action (user-actions.ts); each fetch to our
 * origin carries W3C traceparent (so the web server's and the api's spans join its trace), and
 * Web Vitals (INP among them) are recorded as metrics. Both go to the
 * same-origin collector path (spec §7), traces within 30 s, metrics every 5 minutes (§9).
 */
import { metrics, type Tracer } from '@opentelemetry/api';
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-http';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { DocumentLoadInstrumentation } from '@opentelemetry/instrumentation-document-load';
import { FetchInstrumentation } from '@opentelemetry/instrumentation-fetch';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { MeterProvider, PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import {
  BatchSpanProcessor,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  WebTracerProvider,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-web';
import { onCLS, onFCP, onINP, onLCP, type Metric } from 'web-vitals';
import {
  BROWSER_COLLECTOR_PATH,
  METRICS_EXPORT_INTERVAL_MS,
  scrubText,
  TRACE_FLUSH_TIMEOUT_MS,
} from '@checkout/core';
import { BROWSER_SERVICE } from '../../rules/browser-telemetry';
import type { BrowserTelemetryConfig } from './browser-config';
import { listenForUserActions, UserActions } from './user-actions';

/**
 * Web Vitals as histograms (milliseconds; CLS unitless), measured by Google's `web-vitals`
 * library: LCP, FCP, CLS and INP (Interaction to Next Paint, reported when the page is hidden,
 * after the shopper's interactions). Each is recorded once per page, as web-vitals reports it.
 */
function observeWebVitals(meterProvider: MeterProvider): void {
  const meter = meterProvider.getMeter(BROWSER_SERVICE);
  const page = { 'url.path': location.pathname };
  const record = (name: string, unit?: string) => {
    const histogram = meter.createHistogram(`browser.web_vitals.${name}`, unit ? { unit } : {});
    return (metric: Metric) => histogram.record(metric.value, page);
  };
  onLCP(record('lcp', 'ms'));
  onFCP(record('fcp', 'ms'));
  onCLS(record('cls'));
  onINP(record('inp', 'ms'));
}

/** URL attributes lose tokens, e-mail addresses and card-like numbers before a span ends. */
const URL_ATTRIBUTES = ['http.url', 'url.full', 'location', 'http.target'];
const scrubUrls: SpanProcessor = {
  onStart: () => undefined,
  onEnding: (span) => {
    for (const key of URL_ATTRIBUTES) {
      const value = span.attributes[key];
      if (typeof value === 'string') span.setAttribute(key, scrubText(value));
    }
  },
  onEnd: () => undefined,
  forceFlush: () => Promise.resolve(),
  shutdown: () => Promise.resolve(),
};

export function startBrowserTracing(config: BrowserTelemetryConfig): void {
  const resource = resourceFromAttributes({
    // The collector forwards this service's spans and metrics only (core's browser-telemetry).
    'service.name': BROWSER_SERVICE,
    'service.version': config.version,
    'deployment.environment.name': config.deployEnv,
  });
  const exporting = new BatchSpanProcessor(
    new OTLPTraceExporter({ url: `${BROWSER_COLLECTOR_PATH}/traces` }),
    { maxExportBatchSize: 100, exportTimeoutMillis: TRACE_FLUSH_TIMEOUT_MS },
  );
  const actions = new UserActions((): Tracer => provider.getTracer(BROWSER_SERVICE), exporting);
  const provider = new WebTracerProvider({
    resource,
    sampler: new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(config.sampleRate) }),
    spanProcessors: [scrubUrls, actions],
  });
  // The open user action is the context the page's fetches start their spans in.
  provider.register({ contextManager: actions });
  listenForUserActions(actions);
  const meterProvider = new MeterProvider({
    resource,
    readers: [
      new PeriodicExportingMetricReader({
        exporter: new OTLPMetricExporter({ url: `${BROWSER_COLLECTOR_PATH}/metrics` }),
        exportIntervalMillis: METRICS_EXPORT_INTERVAL_MS,
        exportTimeoutMillis: TRACE_FLUSH_TIMEOUT_MS,
      }),
    ],
  });
  metrics.setGlobalMeterProvider(meterProvider);
  registerInstrumentations({
    instrumentations: [
      new DocumentLoadInstrumentation(),
      // Same-origin fetches carry traceparent; telemetry's own posts are not traced.
      new FetchInstrumentation({ ignoreUrls: [new RegExp(`${BROWSER_COLLECTOR_PATH}/`)] }),
    ],
  });
  observeWebVitals(meterProvider);
  // A shopper who leaves (to a provider, or closes the tab) still sends what was recorded. The
  // page hides after its pagehide (also when it unloads), and web-vitals reports CLS and INP
  // then: one flush at that moment, registered after web-vitals' listeners, carries them all.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'hidden') return;
    void provider.forceFlush();
    void meterProvider.forceFlush();
  });
}
