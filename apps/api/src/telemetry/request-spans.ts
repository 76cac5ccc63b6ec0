/**
 * A span per api request, child of the caller's `traceparent` (the web app, the browser), with
 * a span per hook and handler beneath it: Fastify's own OpenTelemetry plugin. The span is named
 * by method and route, and its path never keeps the query string (tokens, e-mail addresses).
 */
import FastifyOtelInstrumentation from '@fastify/otel';
import type { FastifyRequest } from 'fastify';

export function requestSpans(): ReturnType<FastifyOtelInstrumentation['plugin']> {
  const instrumentation = new FastifyOtelInstrumentation({
    // Hook and handler spans (rate limit, CSRF, cookies…, named after the function's source)
    // would multiply the spans of every request for little insight: the request, its
    // statements and its provider calls are what a trace needs.
    instrumentHooks: false,
    instrumentHandler: false,
    requestHook: (span, request: FastifyRequest) => {
      span.updateName(`${request.method} ${request.routeOptions.url ?? 'unknown route'}`);
      span.setAttribute('url.path', request.url.split('?')[0] ?? '/');
    },
  });
  return instrumentation.plugin();
}
