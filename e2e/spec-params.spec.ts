/**
 * Spec §2 query parameters, §3 application context and storage keys, §4 countdown, and the small
 * departures of issue 15, as a shopper sees them.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { confirmEmailForCard, payWithCard } from './card';

const DECLINED =
  'The transaction has been declined. Please make sure you have enough funds in your account and provided the correct payment information. You can also try a different credit card or payment method.';

async function open(page: Page, url: string) {
  await page.goto(url);
  await page.locator('html[data-hydrated="true"]').waitFor();
}

/** The runtime dev-settings cookie (spec §3), honoured outside production. */
async function devSettings(context: BrowserContext, baseURL: string, settings: object) {
  await context.addCookies([
    {
      name: 'runtime_dev_settings',
      value: encodeURIComponent(JSON.stringify(settings)),
      url: baseURL,
    },
  ]);
}

test('?locale=de renders the checkout in German at its German address', async ({ page }) => {
  await open(page, '/?locale=de&product_group=vpn');
  expect(new URL(page.url()).pathname).toBe('/de/');
  expect(new URL(page.url()).searchParams.get('product_group')).toBe('vpn');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
  await expect(page.getByRole('link', { name: 'Zum Hauptinhalt springen' })).toBeAttached();
});

test('an unknown locale is dropped from the address, not an error page', async ({ page }) => {
  const response = await page.goto('/payment/?locale=klingon&product_group=vpn');
  expect(response?.status()).toBe(200);
  expect(page.url()).toMatch(/\/payment\/\?product_group=vpn$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
});

test('hide_error=1 hides the declined alert that error=declined shows', async ({ page }) => {
  await open(page, '/payment/?product_group=vpn&error=declined');
  await expect(page.getByRole('alert').filter({ hasText: DECLINED })).toBeVisible();

  await open(page, '/payment/?product_group=vpn&error=declined&hide_error=1');
  await expect(page.locator('[data-section="plans"]')).toBeVisible();
  await expect(page.getByText(DECLINED)).toHaveCount(0);
});

test('payment_status=error on the checkout shows the declined alert; a malformed one is removed', async ({
  page,
}) => {
  await open(page, '/payment/?product_group=vpn&payment_status=error');
  await expect(page.getByRole('alert').filter({ hasText: DECLINED })).toBeVisible();

  await open(page, '/payment/?product_group=vpn&payment_status=approved&currency=euro');
  await expect(page).toHaveURL(/\/payment\/\?product_group=vpn$/);
  await expect(page.getByText(DECLINED)).toHaveCount(0);
});

test('a paid card payment lands on success with payment_status=paid and the return parameters', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await open(
    page,
    '/payment/?product_group=vpn&success_uri=/dashboard/&success_alert=1&plan_upgraded=1&services=vpn,pass',
  );
  await confirmEmailForCard(page, `spec-params-${Date.now()}@gmail.com`);
  await payWithCard(page, '4242 4242 4242 4242');
  await page.waitForURL(/\/success\//);
  const url = new URL(page.url());
  expect(url.searchParams.get('payment_status')).toBe('paid');
  expect(url.searchParams.get('order_id')).toMatch(/^[0-9a-f-]{36}$/);
  // services shapes the apps offered; success_uri the way on. plan_upgraded=1 in the address of
  // a plain purchase does not make it an upgrade: the title comes from the order (e2e/upgrade).
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your purchase!');
  await expect(page.locator('[data-element="claim-pass"]')).toBeVisible();
  await expect(page.locator('[data-element="success-continue"]')).toHaveAttribute(
    'href',
    /\/dashboard\/\?success_alert=1$/,
  );
  // The receipt line appears once the api has queued the receipt: e2e/billing.spec.ts.
  // A purchase makes this browser a returning buyer (storage key buyer_type).
  expect(await page.evaluate(() => localStorage.getItem('buyer_type'))).toBe('returning');
});

test('/success/ without an order, or with one nobody knows, is the error screen', async ({
  page,
}) => {
  for (const url of ['/success/', '/success/?order_id=7d1f0a52-8a7e-4e55-9a3b-2f6c1d0e9b41']) {
    expect((await page.goto(url))?.status()).toBe(404);
    await expect(page).toHaveTitle('Error 404');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      "Oh hey! Looks like you're lost.",
    );
    await expect(page.getByText('Thank you for your purchase!')).toHaveCount(0);
  }
});

