/**
 * Telemetry end to end (issue 18): a purchase in the browser produces one connected trace from
 * the browser's fetch through the web app to the api, its statements and the payment provider
 * call, as an OTLP receiver the spec starts gets it from the real SDKs.
 */
import { expect, test } from '@playwright/test';
import {
  printTrace,
  startOtlpReceiver,
  type ReceivedSpan,
} from '../apps/api/src/telemetry/test-receivers';
import { confirmEmailForCard, payWithCard } from './card';
import { startOwnCheckout, type OwnCheckout } from './own-checkout';

test.describe('telemetry', () => {
  test.describe.configure({ timeout: 120_000 });
  let checkout: OwnCheckout | undefined;
  let otlp: Awaited<ReturnType<typeof startOtlpReceiver>>;

  test.beforeAll(async () => {
    // A second checkout starting beside the suite's on a busy machine.
    test.setTimeout(120_000);
    otlp = await startOtlpReceiver();
    checkout = await startOwnCheckout({
      RATE_LIMIT_MAX: '100000',
      OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url,
      TRACING_SAMPLE_RATE: '1',
    });
  });

  test.afterAll(async () => {
    await checkout?.stop();
    await otlp.close();
  });

  test('a card purchase is one connected trace: browser → web → api → database and provider', async ({
    page,
  }) => {
    // The browser's telemetry loads when the page is idle; its first batch says it runs.
    const firstBatch = page.waitForRequest(/\/otel-collector\/v1\/traces$/, { timeout: 30_000 });
    await page.goto(`${checkout!.baseUrl}/payment/?product_group=vpn`);
    await page.locator('html[data-hydrated="true"]').waitFor();
    await firstBatch;
    await confirmEmailForCard(page, 'traced-buyer@gmail.com');
    await payWithCard(page, '4242 4242 4242 4242');
    await page.waitForURL(/\/success\/\?order_id=/);

    /** The trace of the browser's payment call, once all three services exported theirs. */
    const paymentTrace = (): ReceivedSpan[] => {
      const call = otlp.spans.find(
        (s) =>
          s.service === 'checkout-browser' &&
          s.name === 'POST' &&
          String(s.attributes['url.full']).endsWith('/api/payments/'),
      );
      return call ? otlp.spans.filter((s) => s.traceId === call.traceId) : [];
    };
    await expect
      .poll(() => paymentTrace().some((s) => s.name.startsWith('payment-provider')), {
        timeout: 60_000,
      })
      .toBe(true);
    const spans = paymentTrace();
    console.info(printTrace(spans, spans[0]!.traceId));
    const byId = new Map(spans.map((s) => [s.spanId, s]));
    const ancestry = (span: ReceivedSpan): string[] => {
      const parent = byId.get(span.parentSpanId);
      return parent ? [...ancestry(parent), parent.service] : [];
    };
    const provider = spans.find((s) => s.name === 'payment-provider createPayment')!;
    expect(ancestry(provider)).toEqual(
      expect.arrayContaining(['checkout-browser', 'checkout-api']),
    );
    const statement = spans.find((s) => /^(SELECT|INSERT|UPDATE|WITH) q_/.test(s.name));
    expect(statement && ancestry(statement)[0]).toBe('checkout-browser');
    // The api's request is a child of the web app's, which is a child of the browser's fetch.
    const request = spans.find((s) => s.name === 'POST /api/payments/')!;
    expect(byId.get(request.parentSpanId)?.service).toBe('checkout-web');
    expect(ancestry(request)).toEqual(['checkout-browser', 'checkout-web']);
    // Nothing personal in any exported span.
    expect(JSON.stringify(otlp.spans)).not.toContain('traced-buyer');
  });
});
