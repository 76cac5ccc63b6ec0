/**
 * Telemetry end to end (issue 18): a purchase click in the browser produces one connected trace
 * from the browser's user action through the web app to the api, its statements and the payment
 * provider call; the page's document load is a child of the server's render; INP arrives with
 * the other Web Vitals; the browser's Sentry reports reach the DSN through the same-origin
 * tunnel. The receivers the spec starts get it all from the real SDKs.
 */
import { expect, test } from '@playwright/test';
import {
  printTrace,
  startOtlpReceiver,
  startSentryReceiver,
  type ReceivedSpan,
} from '../apps/api/src/test-support/telemetry-receivers';
import { confirmEmailForCard, payWithCard } from './card';
import { startOwnCheckout, type OwnCheckout } from './own-checkout';
import { qaToken } from './qa';

test.describe('telemetry', () => {
  // One checkout of its own for both tests (a worker each would start two on a busy machine).
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  let checkout: OwnCheckout | undefined;
  let otlp: Awaited<ReturnType<typeof startOtlpReceiver>>;
  let sentry: Awaited<ReturnType<typeof startSentryReceiver>>;

  test.beforeAll(async () => {
    // A second checkout starting beside the suite's on a busy machine.
    test.setTimeout(120_000);
    otlp = await startOtlpReceiver();
    sentry = await startSentryReceiver();
    checkout = await startOwnCheckout({
      RATE_LIMIT_MAX: '100000',
      OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url,
      TRACING_SAMPLE_RATE: '1',
      SENTRY_DSN: sentry.dsn,
    });
  });

  test.afterAll(async () => {
    await checkout?.stop();
    await otlp.close();
    await sentry.close();
  });

  test('a purchase click is one connected trace: browser → web → api → database and provider', async ({
    page,
  }) => {
    // Every batch the browser posts is taken: the collector forwards the browser's own only.
    const collected: string[] = [];
    page.on('response', (response) => {
      const signal = /\/otel-collector\/v1\/(traces|metrics)$/.exec(response.url())?.[1];
      if (signal) collected.push(`${signal} ${response.status()}`);
    });
    // The browser's telemetry loads when the page is idle; its first batch says it runs.
    const firstBatch = page.waitForRequest(/\/otel-collector\/v1\/traces$/, { timeout: 30_000 });
    await page.goto(`${checkout!.baseUrl}/payment/?product_group=vpn`);
    await page.locator('html[data-hydrated="true"]').waitFor();
    await firstBatch;
    await confirmEmailForCard(page, 'traced-buyer@gmail.com');
    // A card of this spec's own: the gateway tokenizes one number at most 20 times an hour.
    await payWithCard(page, '4111 1111 1111 1111');
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
    /** Spans whose parent has not arrived: the click, once every service exported the rest. */
    const rootsOf = (spans: ReceivedSpan[]) => {
      const ids = new Set(spans.map((s) => s.spanId));
      return spans.filter((s) => !ids.has(s.parentSpanId));
    };
    // Each service exports in batches: a parent span may arrive after its children.
    await expect
      .poll(
        () =>
          paymentTrace().some((s) => s.name.startsWith('payment-provider')) &&
          paymentTrace().some((s) => s.name === 'click pay-button') &&
          rootsOf(paymentTrace()).length === 1,
        { timeout: 60_000 },
      )
      .toBe(true);
    const spans = paymentTrace();
    const byId = new Map(spans.map((s) => [s.spanId, s]));
    const roots = rootsOf(spans);
    console.info(printTrace(spans, spans[0]!.traceId));
    // One root: the shopper's click on the pay button, not a fetch starting a trace of its own.
    expect(roots.map((s) => `${s.name} [${s.service}] ${s.parentSpanId || 'root'}`)).toEqual([
      'click pay-button [checkout-browser] root',
    ]);
    const ancestry = (span: ReceivedSpan): string[] => {
      const parent = byId.get(span.parentSpanId);
      return parent ? [...ancestry(parent), `${parent.name} [${parent.service}]`] : [];
    };
    const call = spans.find((s) => s.service === 'checkout-browser' && s.name === 'POST')!;
    expect(ancestry(call)).toEqual(['click pay-button [checkout-browser]']);
    // The api's request is a child of the web app's, which is a child of the browser's fetch.
    const request = spans.find((s) => s.name === 'POST /api/payments/')!;
    expect(byId.get(request.parentSpanId)?.service).toBe('checkout-web');
    expect(ancestry(request).slice(0, 2)).toEqual([
      'click pay-button [checkout-browser]',
      'POST [checkout-browser]',
    ]);
    const provider = spans.find((s) => s.name === 'payment-provider createPayment')!;
    expect(ancestry(provider)).toContain('POST /api/payments/ [checkout-api]');
    const statement = spans.find((s) => /^(SELECT|INSERT|UPDATE|WITH) q_/.test(s.name));
    expect(statement && ancestry(statement)[0]).toBe('click pay-button [checkout-browser]');
    expect(statement && ancestry(statement)).toContain('POST /api/payments/ [checkout-api]');

    // The page's document load hangs beneath the web server's render of that page.
    const documentLoad = () =>
      otlp.spans.find(
        (s) =>
          s.service === 'checkout-browser' &&
          s.name === 'documentLoad' &&
          String(s.attributes['url.full']).includes('/payment/'),
      );
    await expect.poll(() => documentLoad()?.traceId, { timeout: 30_000 }).toBeTruthy();
    const loadTrace = otlp.spans.filter((s) => s.traceId === documentLoad()!.traceId);
    console.info(printTrace(loadTrace, documentLoad()!.traceId));
    const render = loadTrace.find((s) => s.spanId === documentLoad()!.parentSpanId);
    // Next.js's span of the page's request, which its render and its api calls hang beneath.
    expect(`${render?.name} [${render?.service}]`).toBe('GET /[locale]/payment [checkout-web]');
    expect(loadTrace.some((s) => s.name === 'render route (app) /[locale]/payment')).toBe(true);

    // INP (Interaction to Next Paint) goes with the other Web Vitals once the page is hidden.
    await page.goto('about:blank');
    const vitals = () =>
      otlp.metrics
        .filter((m) => m.service === 'checkout-browser' && m.name.startsWith('browser.web_vitals.'))
        .map((m) => m.name);
    await expect
      .poll(vitals, { timeout: 30_000 })
      .toEqual(expect.arrayContaining(['browser.web_vitals.inp', 'browser.web_vitals.lcp']));

    // Nothing personal in any exported span.
    expect(JSON.stringify(otlp.spans)).not.toContain('traced-buyer');
    expect(collected.length).toBeGreaterThan(0);
    expect(collected.filter((answer) => !answer.endsWith(' 204'))).toEqual([]);
  });

  test('a journey with e-mail addresses and tokens in its addresses exports none of them', async () => {
    const secrets = {
      email: 'journey-buyer@gmail.com',
      encodedEmail: encodeURIComponent('journey-buyer@gmail.com'),
      trustedPass: 'tp-journey-6c1f0d2b9e',
      exchange: 'ex-journey-0b7d4e91aa',
      qa: qaToken('trace-journey'),
    };
    const journey = [
      `/payment/?product_group=vpn&email=${secrets.encodedEmail}&qa=${secrets.qa}`,
      `/de/payment/?product_group=pass&email=${secrets.email}`,
      `/login/?trusted_pass_token=${secrets.trustedPass}&owner_id=1`,
      `/processing/?exchange_token=${secrets.exchange}`,
      `/success/?success_uri=${encodeURIComponent(`https://example.com/?email=${secrets.email}`)}`,
      `/api/health/?email=${secrets.encodedEmail}&trusted_pass_token=${secrets.trustedPass}`,
    ];
    for (const path of journey) {
      const response = await fetch(`${checkout!.baseUrl}${path}`, { redirect: 'manual' });
      await response.arrayBuffer();
    }
    // Every request of the journey has its web server span exported (the batch leaves in 5 s).
    const served = () =>
      otlp.spans
        .filter(
          (s) => s.service === 'checkout-web' && typeof s.attributes['http.target'] === 'string',
        )
        .map((s) => String(s.attributes['http.target']));
    for (const page of ['/payment/?product_group=vpn', '/login/', '/processing/', '/success/']) {
      await expect
        .poll(() => served().some((target) => target.startsWith(page)), { timeout: 30_000 })
        .toBe(true);
    }
    // Every exported name and value that still holds one of them, for a readable failure.
    const leaks = otlp.spans.flatMap((span) =>
      [span.name, ...Object.values(span.attributes)]
        .map(String)
        .filter((text) =>
          [...Object.values(secrets), 'journey-buyer'].some((s) => text.includes(s)),
        )
        .map((text) => `${span.service} ${span.name}: ${text}`),
    );
    expect(leaks).toEqual([]);
  });

  test('the browser reports through the same-origin tunnel to the Sentry DSN', async ({
    page,
    context,
  }) => {
    // Spec §8: a runtime dev-settings cookie on a shopper's browser is reported as a warning.
    await context.addCookies([
      { name: 'runtime_dev_settings', value: '1', url: checkout!.baseUrl },
    ]);
    const tunnelled = page.waitForRequest(/\/otel-collector\/v1\/errors$/, { timeout: 30_000 });
    await page.goto(`${checkout!.baseUrl}/pending/`);
    await page.locator('html[data-hydrated="true"]').waitFor();
    expect((await tunnelled).url()).toBe(`${checkout!.baseUrl}/otel-collector/v1/errors`);
    const events = () =>
      sentry.events() as {
        level: string;
        fingerprint?: string[];
        message?: string;
        exception?: { values: { value: string }[] };
      }[];
    await expect
      .poll(() => events().find((e) => e.fingerprint?.[0] === 'dev-settings-cookie')?.level, {
        timeout: 30_000,
      })
      .toBe('warning');
    // The web server that read the cookie reports it too, not only in its log.
    await expect
      .poll(() => events().find((e) => e.fingerprint?.[0] === 'runtime-dev-settings')?.level, {
        timeout: 30_000,
      })
      .toBe('warning');

    // An uncaught error of the page: its report arrives with the e-mail address blanked.
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('checkout broke for tunnel-buyer@gmail.com');
      });
    });
    await expect
      .poll(() => events().find((e) => e.level === 'error')?.exception?.values[0]?.value, {
        timeout: 30_000,
      })
      .toBe('checkout broke for [email]');
    expect(JSON.stringify(sentry.items)).not.toContain('tunnel-buyer');
  });
});
