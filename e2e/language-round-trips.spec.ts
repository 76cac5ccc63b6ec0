/**
 * The shopper's language and product survive every trip away from the checkout (issue 27): a
 * 3-D Secure challenge, a provider's approval page, a declined challenge and a login all come
 * back to the pages of the language the shopper chose, with the product's brand in the header;
 * and the gateway's card frame speaks that language, right to left where it is written so.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { PASSWORD } from './account';
import { cardFrame, confirmEmailForCard } from './card';
import { qaToken } from './qa';

type Words =
  'toSignup' | 'email' | 'password' | 'submitSignup' | 'verifyTitle' | 'code' | 'submitVerify';
type Catalog = { account: Record<Words, string> };
const AR = (JSON.parse(readFileSync('apps/web/messages/ar.json', 'utf8')) as Catalog).account;

/** A German shopper in Germany who decided on cookies on an earlier visit (no dialog). */
async function germanShopper(browser: Browser) {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-test-country': 'DE' } });
  const url = test.info().project.use.baseURL ?? '';
  await context.addCookies([{ name: 'consent', value: 'necessary', url }]);
  return context;
}

async function open(page: Page, url: string) {
  await page.goto(url);
  await page.locator('html[data-hydrated="true"]').waitFor();
}

/** Types a card into the frame by field id (the labels are in the shopper's language) and pays. */
async function payWithCardById(page: Page, number: string) {
  const frame = cardFrame(page);
  await frame.locator('#number').fill(number);
  await frame.locator('#expiry').fill('12 / 30');
  await frame.locator('#cvc').fill('123');
  await frame.locator('#name').fill('Anna Schmidt');
  await page.locator('[data-element="pay-button"]').click();
}

/** Every address the tab's page showed, in order. */
function visited(page: Page): string[] {
  const urls: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) urls.push(frame.url());
  });
  return urls;
}

const pathOf = (url: string) => new URL(url).pathname;
const paramOf = (url: string, name: string) => new URL(url).searchParams.get(name);

test('a German shopper paying with a 3-D Secure card ends on the German pages with the product brand', async ({
  browser,
}) => {
  const context = await germanShopper(browser);
  const page = await context.newPage();
  const urls = visited(page);
  await open(page, '/de/payment/?product_group=pass');
  await confirmEmailForCard(page, 'dreids-de@gmail.com');
  await payWithCardById(page, '4000 0000 0000 3220');
  await page.getByLabel('Confirmation code').fill('123456');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.waitForURL(/\/success\/\?/);

  expect(pathOf(page.url())).toBe('/de/success/');
  expect(paramOf(page.url(), 'product_group')).toBe('pass');
  const processing = urls.filter((u) => pathOf(u).endsWith('/processing/'));
  expect(processing.length).toBeGreaterThan(0);
  for (const url of processing) {
    expect(pathOf(url)).toBe('/de/processing/');
    expect(paramOf(url, 'product_group')).toBe('pass');
  }
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
  await expect(page.locator('header')).toContainText('Aegis Pass');
  await context.close();
});

test('a 3-D Secure challenge in the checkout dialog also hands back to the German pages', async ({
  browser,
}) => {
  const context = await germanShopper(browser);
  const page = await context.newPage();
  await open(page, `/de/payment/?product_group=pass&qa=${qaToken()}&ff=iframe-modal-3ds:on`);
  await confirmEmailForCard(page, 'dreids-modal-de@gmail.com');
  await payWithCardById(page, '4000 0000 0000 3220');
  const modal = page.frameLocator('[data-element="payment-frame"]');
  await modal.getByLabel('Confirmation code').fill('123456');
  await modal.getByRole('button', { name: 'Confirm' }).click();
  await page.waitForURL(/\/success\/\?/);

  expect(pathOf(page.url())).toBe('/de/success/');
  expect(paramOf(page.url(), 'product_group')).toBe('pass');
  await expect(page.locator('header')).toContainText('Aegis Pass');
  await context.close();
});

