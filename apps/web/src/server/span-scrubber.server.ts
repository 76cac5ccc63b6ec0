/**
 * The web server's spans lose e-mail addresses, tokens and card-like numbers before they are
 * exported, as log lines and error reports do (core's scrubText): Next's own spans carry each
 * request's full address (`http.target`) and each fetch's URL in its name, query strings with
 * e-mail addresses and trusted-pass, exchange and QA tokens included.
 */
import 'server-only';
import type { AttributeValue } from '@opentelemetry/api';
import type { Span, SpanProcessor } from '@opentelemetry/sdk-trace-node';
import { scrubText } from '@checkout/core';

function scrubbed(value: AttributeValue): AttributeValue {
  if (typeof value === 'string') return scrubText(value);
  if (Array.isArray(value) && value.some((item) => typeof item === 'string')) {
    return (value as (string | null | undefined)[]).map((item) =>
      typeof item === 'string' ? scrubText(item) : item,
    );
  }
  return value;
}

/** Runs before the exporting processor, while the span can still be changed. */
export const spanScrubber: SpanProcessor = {
  onStart: () => undefined,
  onEnding: (span: Span) => {
    span.updateName(scrubText(span.name));
    for (const [key, value] of Object.entries(span.attributes)) {
      if (value !== undefined) span.setAttribute(key, scrubbed(value));
    }
    for (const event of span.events) {
      for (const [key, value] of Object.entries(event.attributes ?? {})) {
        if (value !== undefined) event.attributes![key] = scrubbed(value);
      }
    }
    if (span.status.message) {
      span.setStatus({ ...span.status, message: scrubText(span.status.message) });
    }
  },
  onEnd: () => undefined,
  forceFlush: () => Promise.resolve(),
  shutdown: () => Promise.resolve(),
};
