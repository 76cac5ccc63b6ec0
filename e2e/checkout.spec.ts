import { expect, test, type Page } from '@playwright/test';

/** Opens a page and waits until React has hydrated it, so clicks reach the app. */
async function open(page: Page, url: string) {
  await page.goto(url);
  await page.locator('html[data-hydrated="true"]').waitFor();
}

async function submitEmail(page: Page, email: string) {
  const form = page.locator('[data-element="email-form"]');
  await form.locator('input[type="email"]').first().fill(email);
  await form.locator('button[type="submit"]').click();
}

for (const { prefix, lang, stepName } of [
  { prefix: '', lang: 'en-US', stepName: 'Payment' },
  { prefix: '/de', lang: 'de-DE', stepName: 'Zahlung' },
  { prefix: '/ar', lang: 'ar', stepName: 'الدفع' },
]) {
  test(`${lang}: from plan to the payment step, and a reload keeps the cart`, async ({ page }) => {
    await open(page, `${prefix}/payment/?product_group=vpn`);
    await page.locator('[data-plan="vpn-basic-2y"]').click();
    await submitEmail(page, 'shopper@gmail.com');
    await expect(page.locator('[data-element="email-confirmed"]')).toContainText(
      'shopper@gmail.com',
    );
    await expect(page.locator('[aria-current="step"]')).toContainText(stepName);
    await expect(page).toHaveURL(/cart_id=[0-9a-f-]{36}/);
    await expect(page).not.toHaveURL(/product=/);
    await page.reload();
    await expect(page.locator('[data-element="email-confirmed"]')).toContainText(
      'shopper@gmail.com',
    );
    await expect(page.locator('[data-plan="vpn-basic-2y"] input')).toBeChecked();
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
  });
}

test('a blocked e-mail domain is refused in plain words', async ({ page }) => {
  await open(page, '/payment/?product_group=vpn');
  await submitEmail(page, 'anna@mailinator.com');
  const alert = page.locator('[data-element="email-form"] [role="alert"]');
  await expect(alert).toHaveText('Invalid email. Try again with another email address.');
  await submitEmail(page, 'anna');
  await expect(alert).toHaveText('Email is not valid');
  await submitEmail(page, '');
  await expect(alert).toHaveText('Email cannot be empty');
});

test('a mistyped domain gets a suggestion', async ({ page }) => {
  await open(page, '/payment/?product_group=vpn');
  await page.locator('[data-element="email-form"] input[type="email"]').fill('anna@gmial.com');
  const suggestion = page.locator('[data-element="email-suggestion"]');
  await expect(suggestion).toHaveText('Did you mean anna@gmail.com?');
  await suggestion.click();
  await expect(page.locator('[data-element="email-form"] input[type="email"]')).toHaveValue(
    'anna@gmail.com',
  );
});

test('a US visitor is asked for state and ZIP code, a Canadian for the province', async ({
  browser,
}) => {
  const us = await browser.newContext({ extraHTTPHeaders: { 'x-test-country': 'US' } });
  const usPage = await us.newPage();
  await open(usPage, '/payment/?product_group=vpn');
  await expect(usPage.getByLabel('State', { exact: true })).toHaveValue('US-CA');
  await expect(usPage.getByLabel('ZIP code')).toBeVisible();
  await usPage.getByLabel('State', { exact: true }).selectOption('US-WA');
  await expect(usPage.locator('[data-element="summary-tax"]')).toContainText('6.5%');
  await expect(usPage.locator('[data-element="summary-total"]')).toHaveText('$63.77');
  await us.close();

  const ca = await browser.newContext({ extraHTTPHeaders: { 'x-test-country': 'CA' } });
  const caPage = await ca.newPage();
  await open(caPage, '/payment/?product_group=vpn');
  await expect(caPage.getByLabel('Province', { exact: true })).toHaveValue('CA-AB');
  await expect(caPage.getByLabel('ZIP code')).toHaveCount(0);
  await expect(caPage.getByLabel('Province', { exact: true }).locator('option')).toHaveCount(13);
  await ca.close();
});