test('a declined 3-D Secure challenge brings a German shopper back to the German checkout', async ({
  browser,
}) => {
  const context = await germanShopper(browser);
  const page = await context.newPage();
  await open(page, '/de/payment/?product_group=pass');
  await confirmEmailForCard(page, 'dreids-declined-de@gmail.com');
  await payWithCardById(page, '4000 0000 0000 3220');
  await page.getByRole('button', { name: 'Decline' }).click();
  await page.waitForURL(/\/payment\/\?.*cart_id=/);

  expect(pathOf(page.url())).toBe('/de/payment/');
  expect(paramOf(page.url(), 'product_group')).toBe('pass');
  await expect(page.locator('header')).toContainText('Aegis Pass');
  await expect(page.locator('[data-element="payment-error"]')).toBeVisible();
  await context.close();
});

test('a Japanese shopper approving on the provider page ends on the Japanese success page', async ({
  page,
}) => {
  await open(page, '/ja/payment/?product_group=pass');
  const form = page.locator('[data-element="email-form"]');
  await form.locator('input[type="email"]').fill('approval-ja@gmail.com');
  await form.locator('button[type="submit"]').click();
  await expect(page.locator('[data-element="email-confirmed"]')).toBeVisible();
  await page.locator('[data-element="provider-paypal"]').click();
  await page.locator('[data-element="pay-button"]').click();
  await page.waitForURL(/\/api\/sandbox\/checkout\//);
  await page.getByRole('button', { name: 'Approve payment' }).click();
  await page.waitForURL(/\/success\/\?/);

  expect(pathOf(page.url())).toBe('/ja/success/');
  expect(paramOf(page.url(), 'product_group')).toBe('pass');
  await expect(page.locator('header')).toContainText('Aegis Pass');
});

test('an Arabic shopper who signs up from /ar/dashboard/ comes back to /ar/dashboard/', async ({
  page,
}) => {
  const email = `dashboard-ar-${Date.now()}@gmail.com`;
  await page.goto('/ar/dashboard/');
  await page.waitForURL(/\/ar\/account\/login\/[\w-]+\/$/);
  await page.locator('html[data-hydrated="true"]').waitFor();
  await page.getByRole('link', { name: AR.toSignup }).click();
  await page.getByLabel(AR.email).fill(email);
  await page.getByLabel(AR.password).fill(PASSWORD);
  await page.getByRole('button', { name: AR.submitSignup }).click();
  await expect(page.getByRole('heading', { name: AR.verifyTitle })).toBeVisible();
  const mailbox = await page.request.get(`/api/sandbox/mailbox/?to=${encodeURIComponent(email)}`);
  // The code, not the digits of the address.
  const code = /\b(\d{8})\b/.exec(await mailbox.text())?.[1];
  expect(code).toMatch(/^\d{8}$/);
  await page.getByLabel(AR.code).fill(code!);
  await page.getByRole('button', { name: AR.submitVerify }).click();
  await page.waitForURL((url) => url.pathname.endsWith('/dashboard/'));

  expect(pathOf(page.url())).toBe('/ar/dashboard/');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
});

test("the checkout's login links come back to the checkout in its language", async ({ page }) => {
  const checkout = '/ja/payment/?product_group=pass&existing_user=1';
  await open(page, checkout);
  const link = page.locator('[data-element="email-form"] a[href*="/login/"]');
  const href = new URL((await link.getAttribute('href')) ?? '', page.url());
  expect(href.pathname).toBe('/ja/login/');
  expect(href.searchParams.get('login_target')).toBe(checkout);
});

test('the card frame speaks the checkout language: Hebrew right to left, German', async ({
  page,
}) => {
  await open(page, '/he/payment/?product_group=vpn');
  await confirmEmailForCard(page, 'frame-he@gmail.com');
  const frameHtml = cardFrame(page).locator('html');
  await expect(frameHtml).toHaveAttribute('lang', /^he\b/);
  await expect(frameHtml).toHaveAttribute('dir', 'rtl');

  await open(page, '/de/payment/?product_group=vpn');
  await confirmEmailForCard(page, 'frame-de@gmail.com');
  await expect(cardFrame(page).locator('html')).toHaveAttribute('lang', /^de\b/);
  await expect(cardFrame(page).locator('html')).toHaveAttribute('dir', 'ltr');
});
