/**
 * Analytics (issue 17): the events of a purchase in window.dataLayer and in the first-party
 * collector's table, consent that gates the tag manager, the collector and attribution, GPC,
 * and the attribution cookies.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { confirmEmailForCard, payWithCard } from './card';
import { startOwnCheckout, type OwnCheckout } from './own-checkout';

interface Collected {
  event: string;
  section: string | null;
  element: string | null;
  page: string;
  context: Record<string, unknown>;
  data: Record<string, unknown> | null;
}

async function open(page: Page, url: string, referer?: string) {
  await page.goto(url, referer ? { referer } : {});
  await page.locator('html[data-hydrated="true"]').waitFor();
}

async function browserIdOf(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((c) => c.name === 'browser_id')?.value;
}

async function collected(page: Page, browserId: string): Promise<Collected[]> {
  const res = await page.request.get(`/api/sandbox/events/?browser_id=${browserId}`);
  return ((await res.json()) as { events: Collected[] }).events;
}

type Layer = { event?: string } & Record<string, unknown>;
const layerOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { dataLayer?: Layer[] }).dataLayer ?? []);

/** `names` appear in `list` in this order (other events may come between). */
function inOrder(list: readonly string[], names: readonly string[]): boolean {
  let at = 0;
  for (const name of list) if (name === names[at]) at += 1;
  return at === names.length;
}

const PURCHASE = [
  'page_view',
  'taxes_preselected',
  'plans_displayed',
  'plans_preselected',
  'click',
  'plans_selected',
  'form_update',
  'payments_loaded',
  'payments_preselected',
  'payments_initiated',
  'payments_submitted',
  'page_view',
  'conversion',
];

test('a purchase reports its events in order, with their context, to dataLayer and the collector', async ({
  page,
  context,
}) => {
  await open(page, '/payment/?product_group=vpn');
  await page.locator('[data-element="tier-plus"]').click();
  await confirmEmailForCard(page, 'analytics-buyer@gmail.com');
  await payWithCard(page, '4242 4242 4242 4242');
  await page.waitForURL(/\/success\/\?order_id=/);
  const orderId = new URL(page.url()).searchParams.get('order_id');

  await expect
    .poll(async () => (await layerOf(page)).some((e) => e.event === 'conversion'))
    .toBe(true);
  const layer = (await layerOf(page)).filter((e) => typeof e.event === 'string');
  const names = layer.map((e) => e.event as string);
  expect(inOrder(names, PURCHASE), names.join(' ')).toBe(true);
  expect(names.filter((n) => n === 'conversion')).toHaveLength(1);
  expect(names).toContain('show');
  expect(layer.filter((e) => e.event === 'click' && e.element === 'tier-plus')).toHaveLength(1);
  expect(layer.find((e) => e.event === 'plans_selected')).toMatchObject({
    section: 'plans',
    plans: {
      selected: { identifier: expect.stringMatching(/^vpn-plus-/) as unknown, product_id: 1 },
    },
  });
  const initiated = layer.find((e) => e.event === 'payments_initiated');
  expect(initiated).toMatchObject({
    currency: 'USD',
    page_language: 'en-US',
    consent_status: 'default',
    logged_in: false,
    payments: { selected: 'adyen_card', loaded: expect.arrayContaining(['adyen_card']) as unknown },
    packages: { main_id: expect.stringMatching(/^vpn-/) as unknown },
  });

  const browserId = await browserIdOf(context);
  expect(browserId).toBeTruthy();
  // The last batch leaves by beacon within two seconds, or when the page is hidden.
  await expect
    .poll(
      async () => (await collected(page, browserId ?? '')).some((e) => e.event === 'conversion'),
      {
        timeout: 10_000,
      },
    )
    .toBe(true);
  const rows = await collected(page, browserId ?? '');
  const stored = rows.map((e) => e.event);
  // The recorded purchase, as the collector's table holds it (printed for the record).
  console.log(rows.map((e) => [e.event, e.section ?? '-', e.element ?? '-'].join(' ')).join('\n'));
  expect(inOrder(stored, PURCHASE), stored.join(' ')).toBe(true);
  const conversion = rows.find((e) => e.event === 'conversion');
  expect(conversion).toMatchObject({
    page: '/success/',
    section: 'success',
    data: { order_id: orderId, currency: 'USD', revenue_minor: expect.any(Number) as unknown },
    context: { product_id: 1, currency: 'USD' },
  });
  expect((conversion?.data?.revenue_minor as number) > 0).toBe(true);
  const shows = rows.filter((e) => e.event === 'show').map((e) => e.section);
  expect(shows).toContain('plans');
  expect(new Set(shows).size).toBe(shows.length);
  const plansSelected = rows.find((e) => e.event === 'payments_submitted');
  expect(plansSelected?.context).toMatchObject({
    plans: {
      selected: { identifier: expect.stringMatching(/^vpn-plus-/) as unknown, product_id: 1 },
    },
    taxes: { preselected: 'US-CA' },
  });

  // A reload of the success page converts nothing more.
  await page.reload();
  await page.locator('html[data-hydrated="true"]').waitFor();
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await page.waitForTimeout(2500);
  expect((await layerOf(page)).filter((e) => e.event === 'conversion')).toHaveLength(0);
  const after = await collected(page, browserId ?? '');
  expect(after.filter((e) => e.event === 'conversion')).toHaveLength(1);
});

