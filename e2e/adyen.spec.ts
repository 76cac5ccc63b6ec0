/**
 * Paying through Adyen (issue 31) in Chromium: the checkout started with ADYEN_* pointing at the
 * fake Adyen (OpenAPI-checked, running here as an HTTP server), adyen-web's own code running on
 * the page, and only what Adyen hosts (secured-field frames, translations, the bank's page)
 * replaced by stand-ins (adyen/adyen-hosted.ts). Declines are kept few: card-testing limits
 * count per network.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { FakeAdyen } from '../apps/api/src/modules/payments/providers/adyen-checkout/fake/fake-adyen';
import { signUpOnAccountSite } from './account';
import { standInForAdyen } from './adyen/adyen-hosted';
import { startOwnCheckout, type OwnCheckout } from './own-checkout';

const webhook = { user: 'adyen-notifier', password: randomBytes(24).toString('base64url') };
const account = {
  merchantAccount: 'AegisECOM',
  apiKey: `AQE${randomBytes(24).toString('base64url')}`,
  hmacKey: randomBytes(32).toString('hex').toUpperCase(),
};

const AR = JSON.parse(readFileSync('apps/web/messages/ar.json', 'utf8')) as {
  paymentErrors: { declined: string };
};

let checkout: OwnCheckout;
const fake = new FakeAdyen({
  ...account,
  deliver: async (body) => {
    const auth = Buffer.from(`${webhook.user}:${webhook.password}`).toString('base64');
    const answer = await fetch(`${checkout.baseUrl}/api/callback/adyen/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Basic ${auth}` },
      body,
    });
    return { status: answer.status, body: await answer.text() };
  },
});

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const url = await fake.start();
  checkout = await startOwnCheckout({
    ADYEN_API_KEY: account.apiKey,
    ADYEN_MERCHANT_ACCOUNT: account.merchantAccount,
    ADYEN_CLIENT_KEY: 'test_ABCDEFGHIJKLMNOPQRSTUVWX12345678',
    ADYEN_HMAC_KEY: account.hmacKey,
    ADYEN_WEBHOOK_USERNAME: webhook.user,
    ADYEN_WEBHOOK_PASSWORD: webhook.password,
    ADYEN_ENVIRONMENT: 'test',
    ADYEN_OPERATOR_EMAIL: 'operators@aegis.example',
    ADYEN_CHECKOUT_URL: url,
    GEO_COUNTRY_HEADER: 'x-test-country',
    RATE_LIMIT_MAX: '100000',
  });
});
test.afterAll(async () => {
  await checkout.stop();
  await fake.stop();
});
test.afterEach(() => {
  // Every request our api sent Adyen validated against Adyen's Checkout document.
  expect(fake.violations).toEqual([]);
});

/** Every Content-Security-Policy refusal the page reports (Adyen's frames, the issuer's page). */
function cspRefusals(page: Page): string[] {
  const refusals: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text()))
      refusals.push(message.text());
  });
  return refusals;
}

async function shopperIn(browser: Browser, country: string, width = 1280) {
  const context = await browser.newContext({
    baseURL: checkout.baseUrl,
    extraHTTPHeaders: { 'x-test-country': country },
    viewport: { width, height: 800 },
  });
  await context.addCookies([{ name: 'consent', value: 'necessary', url: checkout.baseUrl }]);
  const page = await context.newPage();
  return { context, page, hosted: await standInForAdyen(page, fake) };
}

async function toMethods(page: Page, url: string, email: string) {
  await page.goto(url);
  await page.locator('html[data-hydrated="true"]').waitFor();
  const form = page.locator('[data-element="email-form"]');
  await form.locator('input[type="email"]').fill(email);
  await form.locator('button[type="submit"]').click();
  await expect(page.locator('[data-element="email-confirmed"]')).toBeVisible();
}

/** Types the card into Adyen's secured fields (the stand-in frames) and the holder's name. */
async function payWithAdyenCard(page: Page, number: string, holder: string) {
  const field = (name: string) =>
    page.frameLocator(`[data-cse="${name}"] iframe`).locator('input#field');
  await field('encryptedCardNumber').fill(number);
  await field('encryptedExpiryDate').fill('03/30');
  await field('encryptedSecurityCode').fill('737');
  await page.locator('.adyen-checkout__card__holderName input').fill(holder);
  await page.locator('[data-element="pay-button"]').click();
}

