/**
 * The browser's OpenTelemetry, loaded once the page is idle: the document load and every fetch
 * become spans, each fetch to our origin carries W3C traceparent (so the web server's and the
 * api's spans join its trace), and Web Vitals are recorded as metrics. Both go to the
 * same-origin collector path (spec §7), traces within 30 s, metrics every 5 minutes (§9).
 */
import { metrics } from '@opentelemetry/api';
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
import {
  BROWSER_COLLECTOR_PATH,
  METRICS_EXPORT_INTERVAL_MS,
  scrubText,
  TRACE_FLUSH_TIMEOUT_MS,
} from '@checkout/core';
import type { BrowserTelemetryConfig } from './browser-config';

/** Web Vitals the browser reports by itself, as histograms (milliseconds; CLS unitless). */
function observeWebVitals(meterProvider: MeterProvider): void {
  const meter = meterProvider.getMeter('checkout-browser');
  const lcp = meter.createHistogram('browser.web_vitals.lcp', { unit: 'ms' });
  const fcp = meter.createHistogram('browser.web_vitals.fcp', { unit: 'ms' });
  const cls = meter.createHistogram('browser.web_vitals.cls');
  const page = { 'url.path': location.pathname };
  const observe = (type: string, record: (entry: PerformanceEntry) => void) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(record)).observe({
        type,
        buffered: true,
      });
    } catch {
      // An entry type this browser does not know: that vital stays unreported.
    }
  };
  observe('largest-contentful-paint', (entry) => lcp.record(entry.startTime, page));
  observe('paint', (entry) => {
    if (entry.name === 'first-contentful-paint') fcp.record(entry.startTime, page);
  });
  let shift = 0;
  observe('layout-shift', (entry) => {
    const { value, hadRecentInput } = entry as PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
    };
    if (!hadRecentInput) shift += value;
  });
  addEventListener('pagehide', () => cls.record(shift, page), { once: true });
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
    'service.name': 'checkout-browser',
    'service.version': config.version,
    'deployment.environment.name': config.deployEnv,
  });
  const provider = new WebTracerProvider({
    resource,
    sampler: new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(config.sampleRate) }),
    spanProcessors: [
      scrubUrls,
      new BatchSpanProcessor(new OTLPTraceExporter({ url: `${BROWSER_COLLECTOR_PATH}/traces` }), {
        maxExportBatchSize: 100,
        exportTimeoutMillis: TRACE_FLUSH_TIMEOUT_MS,
      }),
    ],
  });
  provider.register();
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
  // A shopper who leaves (to a provider, or closes the tab) still sends what was recorded.
  addEventListener('pagehide', () => {
    void provider.forceFlush();
    void meterProvider.forceFlush();
  });
}
