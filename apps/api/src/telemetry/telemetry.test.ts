/**
 * The api's telemetry against real receivers: the OpenTelemetry SDK's OTLP/HTTP export and
 * Sentry's envelopes, as an operator's Collector and Sentry (or GlitchTip) would get them.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PaymentAction } from '@checkout/core';
import { createTestApp, type TestApp } from '../test-app';
import { testBrowser } from '../test-browser';
import { flushErrorReports, startErrorReporting } from './error-reporting';
import { buy, EMAIL } from '../test-support/purchase';
import {
  printTrace,
  startOtlpReceiver,
  startSentryReceiver,
  type ReceivedSpan,
} from '../test-support/telemetry-receivers';

describe('api telemetry', () => {
  let t: TestApp;
  let otlp: Awaited<ReturnType<typeof startOtlpReceiver>>;
  let sentry: Awaited<ReturnType<typeof startSentryReceiver>>;
  let crashNext = false;
  const shopper = testBrowser(() => t.app);
  /** The browser's span the shopper's calls continue (W3C traceparent). */
  const traceId = randomBytes(16).toString('hex');
  const browserSpan = randomBytes(8).toString('hex');
  const traceparent = `00-${traceId}-${browserSpan}-01`;

  beforeAll(async () => {
    otlp = await startOtlpReceiver();
    sentry = await startSentryReceiver();
    t = await createTestApp(
      {
        OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url,
        SENTRY_DSN: sentry.dsn,
        DEPLOY_ENV: 'test',
        TRACING_SAMPLE_RATE: 'not-a-number',
        // The sandbox's notifications arrive while the test runs, not after the api closed.
        SANDBOX_WEBHOOK_DELAY_MS: '0',
        SANDBOX_WEBHOOK_COPIES: '1',
      },
      {
        faults: {
          afterCharge: () => {
            if (!crashNext) return;
            crashNext = false;
            throw new Error(`injected failure for ${EMAIL}`);
          },
        },
      },
    );
  });
  afterAll(async () => {
    await otlp.close();
    await sentry.close();
  });

  const purchase = (key: string, headers: Record<string, string> = {}) =>
    buy(shopper, key, headers);

  it('exports one connected trace of a purchase, joined to the caller by traceparent', async () => {
    // The sandbox gateway delivers its notifications through the api's own inject.
    const notifications: Promise<unknown>[] = [];
    const inject = t.app.inject.bind(t.app);
    vi.spyOn(t.app, 'inject').mockImplementation(((options: { url?: string }) => {
      const answer = inject(options as never);
      if (options.url === '/api/callback/') notifications.push(answer);
      return answer;
    }) as never);
    const paid = await purchase('telemetry-key-0001', { traceparent });
    expect(paid.json<PaymentAction>()).toMatchObject({ type: 'done' });
    crashNext = true;
    // The injected failure is logged at error level, as any unhandled error is: expected here.
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => {});
    const crashed = await purchase('telemetry-key-0002', {
      traceparent,
      cookie: 'runtime_dev_settings=1',
    });
    expect(crashed.statusCode).toBe(500);
    await flushErrorReports();
    // Both payments' notifications (one each) are handled before the api closes.
    await expect.poll(() => notifications.length).toBe(2);
    await Promise.all(notifications);
    // Closing the api flushes its spans and metrics (shutdown of both providers).
    await t.close();

    const spans = otlp.spans.filter((s) => s.traceId === traceId);
    const byId = new Map(spans.map((s) => [s.spanId, s]));
    const named = (name: string) => spans.filter((s) => s.name === name);
    const rootOf = (span: ReceivedSpan): ReceivedSpan => {
      const parent = byId.get(span.parentSpanId);
      return parent ? rootOf(parent) : span;
    };
    console.info(printTrace(otlp.spans, traceId));

    const payments = named('POST /api/payments/');
    expect(payments).toHaveLength(2);
    // Every request of the shopper is a child of the browser's span.
    for (const request of [...named('POST /api/carts/'), ...payments]) {
      expect(request.parentSpanId).toBe(browserSpan);
      expect(request.service).toBe('checkout-api');
    }
    const provider = named('payment-provider createPayment');
    expect(provider.length).toBe(2);
    expect(rootOf(provider[0]!).name).toBe('POST /api/payments/');
    expect(provider[0]!.attributes['payment.provider']).toBe('adyen_card');
    const statements = spans.filter((s) =>
      /^(SELECT|INSERT|UPDATE|WITH) q_[0-9a-f]{20}$/.test(s.name),
    );
    expect(statements.length).toBeGreaterThan(5);
    for (const statement of statements) {
      expect(rootOf(statement).parentSpanId).toBe(browserSpan);
      expect(statement.attributes['db.statement.name']).toMatch(/^q_[0-9a-f]{20}$/);
    }
    // Statements inside the provider's work hang beneath its span.
    expect(
      statements.some((s) => byId.get(s.parentSpanId)?.name.startsWith('payment-provider')),
    ).toBe(true);
    // The sandbox gateway's own notifications stand in for a provider's and are not traced:
    // they would double the spans of every payment in a bench (a real provider's are traced).
    expect(otlp.spans.filter((s) => s.name === 'POST /api/callback/')).toEqual([]);
    // No e-mail address, card number or token in any span.
    const exported = JSON.stringify(otlp.spans);
    expect(exported).not.toContain(EMAIL);
    expect(exported).not.toContain('4242424242424242');

    // Resource: service, version, deployment; a non-numeric sample rate kept everything.
    expect(spans[0]?.service).toBe('checkout-api');

    // Business metrics, by provider.
    const metric = (name: string) =>
      otlp.metrics.filter((m) => m.name === name).flatMap((m) => m.points);
    expect(metric('checkout.payments.started')).toContainEqual({
      attributes: { 'payment.provider': 'adyen_card' },
      value: 2,
    });
    expect(metric('checkout.payments.paid')).toContainEqual({
      attributes: { 'payment.provider': 'adyen_card' },
      value: 2,
    });
    // The sandbox's notifications did arrive (their lag was measured), untraced as said above.
    expect(metric('checkout.webhook.lag').length).toBeGreaterThan(0);

    // The failure reached Sentry: error level, linked to the trace, nothing personal in it.
    const events = sentry.events();
    expect(events).toHaveLength(1);
    const event = events[0] as {
      level: string;
      environment: string;
      contexts: { trace: { trace_id: string } };
      tags: Record<string, string>;
      exception: { values: { value: string }[] };
    };
    expect(event.level).toBe('error');
    expect(event.environment).toBe('test');
    expect(event.contexts.trace.trace_id).toBe(traceId);
    expect(event.tags).toMatchObject({ analytics_error: 'Generic error', dev_settings: 'present' });
    expect(event.exception.values[0]?.value).toBe('injected failure for [email]');
    expect(JSON.stringify(sentry.items)).not.toContain(EMAIL);
    expect(errorLog).toHaveBeenCalled();
    expect(JSON.stringify(errorLog.mock.calls)).not.toContain(EMAIL);
  });

  it('reports with its fingerprint, level and a large context as a JSON attachment', async () => {
    const reporter = startErrorReporting(
      { SENTRY_DSN: sentry.dsn, DEPLOY_ENV: 'test' },
      { error: () => undefined },
    );
    const before = sentry.events().length;
    reporter.report(new Error('login failed'), {
      fingerprint: 'failed-login-attempt',
      details: { answer: 'x'.repeat(9000) },
    });
    // Suppressed (spec §8): the shopper's network, not our code.
    reporter.report(new TypeError('Failed to fetch'));
    reporter.report(new Error('Load failed'));
    // Downgraded to info: a type error.
    reporter.report(new TypeError('undefined is not a function'));
    await flushErrorReports();
    const events = sentry.events().slice(before) as {
      fingerprint?: string[];
      level: string;
      contexts: { details?: unknown };
      exception: { values: { value: string }[] };
    }[];
    expect(events.map((e) => e.exception.values[0]?.value)).toEqual([
      'login failed',
      'undefined is not a function',
    ]);
    expect(events[0]).toMatchObject({
      fingerprint: ['failed-login-attempt'],
      level: 'error',
      contexts: { details: { attachment: 'details.json', length: 9013 } },
    });
    expect(events[1]?.level).toBe('info');
    const attachment = sentry.items.find((item) => item.type === 'attachment');
    expect(attachment?.headers).toMatchObject({
      filename: 'details.json',
      content_type: 'application/json',
    });
    expect(JSON.parse(attachment!.payload)).toEqual({ answer: 'x'.repeat(9000) });
  });
});