/** The last /payments request of ours the fake Adyen received. */
const lastPayment = () => fake.requests.filter((r) => r.path === '/payments').at(-1)?.body;

test('a card payment in English through Adyen’s card component lands on success', async ({
  browser,
}) => {
  const { context, page } = await shopperIn(browser, 'DE');
  const loaded: string[] = [];
  page.on('request', (request) => loaded.push(request.url()));
  const refusals = cspRefusals(page);
  await toMethods(page, '/payment/?product_group=vpn', 'adyen-card@gmail.com');
  await expect(page.locator('[data-element="adyen-component"]')).toBeVisible();
  // Adyen's wallets pay through its components in the list, not as express buttons of ours.
  await expect(page.locator('[data-element^="one-click-"]').first()).toBeVisible();
  await expect(page.locator('[data-element^="one-click-adyen_"]')).toHaveCount(0);
  await payWithAdyenCard(page, '4111111111111111', 'Anna Smith');
  await page.waitForURL(/\/success\/\?order_id=/);
  await expect(page.getByRole('heading', { name: 'Thank you for your purchase!' })).toBeVisible();
  // Only the encrypted values reached our api and Adyen; the number never crossed our page.
  expect(lastPayment()).toMatchObject({
    paymentMethod: { type: 'scheme', encryptedCardNumber: 'test_4111111111111111' },
    shopperInteraction: 'Ecommerce',
  });
  expect(loaded.some((u) => u.includes('securedFields.html'))).toBe(true);
  // The page's policy admitted Adyen's frames and fetches of the test environment.
  expect(refusals).toEqual([]);
  await context.close();
});

test('a 3-D Secure 2 challenge runs in Adyen’s card component and pays once confirmed', async ({
  browser,
}) => {
  const { context, page } = await shopperIn(browser, 'DE');
  const refusals = cspRefusals(page);
  await toMethods(page, '/payment/?product_group=vpn', 'adyen-3ds@gmail.com');
  await payWithAdyenCard(page, '4212345678910006', 'Anna Smith');
  // The issuer's page, framed by adyen-web in the card component on our page.
  const acs = page.frameLocator('iframe[name="threeDSIframe"]');
  await acs.getByLabel('Code').fill('123456');
  await acs.getByRole('button', { name: 'Confirm' }).click();
  await page.waitForURL(/\/success\/\?order_id=/);
  expect(fake.requests.at(-1)).toMatchObject({
    path: '/payments/details',
    body: { details: { threeDSResult: expect.any(String) } },
  });
  // The issuer's page, on a host of its own, was framed and posted to under the page's policy.
  expect(refusals).toEqual([]);
  await context.close();
});

test('an iDEAL redirect in Dutch comes back with its redirectResult to the Dutch pages', async ({
  browser,
}) => {
  const { context, page } = await shopperIn(browser, 'NL');
  await toMethods(page, '/nl/payment/?product_group=vpn', 'adyen-ideal@gmail.com');
  await page.locator('[data-element="provider-adyen_ideal"]').click();
  await page.locator('[data-element="pay-button"]').click();
  await page.waitForURL(/checkoutshopper-test\.adyen\.com/);
  await page.locator('#approve').click();
  await page.waitForURL(/\/nl\/success\/\?order_id=/);
  await expect(page.locator('html')).toHaveAttribute('lang', /^nl/);
  expect(new URL(page.url()).searchParams.get('product_group')).toBe('vpn');
  expect(fake.requests.at(-1)).toMatchObject({
    path: '/payments/details',
    body: { details: { redirectResult: expect.any(String) } },
  });
  await context.close();
});

