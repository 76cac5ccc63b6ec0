/**
 * What the browser's telemetry sends the same-origin collector (spec §7), and so all the
 * collector forwards: spans of the browser's own instrumentation and its Web Vitals, as OTLP/JSON.
 * The collector path is open to anyone; spans in another service's name, other scopes and
 * metrics of other names (the api's business metrics among them) are not the browser's.
 */
import { z } from 'zod';

/** The browser's service name, tracer and meter. */
export const BROWSER_SERVICE = 'checkout-browser';

/** Instrumentation scopes of the browser's spans: user actions, the document load, fetches. */
export const BROWSER_TRACE_SCOPES: readonly string[] = [
  BROWSER_SERVICE,
  '@opentelemetry/instrumentation-document-load',
  '@opentelemetry/instrumentation-fetch',
];

/** The browser's metrics: the Web Vitals it measures, nothing else. */
export const BROWSER_METRICS: readonly string[] = ['lcp', 'fcp', 'cls', 'inp'].map(
  (vital) => `browser.web_vitals.${vital}`,
);

/** The browser exports at most 100 spans a batch (its BatchSpanProcessor's setting). */
export const BROWSER_SPANS_PER_BATCH = 100;

const attributes = z.array(z.looseObject({ key: z.string(), value: z.looseObject({}) })).optional();
export type OtlpAttributes = z.infer<typeof attributes>;
const resource = z.looseObject({ attributes }).optional();
const scope = z.looseObject({ name: z.string() });

/** An OTLP/JSON trace export as the browser's exporter posts it; unknown fields are kept. */
export const otlpTracesSchema = z.looseObject({
  resourceSpans: z.array(
    z.looseObject({
      resource,
      scopeSpans: z.array(
        z.looseObject({
          scope,
          spans: z.array(
            z.looseObject({
              traceId: z.string(),
              spanId: z.string(),
              name: z.string(),
              attributes,
              events: z.array(z.looseObject({ name: z.string(), attributes })).optional(),
            }),
          ),
        }),
      ),
    }),
  ),
});

/** An OTLP/JSON metrics export as the browser's exporter posts it; unknown fields are kept. */
export const otlpMetricsSchema = z.looseObject({
  resourceMetrics: z.array(
    z.looseObject({
      resource,
      scopeMetrics: z.array(
        z.looseObject({ scope, metrics: z.array(z.looseObject({ name: z.string() })) }),
      ),
    }),
  ),
});
