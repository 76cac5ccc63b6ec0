/**
 * The browser's same-origin telemetry path (spec §7): OTLP traces and metrics, and Sentry
 * envelopes of browser error reports, forwarded to OTEL_EXPORTER_OTLP_ENDPOINT and SENTRY_DSN.
 * Anyone can post here, so it refuses big bodies, foreign content types, bursts from one browser
 * and anything but the browser's own spans and Web Vitals (browser-batch.server.ts): 4xx with a
 * code, counted, nothing forwarded. With nowhere to send, it answers 204.
 */
import 'server-only';
import { metrics } from '@opentelemetry/api';
import { AppError, ERROR_CODES } from '@checkout/core/contract';
import { browserBatch } from './browser-batch.server';

/** A browser's batch is a few dozen spans: far below this. */
export const MAX_BODY_BYTES = 512 * 1024;
/** Posts per browser per minute: a batch every 5 s, metrics and the odd error report fit. */
export const POSTS_PER_MINUTE = 60;

const CONTENT_TYPES: Record<string, readonly string[]> = {
  // OTLP/JSON, as the browser's exporters post it: the collector reads what it forwards.
  traces: ['application/json'],
  metrics: ['application/json'],
  // Sentry's browser transport posts envelopes as text/plain (no CORS preflight).
  errors: ['text/plain', 'application/x-sentry-envelope'],
};

export type Refusal = 'not_found' | 'content_type' | 'too_large' | 'rate_limited' | 'invalid';

export interface CollectorOptions {
  otlpEndpoint?: string | undefined;
  sentryDsn?: string | undefined;
  /** Tests: the clock of the rate window. */
  now?: () => number;
}

/** Where a Sentry DSN takes envelopes: https://host/api/<project>/envelope/. */
function envelopeUrl(dsn: string): string {
  const url = new URL(dsn);
  const project = url.pathname.replace(/^\/+|\/+$/g, '');
  return `${url.protocol}//${url.host}/api/${project}/envelope/?sentry_key=${url.username}`;
}

/** The first line of an envelope names the DSN it is for; only ours is forwarded. */
function envelopeIsOurs(body: Uint8Array, dsn: string): boolean {
  const text = new TextDecoder().decode(body.subarray(0, 2048));
  try {
    const header = JSON.parse(text.slice(0, text.indexOf('\n'))) as { dsn?: unknown };
    return header.dsn === undefined || header.dsn === dsn;
  } catch {
    return false;
  }
}

async function readCapped(request: Request): Promise<Uint8Array | undefined> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > MAX_BODY_BYTES) return undefined;
  const reader = request.body?.getReader();
  if (!reader) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    // A body without (or lying about) its length is cut off at the cap, never buffered whole.
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** The visitor's address as server.mjs wrote it: the first of X-Forwarded-For. */
function browserOf(request: Request): string {
  return request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() || 'unknown';
}

export function createCollector(options: CollectorOptions) {
  const now = options.now ?? Date.now;
  const refusals = new Map<Refusal, number>();
  let window = { start: now(), posts: new Map<string, number>() };
  const refused = () =>
    metrics.getMeter('checkout-web').createCounter('checkout.collector.refused', {
      description: 'Browser telemetry posts refused at the same-origin collector path',
    });

  const refuse = (reason: Refusal, error: AppError): Response => {
    refusals.set(reason, (refusals.get(reason) ?? 0) + 1);
    refused().add(1, { reason });
    return Response.json(error.toJSON(), { status: error.status });
  };

  /** A fixed one-minute window per browser; the map starts afresh each minute. */
  const overLimit = (browser: string): boolean => {
    if (now() - window.start >= 60_000) window = { start: now(), posts: new Map() };
    const posts = (window.posts.get(browser) ?? 0) + 1;
    window.posts.set(browser, posts);
    return posts > POSTS_PER_MINUTE;
  };

  async function forward(signal: string, body: Uint8Array | string, type: string): Promise<void> {
    const target =
      signal === 'errors'
        ? options.sentryDsn && envelopeUrl(options.sentryDsn)
        : options.otlpEndpoint && `${options.otlpEndpoint.replace(/\/+$/, '')}/v1/${signal}`;
    if (!target) return;
    // Telemetry is best effort: a receiver that is down or slow costs the shopper nothing.
    await fetch(target, {
      method: 'POST',
      body: body as BodyInit,
      headers: { 'content-type': type },
      signal: AbortSignal.timeout(10_000),
    }).catch(() => undefined);
  }

  return {
    refusals,
    async handle(request: Request, signal: string): Promise<Response> {
      const allowed = CONTENT_TYPES[signal];
      if (!allowed) {
        return refuse('not_found', new AppError(ERROR_CODES.notFound, 'No such telemetry signal.'));
      }
      const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      if (!allowed.includes(type)) {
        return refuse(
          'content_type',
          new AppError(
            ERROR_CODES.unsupportedMediaType,
            `Telemetry ${signal} are taken as ${allowed.join(' or ')}.`,
          ),
        );
      }
      if (overLimit(browserOf(request))) {
        return refuse(
          'rate_limited',
          new AppError(ERROR_CODES.rateLimited, 'Too many telemetry posts.'),
        );
      }
      const body = await readCapped(request);
      if (!body) {
        return refuse(
          'too_large',
          new AppError(ERROR_CODES.payloadTooLarge, 'The telemetry batch is too large.'),
        );
      }
      if (signal === 'errors') {
        if (options.sentryDsn && !envelopeIsOurs(body, options.sentryDsn)) {
          return refuse(
            'invalid',
            new AppError(ERROR_CODES.validation, 'The report is not for this checkout.'),
          );
        }
        await forward(signal, body, request.headers.get('content-type') ?? type);
        return new Response(null, { status: 204 });
      }
      const batch = browserBatch(signal === 'traces' ? 'traces' : 'metrics', body);
      if (!batch.ok) return refuse(batch.refusal, batch.error);
      await forward(signal, batch.body, type);
      return new Response(null, { status: 204 });
    },
  };
}
