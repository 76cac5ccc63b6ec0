/**
 * A browser's OTLP/JSON batch, checked to be the browser's own before the collector forwards it
 * (issue 29, finding 14): spans of the browser's instrumentation scopes and its Web Vitals, in
 * its service's name, no more spans than it ever batches. Anything else (spans in the api's
 * name, business metrics) would land in the operators' traces and dashboards as if measured.
 * Span names and string attributes are scrubbed of personal data as the server's spans are.
 */
import 'server-only';
import { AppError, ERROR_CODES } from '@checkout/core/contract';
import {
  BROWSER_METRICS,
  BROWSER_SERVICE,
  BROWSER_SPANS_PER_BATCH,
  BROWSER_TRACE_SCOPES,
  otlpMetricsSchema,
  otlpTracesSchema,
  type OtlpAttributes,
} from '../rules/browser-telemetry';
import { scrubText } from '@checkout/core';

export type BatchCheck =
  { ok: true; body: string } | { ok: false; refusal: 'invalid' | 'too_large'; error: AppError };

const invalid = (message: string): BatchCheck => ({
  ok: false,
  refusal: 'invalid',
  error: new AppError(ERROR_CODES.validation, message),
});
const NOT_OTLP = 'The batch is not OTLP/JSON.';

function serviceOf(resource: { attributes?: OtlpAttributes } | undefined): unknown {
  return resource?.attributes?.find((a) => a.key === 'service.name')?.value.stringValue;
}

function scrubAttributes(attributes: OtlpAttributes): void {
  for (const { value } of attributes ?? []) {
    if (typeof value.stringValue === 'string') value.stringValue = scrubText(value.stringValue);
  }
}

function checkTraces(json: unknown): BatchCheck {
  const parsed = otlpTracesSchema.safeParse(json);
  if (!parsed.success) return invalid(NOT_OTLP);
  let spans = 0;
  for (const { resource, scopeSpans } of parsed.data.resourceSpans) {
    if (serviceOf(resource) !== BROWSER_SERVICE) return invalid('Only browser spans are taken.');
    for (const { scope, spans: list } of scopeSpans) {
      if (!BROWSER_TRACE_SCOPES.includes(scope.name)) {
        return invalid("Only spans of the checkout's own instrumentation are taken.");
      }
      spans += list.length;
      for (const span of list) {
        span.name = scrubText(span.name);
        scrubAttributes(span.attributes);
        for (const event of span.events ?? []) scrubAttributes(event.attributes);
      }
    }
  }
  if (spans > BROWSER_SPANS_PER_BATCH) {
    return {
      ok: false,
      refusal: 'too_large',
      error: new AppError(ERROR_CODES.payloadTooLarge, 'The telemetry batch is too large.'),
    };
  }
  return { ok: true, body: JSON.stringify(parsed.data) };
}

function checkMetrics(json: unknown): BatchCheck {
  const parsed = otlpMetricsSchema.safeParse(json);
  if (!parsed.success) return invalid(NOT_OTLP);
  for (const { resource, scopeMetrics } of parsed.data.resourceMetrics) {
    if (serviceOf(resource) !== BROWSER_SERVICE) return invalid('Only browser metrics are taken.');
    for (const { metrics } of scopeMetrics) {
      if (metrics.some((metric) => !BROWSER_METRICS.includes(metric.name))) {
        return invalid("Only the browser's Web Vitals are taken.");
      }
    }
  }
  return { ok: true, body: JSON.stringify(parsed.data) };
}

/** The batch to forward, re-serialized from what was checked, or why it is refused. */
export function browserBatch(signal: 'traces' | 'metrics', body: Uint8Array): BatchCheck {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(body));
  } catch {
    return invalid(NOT_OTLP);
  }
  return signal === 'traces' ? checkTraces(json) : checkMetrics(json);
}
