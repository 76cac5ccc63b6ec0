import { expect, test, type Page } from '@playwright/test';

/**
 * What a page's answer carries besides its HTML: the flight data (React's payload) that the
 * browser downloads, parses and hydrates from. Every copy of the shell in it is server time per
 * request and main-thread time in the shopper's browser (issue 19).
 */
function flightData(html: string): string {
  const chunks = [...html.matchAll(/self\.__next_f\.push\((\[1,".*?"\])\)<\/script>/gs)];
  return chunks.map(([, chunk]) => (JSON.parse(chunk ?? '[]') as [number, string])[1]).join('');
}

for (const path of ['/pending/', '/payment/?product_group=vpn']) {
  test(`${path} carries one document, not a second copy for the 404 screen`, async ({
    request,
  }) => {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    const flight = flightData(await response.text());
    expect(flight.length).toBeGreaterThan(0);
    // A root not-found.tsx is rendered into every page's payload: a second <html>, header,
    // footer and messages that the shopper never sees.
    expect(flight.match(/\["\$","html",/g) ?? []).toHaveLength(1);
    expect(flight.match(/\["\$","footer",/g) ?? []).toHaveLength(1);
  });
}

test('a status page ships the messages its own client parts read, not the checkout form’s', async ({
  request,
}) => {
  const flight = flightData(await (await request.get('/pending/?order_id=1')).text())
    // The messages come as JSON text (client-messages.tsx), inlined in a row when short.
    .replaceAll('\\"', '"');
  // The shell (header, consent dialog) and the order status poller.
  for (const namespace of ['header', 'consent', 'processing']) {
    expect(flight).toContain(`"${namespace}":{`);
  }
  for (const namespace of ['validation', 'plans', 'paymentMethods', 'address', 'coupon']) {
    expect(flight).not.toContain(`"${namespace}":{`);
  }
});

test('the payment page hands its client parts the plans’ prices and names, not whole catalog plans', async ({
  request,
}) => {
  const flight = flightData(await (await request.get('/payment/?product_group=vpn')).text());
  expect(flight).toContain('"identifier":"vpn-basic-1m"');
  expect(flight).toContain('"totalInMinorUnits":');
  // What only the server uses: the merchant, the provider's remote id, the decimal strings and
  // the renewal's services (about two thirds of the plans' bytes).
  for (const field of ['remoteID', 'merchant', 'atomicBeforeDiscount', 'bundleType']) {
    expect(flight).not.toContain(`"${field}":`);
  }
});

test('the payment page’s first answer names only the starting country; the browser names the rest', async ({
  request,
  page,
}) => {
  const html = await (
    await request.get('/payment/?product_group=vpn', { headers: { 'x-test-country': 'DE' } })
  ).text();
  // About 250 countries were 17 KB of the answer, in the HTML and again in the flight data.
  expect(html).toContain('>Germany</option>');
  for (const name of ['Afghanistan', 'Zimbabwe']) expect(html).not.toContain(name);
  await page.setExtraHTTPHeaders({ 'x-test-country': 'DE' });
  await page.goto('/payment/?product_group=vpn');
  const country = page.getByLabel('Country', { exact: true });
  await expect(country).toHaveValue('DE');
  await expect(country.locator('option', { hasText: 'Zimbabwe' })).toHaveCount(1);
  expect(await country.locator('option').count()).toBeGreaterThan(200);
});

test('the payment page’s first answer offers the starting state alone; the browser adds the others', async ({
  request,
  page,
}) => {
  const html = await (
    await request.get('/payment/?product_group=vpn', { headers: { 'x-test-country': 'US' } })
  ).text();
  // The 51 states were about 4 KB of the answer, as <option>s and again in the flight data.
  expect(html).toContain('>California</option>');
  for (const name of ['Alabama', 'Wyoming']) expect(html).not.toContain(name);
  await page.setExtraHTTPHeaders({ 'x-test-country': 'US' });
  await page.goto('/payment/?product_group=vpn');
  const state = page.getByLabel('State', { exact: true });
  await expect(state).toHaveValue('US-CA');
  await expect(state.locator('option')).toHaveCount(51);
  await state.selectOption('US-WA');
  await expect(page.locator('[data-element="summary-tax"]')).toContainText('6.5%');
});

test('the payment page hands its client messages over as one text, not as hundreds of values', async ({
  request,
}) => {
  const flight = flightData(await (await request.get('/payment/?product_group=vpn')).text());
  // React serializes a props object value by value on the server and revives each again for the
  // HTML render: the catalog's ~400 values were a fifth of the flight data's. A text is one.
  expect(flight).not.toContain('"messages":{');
  for (const namespace of ['header', 'validation', 'plans']) {
    expect(flight).toContain(`"${namespace}":{`);
  }
});

test('the payment page loads its own styles, not the dashboard’s or the success page’s', async ({
  request,
}) => {
  const html = await (await request.get('/payment/?product_group=vpn')).text();
  const hrefs = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map(
    ([, href]) => href,
  );
  const css = (
    await Promise.all(hrefs.map(async (href) => (await request.get(href ?? '')).text()))
  ).join('');
  expect(css).toContain('_picker{');
  // Rules of dashboard.module.css and success.module.css (CSS modules keep the local name after
  // the hash): Turbopack's default chunking merged them into /payment/'s styles.
  for (const rule of ['_cellNote{', '_dialogActions{', '_subscription{']) {
    expect(css).not.toContain(rule);
  }
});

test('the payment page’s first answer, HTML and flight data, stays under 60 KB', async ({
  request,
}) => {
  const body = await (await request.get('/payment/?product_group=vpn')).body();
  // 111 KB before: the country list twice (17 KB) and the CSS twice, inlined in a <style> and
  // again in the flight data (43 KB, a fifth of it other pages' rules).
  expect(body.length).toBeLessThanOrEqual(60 * 1024);
});

/** The script chunks /payment/ loads until it idles whose code matches `marker`. */
async function chunksLoadedUntilIdle(page: Page, marker: RegExp): Promise<string[]> {
  const found: string[] = [];
  const reading: Promise<void>[] = [];
  page.on('response', (response) => {
    if (!/\/_next\/static\/chunks\/.*\.js$/.test(response.url())) return;
    reading.push(
      response.text().then((body) => {
        if (marker.test(body)) found.push(response.url());
      }),
    );
  });
  await page.goto('/payment/?product_group=vpn');
  await page.locator('html[data-hydrated="true"]').waitFor();
  await page.evaluate(
    () => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5_000 })),
  );
  await page.waitForLoadState('networkidle');
  await Promise.all(reading);
  return found;
}

