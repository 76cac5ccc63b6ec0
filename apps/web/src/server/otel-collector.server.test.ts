/** The same-origin collector path: forwards what browsers send, refuses what they must not. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startOtlpReceiver, startSentryReceiver } from '../../../api/src/telemetry/test-receivers';
import { createCollector, MAX_BODY_BYTES, POSTS_PER_MINUTE } from './otel-collector.server';

vi.mock('server-only', () => ({}));

const batch = {
  resourceSpans: [
    {
      resource: {
        attributes: [{ key: 'service.name', value: { stringValue: 'checkout-browser' } }],
      },
      scopeSpans: [
        {
          spans: [{ traceId: 'a'.repeat(32), spanId: 'b'.repeat(16), name: 'documentLoad' }],
        },
      ],
    },
  ],
};

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
    const answer = await collector.handle(post('metrics', '{}'), 'metrics');
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

  it.each([
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
      statuses.push((await collector.handle(post('traces', '{}'), 'traces')).status);
    }
    expect(statuses.filter((s) => s === 204)).toHaveLength(POSTS_PER_MINUTE);
    expect(statuses.slice(-2)).toEqual([429, 429]);
    expect(collector.refusals.get('rate_limited')).toBe(2);
    const other = await collector.handle(post('traces', '{}', { from: '198.51.100.1' }), 'traces');
    expect(other.status).toBe(204);
    clock += 60_000;
    expect((await collector.handle(post('traces', '{}'), 'traces')).status).toBe(204);
  });
});