test('a countdown end time of 0 is an active offer without a deadline', async ({
  page,
  context,
  baseURL,
}) => {
  await open(page, '/payment/?product_group=vpn');
  await expect(page.locator('[data-element="countdown"]')).toHaveCount(0);

  await devSettings(context, baseURL ?? '', { countdownEndTime: 0 });
  await open(page, '/payment/?product_group=vpn');
  await expect(page.locator('[data-element="countdown"]')).toHaveText('Limited-time offer');
});

test('the promo-badge flags put their badge on the discounted plan cards', async ({
  page,
  context,
  baseURL,
}) => {
  await open(page, '/payment/?product_group=vpn');
  const saving = page.locator('[data-element="plan-picker"]').getByText(/^Save \d+%$/);
  await expect(saving.first()).toBeVisible();
  const discounted = await saving.count();
  await expect(page.locator('[data-element="promo-badge"]')).toHaveCount(0);

  await devSettings(context, baseURL ?? '', {
    featureFlags: 'promo-badge-black-friday:on,promo-badge-discount:off',
  });
  await open(page, '/payment/?product_group=vpn');
  await expect(page.locator('[data-element="promo-badge"]')).toHaveCount(discounted);
  await expect(page.locator('[data-element="promo-badge"]').first()).toHaveText(
    'Black Friday deal',
  );
  await expect(saving).toHaveCount(0);

  await devSettings(context, baseURL ?? '', { featureFlags: 'promo-badge-birthday:on' });
  await open(page, '/de/payment/?product_group=vpn');
  await expect(page.locator('[data-element="promo-badge"]').first()).toHaveText(
    'Geburtstagsangebot',
  );
});

test('main_merchant and descriptor pick the statement line', async ({ page }) => {
  await open(page, '/payment/?product_group=vpn');
  await expect(page.locator('[data-element="statement-line"]')).toHaveText(
    'Appears on your card statement as Aegis VPN Ltd.',
  );
  await open(page, '/payment/?product_group=vpn&main_merchant=umbrella&descriptor=SPRING');
  await expect(page.locator('[data-element="statement-line"]')).toHaveText(
    'Appears on your card statement as Aegis Security Ltd.*SPRING',
  );
  // A descriptor with markup is not shown and leaves the address.
  await open(page, '/payment/?product_group=vpn&descriptor=%3Cb%3EX%3C%2Fb%3E');
  await expect(page.locator('[data-element="statement-line"]')).toHaveText(
    'Appears on your card statement as Aegis VPN Ltd.',
  );
  await expect(page).toHaveURL(/\/payment\/\?product_group=vpn$/);
});

test('a VPN affiliate id outlives the session and rides on outgoing links', async ({
  page,
  context,
}) => {
  await open(page, '/payment/?product_group=vpn&nv_tri=aff42&nv_trs=visit7');
  expect(await page.evaluate(() => localStorage.getItem('vpn_affiliate'))).toBe('aff42');
  expect(await page.evaluate(() => sessionStorage.getItem('referral_visit_id'))).toBe('visit7');

  // A new tab is a new session: only the affiliate key is left.
  const later = await context.newPage();
  await open(later, '/?product_group=vpn');
  expect(await later.evaluate(() => sessionStorage.getItem('current_session'))).toBe('{}');
  const link = later.locator('a[data-outgoing]').first();
  await link.evaluate((a) => a.addEventListener('click', (e) => e.preventDefault()));
  await link.click();
  expect(await link.getAttribute('href')).toContain('nv_tri=aff42');
});

test('a coupon entered for VPN comes back on the next VPN visit, and only for VPN', async ({
  page,
  context,
}) => {
  await open(page, '/payment/?product_group=vpn&coupon=welcome20');
  await expect(page.locator('[data-element="coupon-applied"]')).toContainText(
    'Coupon WELCOME20 applied',
  );

  const next = await context.newPage();
  await open(next, '/payment/?product_group=vpn');
  await expect(next.locator('[data-element="coupon-applied"]')).toContainText(
    'Coupon WELCOME20 applied',
  );
  await open(next, '/payment/?product_group=data_removal');
  await expect(next.locator('[data-section="plans"]')).toBeVisible();
  await expect(next.locator('[data-element="coupon-applied"]')).toHaveCount(0);
});