test('an experiment exposure from the experiment layer is collected', async ({ page, context }) => {
  // big-payment-cta runs in the seed on /payment/ for every visitor: the page records what it showed.
  await open(page, '/payment/?product_group=vpn');
  const shown = {
    experiment_id: 'big-payment-cta',
    variant: expect.stringMatching(/^(control|big)$/),
  };
  // In dataLayer the fields sit on the event, in the collector's table under `data`.
  const exposure = <T extends object>(events: readonly T[]): T | undefined =>
    events.find((e) => {
      const event = e as Record<string, unknown>;
      const fields = (event.data ?? event) as Record<string, unknown>;
      return event.event === 'experiment_exposure' && fields.experiment_id === 'big-payment-cta';
    });
  await expect.poll(async () => exposure(await layerOf(page))).toMatchObject(shown);
  const browserId = (await browserIdOf(context)) ?? '';
  await expect.poll(async () => exposure(await collected(page, browserId))?.data).toEqual(shown);
});

test('attribution cookies: 182 days, current session reset by paid and campaign visits only', async ({
  browser,
}) => {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-test-country': 'US' } });
  const page = await context.newPage();
  const cookie = async (name: string) => (await context.cookies()).find((c) => c.name === name);
  const parsed = async (name: string) =>
    Object.fromEntries(new URLSearchParams((await cookie(name))?.value ?? ''));

  await open(
    page,
    '/payment/?product_group=vpn&utm_source=newsletter&utm_medium=email&utm_campaign=bf',
  );
  await expect.poll(() => cookie('attribution_current')).toBeTruthy();
  const current = await cookie('attribution_current');
  const days = ((current?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(181.9);
  expect(days).toBeLessThan(182.1);
  expect((current?.value.length ?? 0) <= 512).toBe(true);
  expect(await parsed('attribution_current')).toMatchObject({
    source: 'newsletter',
    medium: 'email',
    campaign: 'bf',
    hostname: 'localhost',
  });
  expect(await parsed('attribution_first')).toMatchObject({ source: 'newsletter' });

  // Organic search does not end the campaign's session…
  await open(page, '/payment/?product_group=vpn', 'https://www.google.com/');
  await page.waitForTimeout(1500);
  expect(await parsed('attribution_current')).toMatchObject({ source: 'newsletter' });
  // …a paid click does; the first session stays.
  await open(page, `/payment/?product_group=vpn&gclid=abc&q=${'x'.repeat(900)}`);
  await expect.poll(async () => (await parsed('attribution_current')).medium).toBe('cpc');
  expect(await parsed('attribution_current')).toMatchObject({ source: 'google', medium: 'cpc' });
  expect(((await cookie('attribution_current'))?.value.length ?? 0) <= 512).toBe(true);
  expect(await parsed('attribution_first')).toMatchObject({ source: 'newsletter' });
  await context.close();
});

test('Global Privacy Control: events still flow, nothing is kept for marketing', async ({
  browser,
}) => {
  const context = await browser.newContext({
    extraHTTPHeaders: { 'x-test-country': 'US', 'Sec-GPC': '1' },
  });
  const page = await context.newPage();
  await open(page, '/payment/?product_group=vpn&gclid=abc');
  await expect
    .poll(async () => (await layerOf(page)).find((e) => e.event === 'page_view')?.consent_status)
    .toBe('default+gpc');
  expect((await context.cookies()).map((c) => c.name)).not.toContain('attribution_current');
  await context.close();
});

test.describe('with a tag manager container configured', () => {
  let checkout: OwnCheckout;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    checkout = await startOwnCheckout({
      GTM_ID: 'GTM-TEST123',
      GEO_COUNTRY_HEADER: 'x-test-country',
      RATE_LIMIT_MAX: '100000',
    });
  });
  test.afterAll(() => checkout.stop());

  test('an opt-in visitor gets no tag manager, attribution or collected event before consenting', async ({
    browser,
  }) => {
    const context = await browser.newContext({
      baseURL: checkout.baseUrl,
      extraHTTPHeaders: { 'x-test-country': 'DE' },
    });
    const page = await context.newPage();
    const gtm: string[] = [];
    const beacons: string[] = [];
    // Google's container, faked: it marks that it ran (the page's policy let it).
    await page.route('https://www.googletagmanager.com/**', (route) => {
      gtm.push(route.request().url());
      return route.fulfill({
        contentType: 'application/javascript',
        body: 'window.__gtmRan = true;',
      });
    });
    page.on('request', (r) => {
      if (r.url().includes('/api/events/')) beacons.push(r.url());
    });
    const blocked: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) blocked.push(m.text());
    });
    await open(page, '/de/payment/?product_group=vpn&gclid=abc');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await page.waitForTimeout(2500);
    expect(gtm).toEqual([]);
    expect(beacons).toEqual([]);
    expect(await layerOf(page)).toEqual([]);
    expect((await context.cookies()).map((c) => c.name)).not.toContain('attribution_current');

    await dialog.locator('button.button:not(.button-secondary)').click();
    await expect.poll(() => gtm.length).toBe(1);
    expect(gtm[0]).toContain('id=GTM-TEST123');
    await expect
      .poll(() => page.evaluate(() => (window as { __gtmRan?: boolean }).__gtmRan))
      .toBe(true);
    expect(blocked).toEqual([]);
    await expect
      .poll(async () => (await context.cookies()).map((c) => c.name))
      .toContain('attribution_current');
    const layer = await layerOf(page);
    // The page's own events, kept while the visitor decided, then the decision itself.
    expect(layer.find((e) => e.event === 'page_view')).toMatchObject({
      consent_status: 'necessary+analytics+marketing',
      page_language: 'de-DE',
      currency: 'EUR',
    });
    expect(
      layer.find((e) => e.event === 'click' && e.element === 'consent-accept-all'),
    ).toMatchObject({
      section: 'consent',
      consent_status: 'necessary+analytics+marketing',
    });
    await expect.poll(() => beacons.length, { timeout: 10_000 }).toBeGreaterThan(0);
    await context.close();
  });

  test('an opt-in visitor who rejects gets no tag manager and sends nothing', async ({
    browser,
  }) => {
    const context = await browser.newContext({
      baseURL: checkout.baseUrl,
      extraHTTPHeaders: { 'x-test-country': 'FR' },
    });
    const page = await context.newPage();
    const outside: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('googletagmanager') || r.url().includes('/api/events/'))
        outside.push(r.url());
    });
    await open(page, '/fr/payment/?product_group=vpn&utm_source=x');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await dialog.locator('button.button-secondary').first().click();
    await page.waitForTimeout(3000);
    expect(outside).toEqual([]);
    expect(await layerOf(page)).toEqual([]);
    const names = (await context.cookies()).map((c) => c.name);
    expect(names).not.toContain('attribution_current');
    expect((await context.cookies()).find((c) => c.name === 'consent')?.value).toBe('necessary');
    await context.close();
  });
});