test('a Pix payment shows Adyen’s QR code, then lands on success once the bank app confirms', async ({
  browser,
}) => {
  const { context, page, hosted } = await shopperIn(browser, 'BR');
  await toMethods(page, '/payment/?product_group=vpn', 'adyen-pix@gmail.com');
  await page.locator('[data-element="provider-adyen_pix"]').click();
  // Pix's component has no fields of its own: our button is enabled once it is mounted.
  await expect(page.locator('[data-element="pay-button"]')).toBeEnabled();
  await page.locator('[data-element="pay-button"]').click();
  // Adyen's QR code, in its component on our page, while Adyen waits for the shopper's bank.
  const code = page.getByRole('textbox', { name: 'PIX code' });
  await expect(code).toHaveValue(/^00020126PIX/);
  const reference = String(lastPayment()?.reference);
  await expect(code).toHaveValue(`00020126PIX${fake.paymentFor(reference).pspReference}`);
  expect(fake.paymentFor(reference).resultCode).toBe('Pending');
  hosted.confirmed.add(reference);
  await page.waitForURL(/\/success\/\?order_id=/, { timeout: 30_000 });
  // The payload adyen-web's status check handed over finished the payment at Adyen.
  expect(fake.requests.at(-1)).toMatchObject({
    path: '/payments/details',
    body: { details: { payload: expect.any(String) } },
  });
  await context.close();
});

test('a declined card in Arabic at 375 px says so in view, in Arabic, right to left', async ({
  browser,
}) => {
  const { context, page, hosted } = await shopperIn(browser, 'AE', 375);
  await toMethods(page, '/ar/payment/?product_group=vpn', 'adyen-declined@gmail.com');
  await payWithAdyenCard(page, '4000000000000002', 'Anna Smith');
  const alert = page.locator('[data-element="adyen-component"] ~ [role="alert"]');
  await expect(alert).toHaveText(AR.paymentErrors.declined);
  await expect(alert).toBeInViewport();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // adyen-web asked Adyen for its Arabic texts: its labels follow the page's language.
  expect(hosted.translations).toContain('ar');
  await context.close();
});

/** A new account (signed up from the checkout) buys a VPN plan with Adyen's card component. */
async function buyAsNewAccount(page: Page, email: string) {
  await page.goto('/payment/?product_group=vpn');
  await page.locator('html[data-hydrated="true"]').waitFor();
  await page.getByRole('button', { name: 'Log in to your Account' }).click();
  await signUpOnAccountSite(page, email);
  await page.waitForURL(/\/payment\/\?product_group=vpn$/);
  await page.locator('html[data-hydrated="true"]').waitFor();
  await page.locator('[data-element="email-form"] button[type="submit"]').click();
  await payWithAdyenCard(page, '5555555555554444', 'Anna Smith');
  await page.waitForURL(/\/success\/\?order_id=/);
  return String(lastPayment()?.reference);
}

const DAY_MS = 24 * 3600_000;

test('a renewal a year later is charged to the card Adyen stored, with no shopper present', async ({
  browser,
}) => {
  const { context, page } = await shopperIn(browser, 'DE');
  const first = await buyAsNewAccount(page, `adyen-renews-${Date.now()}@gmail.com`);
  expect(lastPayment()).toMatchObject({
    storePaymentMethod: true,
    shopperInteraction: 'Ecommerce',
  });
  const clock = await page.request.post('/api/sandbox/clock/', {
    data: { advanceMs: 367 * DAY_MS },
  });
  expect(clock.ok()).toBe(true);
  const storedId = `STORED${fake.paymentFor(first).pspReference}`;
  expect(lastPayment()).toMatchObject({
    shopperInteraction: 'ContAuth',
    recurringProcessingModel: 'Subscription',
    paymentMethod: { type: 'scheme', storedPaymentMethodId: storedId },
  });
  await page.goto('/dashboard/');
  const orders = page.locator('[data-section="orders"] tbody tr');
  await expect(orders).toHaveCount(2);
  await expect(orders.first()).toContainText('Paid');
  await context.close();
});