test('the first answer carries the tax and its total; the browser asks for no quote on arrival', async ({
  browser,
}) => {
  // A Canadian visitor starts in Alberta: 5 % GST on top of the 1-year plan's CA$81.48.
  const ca = await browser.newContext({ extraHTTPHeaders: { 'x-test-country': 'CA' } });
  const page = await ca.newPage();
  const html = await (await page.request.get('/payment/?product_group=vpn')).text();
  expect(html).toContain('data-element="summary-tax"');
  expect(html).toMatch(/data-element="summary-total"[^>]*>CA\$85\.55</);
  // (The message itself is in the flight data's catalog, for a later change of address.)
  expect(html).not.toMatch(/<p[^>]*>Calculating tax/);
  const quotes: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/payments/taxes/')) quotes.push(request.url());
  });
  await open(page, '/payment/?product_group=vpn');
  await expect(page.locator('[data-element="summary-tax"]')).toContainText('5%');
  await expect(page.locator('[data-element="summary-total"]')).toHaveText('CA$85.55');
  await page.waitForLoadState('networkidle');
  expect(quotes).toEqual([]);
  // Another province is priced by the browser, as before (the change saves a cart with its tax).
  await page.getByLabel('Province', { exact: true }).selectOption('CA-ON');
  await expect(page.locator('[data-element="summary-tax"]')).toContainText('13%');
  await ca.close();
});

test('picking another country with regions brings its regions (fetched on use)', async ({
  browser,
}) => {
  const ca = await browser.newContext({ extraHTTPHeaders: { 'x-test-country': 'CA' } });
  const page = await ca.newPage();
  await open(page, '/payment/?product_group=vpn');
  await page.getByLabel('Country', { exact: true }).selectOption('US');
  const state = page.getByLabel('State', { exact: true });
  await expect(state).toHaveValue('US-CA');
  await expect(state.locator('option')).toHaveCount(51);
  await state.selectOption('US-WA');
  await expect(page.locator('[data-element="summary-tax"]')).toContainText('6.5%');
  await page.getByLabel('Country', { exact: true }).selectOption('AE');
  await expect(page.getByLabel('Emirate', { exact: true }).locator('option')).toHaveCount(7);
  await expect(page.getByLabel('Emirate', { exact: true })).toHaveValue('AE-AZ');
  await ca.close();
});

test('German prices include VAT and say so', async ({ browser }) => {
  const de = await browser.newContext({ extraHTTPHeaders: { 'x-test-country': 'DE' } });
  const page = await de.newPage();
  await open(page, '/de/payment/?product_group=vpn');
  await expect(page.locator('[data-element="summary-total"]')).toHaveText(/^55,08\s€$/);
  await expect(page.locator('[data-element="summary-tax-included"]')).toContainText(/8,79\s€/);
  await de.close();
});

test('a coupon applies, is removed, and an expired one is declined', async ({ page }) => {
  await open(page, '/payment/?product_group=vpn');
  await page.getByRole('button', { name: 'Have a coupon code?' }).click();
  await page.getByLabel('Coupon code').fill('summer25');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.locator('[data-element="coupon-form"] [role="alert"]')).toHaveText(
    'This coupon code has expired.',
  );
  await page.getByLabel('Coupon code').fill('welcome20');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.locator('[data-element="coupon-applied"]')).toContainText(
    'Coupon WELCOME20 applied',
  );
  // $99.99 regular, $59.88 on sale, $47.89 with the 20 % coupon: each discount on its own line.
  await expect(page.locator('[data-element="summary-line-main"] dd')).toHaveText('$99.99');
  await expect(page.locator('[data-element="summary-discount"]')).toHaveText(
    /^Discount\s*−\$40\.11$/,
  );
  await expect(page.locator('[data-element="summary-coupon"]')).toHaveText(
    /^Coupon WELCOME20\s*−\$11\.99$/,
  );
  await expect(page.locator('[data-element="summary-total"]')).toHaveText('$47.89');
  // The chosen plan's card says what the summary says.
  await expect(page.locator('[data-plan="vpn-basic-1y"]')).toContainText(
    '$47.89 for the first 1 year',
  );
  await page.getByRole('button', { name: 'Remove coupon' }).click();
  await expect(page.getByText('Coupon removed')).toBeVisible();
  await expect(page.locator('[data-element="summary-total"]')).toHaveText('$59.88');
});

test('the cross-sell plan is added to and removed from the summary', async ({ page }) => {
  await open(page, '/payment/?product_group=vpn&product_xs=1');
  await expect(page.locator('[data-element="summary-line-cross_sell"]')).toContainText(
    'Aegis Pass',
  );
  const offer = page.locator('[data-element="cross-sell-pass-individual-1y-xs"]');
  await offer.getByRole('button', { name: 'Remove' }).click();
  await expect(page.locator('[data-element="summary-line-cross_sell"]')).toHaveCount(0);
  await offer.getByRole('button', { name: 'Add to order' }).click();
  await expect(page.locator('[data-element="summary-total"]')).toHaveText('$71.76');
});

test('the qa id and sensitive parameters leave the address', async ({ page }) => {
  await open(page, '/payment/?product_group=vpn&qa=tester&code=abc&state=xyz&hide_error=1');
  await expect(page).toHaveURL('/payment/?product_group=vpn');
});
