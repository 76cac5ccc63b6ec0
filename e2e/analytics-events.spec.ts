/**
 * Analytics events of issue 17 beyond a plain purchase: coupon, tax-region and payment-method
 * choices, the error screen's label (spec §8), the source and flow of the event context, and a
 * batch that survives the tab being closed. Each is read back from window.dataLayer and from the
 * first-party collector's table.
 */
import {
  expect,
  test,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from '@playwright/test';

interface Collected {
  event: string;
  section: string | null;
  element: string | null;
  page: string;
  context: Record<string, unknown>;
  data: Record<string, unknown> | null;
}

type Layer = { event?: string } & Record<string, unknown>;

async function open(page: Page, url: string) {
  await page.goto(url);
  await page.locator('html[data-hydrated="true"]').waitFor();
}

const layerOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { dataLayer?: Layer[] }).dataLayer ?? []);

async function browserIdOf(context: BrowserContext): Promise<string> {
  const id = (await context.cookies()).find((c) => c.name === 'browser_id')?.value;
  expect(id, 'the tracker gives the browser an id').toBeTruthy();
  return id ?? '';
}

async function collected(request: APIRequestContext, browserId: string): Promise<Collected[]> {
  const res = await request.get(`/api/sandbox/events/?browser_id=${browserId}`);
  return ((await res.json()) as { events: Collected[] }).events;
}

const named = <T extends { event?: string }>(list: readonly T[], names: readonly string[]) =>
  list.filter((e) => names.includes(e.event ?? ''));

const CHOICES = [
  'coupon_initiated',
  'coupon_declined',
  'coupon_initiated',
  'coupon_applied',
  'coupon_removed',
  'taxes_selected',
  'payments_selected',
];

test('coupon, tax-region and payment-method choices are reported with their context', async ({
  browser,
}) => {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-test-country': 'US' } });
  const page = await context.newPage();
  await open(page, '/payment/?product_group=vpn');

  await page.getByRole('button', { name: 'Have a coupon code?' }).click();
  await page.getByLabel('Coupon code').fill('summer25');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.locator('[data-element="coupon-form"] [role="alert"]')).toBeVisible();
  await page.getByLabel('Coupon code').fill('welcome20');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.locator('[data-element="coupon-applied"]')).toBeVisible();
  await page.getByRole('button', { name: 'Remove coupon' }).click();
  await expect(page.getByText('Coupon removed')).toBeVisible();
  await page.getByLabel('State', { exact: true }).selectOption('US-WA');
  await expect(page.locator('[data-element="summary-tax"]')).toContainText('6.5%');
  // The payment methods open once the e-mail is confirmed.
  const email = page.locator('[data-element="email-form"]');
  await email.locator('input[type="email"]').fill('analytics-choices@gmail.com');
  await email.locator('button[type="submit"]').click();
  await expect(page.locator('[data-element="email-confirmed"]')).toBeVisible();
  await page.locator('[data-element="provider-paypal"]').click();

  await expect
    .poll(async () => named(await layerOf(page), CHOICES).map((e) => e.event))
    .toEqual(CHOICES);
  const layer = named(await layerOf(page), CHOICES);
  expect(layer[1]).toMatchObject({
    section: 'order-summary',
    element: 'coupon-form',
    coupon: { status: 'declined', code: 'SUMMER25' },
    error_message: expect.any(String),
  });
  expect(layer[3]).toMatchObject({ coupon: { status: 'applied', code: 'WELCOME20' } });
  expect(layer[4]).toMatchObject({ coupon: { status: 'removed', code: 'WELCOME20' } });
  expect(layer[5]).toMatchObject({
    section: 'order-summary',
    element: 'billing-address',
    taxes: { selected: 'US-WA', preselected: 'US-CA' },
  });
  expect(layer[6]).toMatchObject({
    section: 'payment-methods',
    element: 'provider-paypal',
    payments: { selected: 'paypal' },
    taxes: { selected: 'US-WA' },
  });

  // The same events, in the same order and with the same context, in the collector's table.
  const browserId = await browserIdOf(context);
  await expect
    .poll(async () =>
      named(await collected(context.request, browserId), CHOICES).map((e) => e.event),
    )
    .toEqual(CHOICES);
  const rows = named(await collected(context.request, browserId), CHOICES);
  expect(rows[1]?.context).toMatchObject({ coupon: { status: 'declined', code: 'SUMMER25' } });
  expect(rows[3]?.context).toMatchObject({ coupon: { status: 'applied', code: 'WELCOME20' } });
  expect(rows[4]?.context).toMatchObject({ coupon: { status: 'removed', code: 'WELCOME20' } });
  expect(rows[5]).toMatchObject({
    element: 'billing-address',
    context: { taxes: { selected: 'US-WA', preselected: 'US-CA' } },
  });
  expect(rows[6]).toMatchObject({
    section: 'payment-methods',
    element: 'provider-paypal',
    context: { payments: { selected: 'paypal' } },
  });
  await context.close();
});

test('payments_preselected names the method payment_provider preselects, not the first loaded', async ({
  browser,
}) => {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-test-country': 'US' } });
  const page = await context.newPage();
  await open(page, '/payment/?product_group=vpn&payment_provider=paypal');
  const email = page.locator('[data-element="email-form"]');
  await email.locator('input[type="email"]').fill('analytics-preselect@gmail.com');
  await email.locator('button[type="submit"]').click();
  await expect(page.locator('[data-element="provider-paypal"] input')).toBeChecked();
  await expect
    .poll(async () => (await layerOf(page)).find((e) => e.event === 'payments_preselected'))
    .toMatchObject({ payments: { preselected: 'paypal', selected: 'paypal' } });
  await context.close();
});

test("the not-found screen reports an error with spec §8's label", async ({ browser }) => {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-test-country': 'US' } });
  const page = await context.newPage();
  await page.goto('/no-such-page/');
  await page.locator('html[data-hydrated="true"]').waitFor();
  await expect(page.locator('[data-error-status="404"]')).toBeVisible();
  await expect
    .poll(async () => (await layerOf(page)).find((e) => e.event === 'error')?.error_message)
    .toBe('Page not found');
  const browserId = await browserIdOf(context);
  await expect
    .poll(async () =>
      (await collected(context.request, browserId)).find((e) => e.event === 'error'),
    )
    .toMatchObject({ page: '/no-such-page/', context: { error_message: 'Page not found' } });
  await context.close();
});

test('closing the tab sends what was batched; events name the source site and the flow', async ({
  browser,
}) => {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-test-country': 'US' } });
  const page = await context.newPage();
  await open(
    page,
    '/payment/?product_group=vpn&nord_origin=partner-site&package_identifier=vpn-default',
  );
  await expect
    .poll(async () => (await layerOf(page)).find((e) => e.event === 'page_view'))
    .toMatchObject({ source_nord_id: 'partner-site', flow_type: 'package_identifier' });
  const browserId = await browserIdOf(context);

  // A click, and the tab closed at once: far inside the two seconds after which a batch goes by
  // itself, so only the page's farewell (pagehide → sendBeacon) can carry it.
  await page.locator('[data-element="tier-plus"]').click();
  await page.close({ runBeforeUnload: true });

  await expect
    .poll(
      async () =>
        (await collected(context.request, browserId)).find(
          (e) => e.event === 'click' && e.element === 'tier-plus',
        ),
      { timeout: 10_000 },
    )
    .toMatchObject({
      section: 'plans',
      context: { source_nord_id: 'partner-site', flow_type: 'package_identifier' },
    });
  await context.close();
});