test('without a Sentry DSN the payment page loads no error-reporting SDK while it idles', async ({
  page,
}) => {
  // Sentry's SDK (about 100 KB) loaded on idle reported nowhere without a DSN (this suite sets
  // none); an error still loads the reporting code for its console line (lib/report-error.ts).
  expect(await chunksLoadedUntilIdle(page, /__SENTRY__/)).toEqual([]);
});

test('the payment page loads no zod while it loads and idles: the server checked its cookies and address', async ({
  page,
}) => {
  // Zod's core (85 KB, a long task of the page's load in Lighthouse's traces) came with the query
  // parameters' rules (the idle address clean-up) and the attribution cookies (the tracker); the
  // server now hands both over checked. A change or an answer later still loads it. Its schemas'
  // constructors are named so in the code ("$ZodType").
  expect(await chunksLoadedUntilIdle(page, /["']\$ZodType["']/)).toEqual([]);
});

test('the payment page’s scripts start after its first contentful paint, and it still hydrates', async ({
  page,
}) => {
  // Next's <script src async> tags ran while the first frame was laid out and painted, and
  // Lighthouse's mobile simulation hung the largest paint on every chunk that had downloaded by
  // then (server/scripts-after-paint.mjs). When did the first chunk's script element appear?
  await page.addInitScript(() => {
    const seen = new MutationObserver(() => {
      if (!document.querySelector('script[src*="/_next/static/chunks/"]:not([nomodule])')) return;
      (window as unknown as { firstChunkAt: number }).firstChunkAt = performance.now();
      seen.disconnect();
    });
    seen.observe(document, { childList: true, subtree: true });
  });
  const response = await page.goto('/payment/?product_group=vpn');
  const html = (await response?.text()) ?? '';
  // No chunk is fetched by the HTML itself: neither a script tag (but the nomodule polyfills,
  // which modern browsers skip) nor a preload.
  const fetching = (
    html.match(/<(script|link)\b[^>]*\/_next\/static\/chunks\/[^"]+\.js"[^>]*>/g) ?? []
  ).filter((tag) => !/\bnoModule\b/i.test(tag));
  expect(fetching).toEqual([]);
  // Set by an effect once React has hydrated the page (query-cleanup-effects.tsx).
  await page.locator('html[data-hydrated="true"]').waitFor();
  const { firstChunkAt, paintedAt } = await page.evaluate(() => ({
    firstChunkAt: (window as unknown as { firstChunkAt?: number }).firstChunkAt,
    paintedAt: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
  }));
  expect(paintedAt).toBeGreaterThan(0);
  expect(firstChunkAt).toBeGreaterThanOrEqual(paintedAt ?? Infinity);
});
