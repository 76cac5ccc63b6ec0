/**
 * Work the api does for its own test tools rather than for a shopper or a real provider (the
 * sandbox gateway delivering its notifications in-process): no spans, whatever the caller's
 * trace, so a traced payment costs what it would with a real provider's notifications arriving
 * over HTTP on their own.
 */
import { context, ROOT_CONTEXT } from '@opentelemetry/api';
import { suppressTracing } from '@opentelemetry/core';

export function untraced<T>(work: () => T): T {
  return context.with(suppressTracing(ROOT_CONTEXT), work);
}
