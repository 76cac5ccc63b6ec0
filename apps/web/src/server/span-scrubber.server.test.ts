/** What the web server's spans keep of a request's address (issue 29, finding 8). */
import { SpanStatusCode } from '@opentelemetry/api';
import {
  InMemorySpanExporter,
  NodeTracerProvider,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-node';
import { describe, expect, it, vi } from 'vitest';
import { spanScrubber } from './span-scrubber.server';

vi.mock('server-only', () => ({}));

describe('the web server spans', () => {
  it('lose e-mail addresses and tokens from names, attributes, events and status', async () => {
    const exporter = new InMemorySpanExporter();
    const provider = new NodeTracerProvider({
      spanProcessors: [spanScrubber, new SimpleSpanProcessor(exporter)],
    });
    const tracer = provider.getTracer('next.js');
    // As Next.js records a page request and a fetch of its render.
    const span = tracer.startSpan(
      'fetch GET http://127.0.0.1:4000/api/users/?email=ann%40gmail.com',
      {
        attributes: {
          'http.target': '/login/?trusted_pass_token=tp-6c1f&exchange_token=ex-0b7d&owner_id=1',
          'http.method': 'GET',
          'http.status_code': 200,
          'next.route': '/[locale]/login',
        },
      },
    );
    span.addEvent('exception', { 'exception.message': 'no account for ann@gmail.com' });
    span.setStatus({
      code: SpanStatusCode.ERROR,
      message: 'GET /?qa=tester.1795738568.sig failed',
    });
    span.end();
    await provider.forceFlush();

    const [exported] = exporter.getFinishedSpans();
    expect(exported?.name).toBe('fetch GET http://127.0.0.1:4000/api/users/?email=[redacted]');
    expect(exported?.attributes).toEqual({
      'http.target': '/login/?trusted_pass_token=[redacted]&exchange_token=[redacted]&owner_id=1',
      'http.method': 'GET',
      'http.status_code': 200,
      'next.route': '/[locale]/login',
    });
    expect(exported?.events[0]?.attributes).toEqual({
      'exception.message': 'no account for [email]',
    });
    expect(exported?.status.message).toBe('GET /?qa=[redacted] failed');
  });
});
