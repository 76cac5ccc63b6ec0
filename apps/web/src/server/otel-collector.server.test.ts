/** The same-origin collector path: forwards what browsers send, refuses what they must not. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  startOtlpReceiver,
  startSentryReceiver,
} from '../../../api/src/test-support/telemetry-receivers';
import { createCollector, MAX_BODY_BYTES, POSTS_PER_MINUTE } from './otel-collector.server';

vi.mock('server-only', () => ({}));

const service = (name: string) => ({
  attributes: [{ key: 'service.name', value: { stringValue: name } }],
});

/** A trace export as the browser's exporter posts it: one span per scope given. */
const traces = (
  spans: { scope?: string; name: string; url?: string }[],
  serviceName = 'checkout-browser',
) => ({
  resourceSpans: [
    {
      resource: service(serviceName),
      scopeSpans: spans.map(
        ({ scope = '@opentelemetry/instrumentation-document-load', name, url }) => ({
          scope: { name: scope, version: '0.68.0' },
          spans: [
            {
              traceId: 'a'.repeat(32),
              spanId: 'b'.repeat(16),
              name,
              attributes: url ? [{ key: 'url.full', value: { stringValue: url } }] : [],
            },
          ],
        }),
      ),
    },
  ],
});

/** A metrics export with one sum per name given. */
const metrics = (names: string[], serviceName = 'checkout-browser') => ({
  resourceMetrics: [
    {
      resource: service(serviceName),
      scopeMetrics: [
        {
          scope: { name: 'checkout-browser' },
          metrics: names.map((name) => ({
            name,
            sum: { dataPoints: [{ asInt: '1', attributes: [] }] },
          })),
        },
      ],
    },
  ],
});

const batch = traces([{ name: 'documentLoad' }]);

const post = (
  signal: string,
  body: string,
  { type = 'application/json', from = '203.0.113.7' } = {},
) =>
  new Request(`http://localhost:3000/otel-collector/v1/${signal}`, {
    method: 'POST',
    body,
    headers: { 'content-type': type, 'x-forwarded-for': from },
  });