test('a refund asked for on the dashboard goes through Adyen and issues its credit note', async ({
  browser,
}) => {
  const { context, page } = await shopperIn(browser, 'DE');
  const reference = await buyAsNewAccount(page, `adyen-refund-${Date.now()}@gmail.com`);
  await page.goto('/dashboard/');
  await page.locator('html[data-hydrated="true"]').waitFor();
  const order = page.locator('[data-section="orders"] tbody tr').first();
  await order.getByRole('button', { name: 'Request refund' }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund this order?' });
  await dialog.getByRole('button', { name: 'Request refund' }).click();
  await expect(dialog).toBeHidden();
  const psp = fake.paymentFor(reference).pspReference;
  expect(fake.requests.at(-1)).toMatchObject({ path: `/payments/${psp}/refunds` });
  // Adyen confirms the refund by webhook.
  expect(await fake.notify('REFUND', reference)).toEqual({ status: 200, body: '[accepted]' });
  await expect
    .poll(
      async () => {
        await page.goto('/dashboard/');
        return page.locator('[data-section="invoices"] tbody tr').allTextContents();
      },
      { timeout: 60_000 },
    )
    .toEqual(expect.arrayContaining([expect.stringContaining('Credit note')]));
  await expect(order).toContainText('Refunded');
  await context.close();
});

test('a chargeback ends the subscription and tells the operators', async ({ browser }) => {
  const { context, page } = await shopperIn(browser, 'DE');
  const reference = await buyAsNewAccount(page, `adyen-dispute-${Date.now()}@gmail.com`);
  expect(await fake.notify('CHARGEBACK', reference, { reason: 'Fraudulent' })).toEqual({
    status: 200,
    body: '[accepted]',
  });
  // Adyen is answered once the event is recorded; the notification inbox's job applies it.
  const subscription = page.locator('[data-section="subscriptions"] tbody tr').first();
  await expect
    .poll(
      async () => {
        await page.goto('/dashboard/');
        return subscription.textContent();
      },
      { timeout: 20_000 },
    )
    .not.toContain('Active');
  const mailbox = `/api/sandbox/mailbox/?to=${encodeURIComponent('operators@aegis.example')}`;
  await expect
    .poll(async () => (await page.request.get(mailbox)).text(), { timeout: 20_000 })
    .toContain(`CHARGEBACK on payment ${reference}`);
  await context.close();
});

test('the update-card page keeps a new card through Adyen’s card component', async ({
  browser,
}) => {
  const { context, page } = await shopperIn(browser, 'DE');
  await buyAsNewAccount(page, `adyen-new-card-${Date.now()}@gmail.com`);
  await page.goto('/dashboard/');
  await page.locator('html[data-hydrated="true"]').waitFor();
  await page.locator('[data-element="update-card"]').first().click();
  await page.waitForURL(/\/dashboard\/card\/\?subscription=/);
  await expect(page.locator('[data-element="adyen-component"]')).toBeVisible();
  await expect(page.locator('[data-element="pay-button"]')).toHaveText('Save card');
  await payWithAdyenCard(page, '4111111111111111', 'Anna Smith');
  await expect(page.locator('[data-element="card-saved"]')).toHaveText(
    'Card saved. Renewals are now charged to the card ending in 1111.',
  );
  // Stored with a zero-value payment, nothing charged.
  expect(lastPayment()).toMatchObject({
    amount: { value: 0 },
    storePaymentMethod: true,
    paymentMethod: { encryptedCardNumber: 'test_4111111111111111' },
  });
  await context.close();
});

test('the update-card page keeps a new card once its 3-D Secure challenge is passed', async ({
  browser,
}) => {
  const { context, page } = await shopperIn(browser, 'DE');
  await buyAsNewAccount(page, `adyen-new-card-3ds-${Date.now()}@gmail.com`);
  await page.goto('/dashboard/');
  await page.locator('html[data-hydrated="true"]').waitFor();
  await page.locator('[data-element="update-card"]').first().click();
  await page.waitForURL(/\/dashboard\/card\/\?subscription=/);
  await payWithAdyenCard(page, '4212345678910006', 'Anna Smith');
  // The issuer's challenge, in Adyen's card component on the update-card page.
  const acs = page.frameLocator('iframe[name="threeDSIframe"]');
  await acs.getByLabel('Code').fill('123456');
  await acs.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.locator('[data-element="card-saved"]')).toHaveText(
    'Card saved. Renewals are now charged to the card ending in 0006.',
  );
  expect(lastPayment()).toMatchObject({ amount: { value: 0 }, storePaymentMethod: true });
  expect(fake.requests.at(-1)).toMatchObject({
    path: '/payments/details',
    body: { details: { threeDSResult: expect.any(String) } },
  });
  await context.close();
});