describe('the browser collector path', () => {
  let otlp: Awaited<ReturnType<typeof startOtlpReceiver>>;
  let sentry: Awaited<ReturnType<typeof startSentryReceiver>>;
  beforeAll(async () => {
    otlp = await startOtlpReceiver();
    sentry = await startSentryReceiver();
  });
  afterAll(async () => {
    await otlp.close();
    await sentry.close();
  });

  it('forwards an OTLP batch to OTEL_EXPORTER_OTLP_ENDPOINT and answers 204', async () => {
    const collector = createCollector({ otlpEndpoint: otlp.url });
    const answer = await collector.handle(post('traces', JSON.stringify(batch)), 'traces');
    expect(answer.status).toBe(204);
    expect(otlp.spans).toContainEqual(
      expect.objectContaining({ service: 'checkout-browser', name: 'documentLoad' }),
    );
  });

  it('answers 204 and sends nothing anywhere without an endpoint', async () => {
    const before = otlp.requests.length;
    const collector = createCollector({});
    const vitals = metrics(['browser.web_vitals.lcp']);
    const answer = await collector.handle(post('metrics', JSON.stringify(vitals)), 'metrics');
    expect(answer.status).toBe(204);
    expect(otlp.requests.length).toBe(before);
  });

  it('forwards a browser error envelope to the Sentry DSN, and only for our DSN', async () => {
    const collector = createCollector({ sentryDsn: sentry.dsn });
    const envelope = (dsn: string) =>
      `${JSON.stringify({ dsn })}\n{"type":"event"}\n${JSON.stringify({ message: 'boom' })}\n`;
    const ours = await collector.handle(
      post('errors', envelope(sentry.dsn), { type: 'text/plain;charset=UTF-8' }),
      'errors',
    );
    expect(ours.status).toBe(204);
    expect(sentry.events()).toContainEqual({ message: 'boom' });
    const foreign = await collector.handle(
      post('errors', envelope('https://k@evil.example/9'), { type: 'text/plain' }),
      'errors',
    );
    expect(foreign.status).toBe(400);
    expect(sentry.events()).toHaveLength(1);
  });

  it("forwards the spans of each of the browser's instrumentations, their addresses scrubbed", async () => {
    const collector = createCollector({ otlpEndpoint: otlp.url });
    const ours = traces([
      { scope: 'checkout-browser', name: 'click pay-button' },
      { name: 'documentFetch' },
      {
        scope: '@opentelemetry/instrumentation-fetch',
        name: 'POST',
        url: 'https://checkout.example/api/users/?email=ann%40gmail.com&exchange_token=ex-1',
      },
    ]);
    const answer = await collector.handle(post('traces', JSON.stringify(ours)), 'traces');
    expect(answer.status).toBe(204);
    expect(otlp.spans.map((s) => s.name)).toEqual(
      expect.arrayContaining(['click pay-button', 'documentFetch', 'POST']),
    );
    expect(otlp.spans.find((s) => s.name === 'POST')?.attributes['url.full']).toBe(
      'https://checkout.example/api/users/?email=[redacted]&exchange_token=[redacted]',
    );
  });

  it("forwards the browser's Web Vitals", async () => {
    const collector = createCollector({ otlpEndpoint: otlp.url });
    const vitals = metrics(['browser.web_vitals.inp', 'browser.web_vitals.cls']);
    const answer = await collector.handle(post('metrics', JSON.stringify(vitals)), 'metrics');
    expect(answer.status).toBe(204);
    expect(otlp.metrics.map((m) => m.name)).toEqual(
      expect.arrayContaining(['browser.web_vitals.inp', 'browser.web_vitals.cls']),
    );
  });

  it.each([
    [
      "spans in the api's name",
      'traces',
      traces([{ name: 'POST /api/payments/' }], 'checkout-api'),
    ],
    ['spans of a scope the browser does not use', 'traces', traces([{ scope: 'evil', name: 'x' }])],
    [
      "a foreign span beside the browser's own",
      'traces',
      traces([{ name: 'documentLoad' }, { scope: '@fastify/otel', name: 'injected' }]),
    ],
    ['a business metric', 'metrics', metrics(['checkout.payments.paid'])],
    [
      'a business metric beside a Web Vital',
      'metrics',
      metrics(['browser.web_vitals.lcp', 'checkout.orders.expired']),
    ],
    [
      "Web Vitals in the api's name",
      'metrics',
      metrics(['browser.web_vitals.lcp'], 'checkout-api'),
    ],
    ['a batch that is not OTLP', 'traces', { resourceSpans: 'everything' }],
  ])('refuses %s with 400 and forwards nothing', async (_, signal, body) => {
    const before = otlp.requests.length;
    const collector = createCollector({ otlpEndpoint: otlp.url });
    const answer = await collector.handle(post(signal, JSON.stringify(body)), signal);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ error: { code: 'validation_failed' } });
    expect(collector.refusals.get('invalid')).toBe(1);
    expect(otlp.requests.length).toBe(before);
  });

  it('refuses more spans in one post than the browser ever batches', async () => {
    const before = otlp.requests.length;
    const collector = createCollector({ otlpEndpoint: otlp.url });
    const many = traces(Array.from({ length: 101 }, (_, i) => ({ name: `span ${i}` })));
    const answer = await collector.handle(post('traces', JSON.stringify(many)), 'traces');
    expect(answer.status).toBe(413);
    expect(otlp.requests.length).toBe(before);
  });

  it.each([
    [
      'protobuf, which the browser never sends',
      'traces',
      'application/x-protobuf',
      415,
      'unsupported_media_type',
    ],
    ['a form', 'traces', 'application/x-www-form-urlencoded', 415, 'unsupported_media_type'],
    ['text to the traces path', 'traces', 'text/plain', 415, 'unsupported_media_type'],
    ['an unknown signal', 'logs', 'application/json', 404, 'not_found'],
  ])('refuses %s with a coded 4xx and forwards nothing', async (_, signal, type, status, code) => {
    const before = otlp.requests.length;
    const collector = createCollector({ otlpEndpoint: otlp.url });
    const answer = await collector.handle(post(signal, '{}', { type }), signal);
    expect(answer.status).toBe(status);
    expect(await answer.json()).toMatchObject({ error: { code } });
    expect(otlp.requests.length).toBe(before);
    expect([...collector.refusals.values()]).toEqual([1]);
  });

  it('refuses a body over the cap with 413, counted, nothing forwarded', async () => {
    const before = otlp.requests.length;
    const collector = createCollector({ otlpEndpoint: otlp.url });
    const answer = await collector.handle(post('traces', 'x'.repeat(MAX_BODY_BYTES + 1)), 'traces');
    expect(answer.status).toBe(413);
    expect(await answer.json()).toMatchObject({ error: { code: 'payload_too_large' } });
    expect(collector.refusals.get('too_large')).toBe(1);
    expect(otlp.requests.length).toBe(before);
  });

  it('limits each browser to its rate per minute; others and the next minute go through', async () => {
    let clock = 0;
    const collector = createCollector({ now: () => clock });
    const statuses = [];
    for (let i = 0; i < POSTS_PER_MINUTE + 2; i++) {
      statuses.push(
        (await collector.handle(post('traces', JSON.stringify(batch)), 'traces')).status,
      );
    }
    expect(statuses.filter((s) => s === 204)).toHaveLength(POSTS_PER_MINUTE);
    expect(statuses.slice(-2)).toEqual([429, 429]);
    expect(collector.refusals.get('rate_limited')).toBe(2);
    const other = await collector.handle(
      post('traces', JSON.stringify(batch), { from: '198.51.100.1' }),
      'traces',
    );
    expect(other.status).toBe(204);
    clock += 60_000;
    expect((await collector.handle(post('traces', JSON.stringify(batch)), 'traces')).status).toBe(
      204,
    );
  });
});
