/**
 * PayPal as a real provider, in Chromium: a checkout of its own with PAYPAL_* set (api and web),
 * its REST calls answered by the fake PayPal (OpenAPI-checked, started here), and only what PayPal
 * hosts stood in for through Playwright's routing: its approval page (www.sandbox.paypal.com) and
 * its JS SDK (www.paypal.com/sdk/js). Our pages, our api and the page's real CSP run as they are.
 */
import { expect, test, type Page } from '@playwright/test';
import { paypalEnv } from '../apps/api/src/modules/payments/providers/paypal-orders/fake/config';
import { FakePayPal } from '../apps/api/src/modules/payments/providers/paypal-orders/fake/fake-paypal';
import { startOwnCheckout, type OwnCheckout } from './own-checkout';

/**
 * PayPal's JS SDK, stood in for: Buttons() renders one button that runs the integration's
 * createOrder, has the payer approve on PayPal's side, then runs onApprove, as PayPal's popup does.
 */
const FAKE_SDK = `
window.paypal = {
  version: '5.0.0-stand-in',
  Buttons(options) {
    let button;
    return {
      async render(host) {
        button = document.createElement('button');
        button.type = 'button';
        button.textContent = 'PayPal';
        button.onclick = async () => {
          try {
            const orderID = await options.createOrder();
            await fetch('https://www.sandbox.paypal.com/stand-in/approve?token=' + orderID, { method: 'POST' });
            await options.onApprove({ orderID, payerID: 'QYR5Z8XDVJNXQ' });
          } catch (error) {
            options.onError(error);
          }
        };
        (typeof host === 'string' ? document.querySelector(host) : host).append(button);
      },
      async close() { button?.remove(); },
    };
  },
};`;

test.describe('PayPal (fake PayPal behind a checkout of its own)', () => {
  test.describe.configure({ mode: 'serial', timeout: 150_000 });
  const env = paypalEnv();
  let checkout: OwnCheckout | undefined;
  const fake = new FakePayPal({
    clientId: env.PAYPAL_CLIENT_ID ?? '',
    clientSecret: env.PAYPAL_CLIENT_SECRET ?? '',
    webhookId: env.PAYPAL_WEBHOOK_ID ?? '',
    deliver: async (body, headers) => {
      const res = await fetch(`${checkout?.baseUrl ?? ''}/api/callback/paypal/`, {
        method: 'POST',
        headers,
        body,
      });
      return { status: res.status, body: await res.text() };
    },
  });

  test.beforeAll(async () => {
    test.setTimeout(150_000);
    const url = await fake.start();
    checkout = await startOwnCheckout({
      RATE_LIMIT_MAX: '100000',
      ...env,
      PAYPAL_API_URL: url,
    });
  });

  test.afterAll(async () => {
    await checkout?.stop();
    await fake.stop();
  });

  test.afterEach(() => {
    fake.nextCapture = 'COMPLETED';
    expect(fake.violations.splice(0)).toEqual([]);
  });

  /** PayPal's approval page and SDK, stood in for; the payer's answer goes to the fake. */
  async function standInForPayPal(page: Page) {
    await page.route('https://www.paypal.com/sdk/js**', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: FAKE_SDK }),
    );
    await page.route('https://www.sandbox.paypal.com/**', async (route) => {
      const url = new URL(route.request().url());
      const order = fake.orders.get(url.searchParams.get('token') ?? '');
      if (!order) return route.fulfill({ status: 404, body: 'no such order' });
      if (url.pathname === '/checkoutnow') {
        const back = `${order.returnUrl ?? ''}?token=${order.id}&PayerID=QYR5Z8XDVJNXQ`;
        return route.fulfill({
          contentType: 'text/html',
          body: `<!doctype html><title>PayPal</title><h1>PayPal</h1>
            <a href="/stand-in/approve?token=${order.id}&next=${encodeURIComponent(back)}">Pay Now</a>
            <a href="${order.cancelUrl ?? ''}?token=${order.id}">Cancel and return to merchant</a>`,
        });
      }
      fake.approve(order.customId);
      const next = url.searchParams.get('next');
      return next
        ? route.fulfill({ status: 302, headers: { location: next } })
        : route.fulfill({
            contentType: 'application/json',
            headers: { 'access-control-allow-origin': '*' },
            body: '{"ok":true}',
          });
    });
  }

  async function toPayPal(page: Page, email: string, prefix = '') {
    await standInForPayPal(page);
    const answer = await page.goto(
      `${checkout?.baseUrl ?? ''}${prefix}/payment/?product_group=vpn`,
    );
    expect(answer?.headers()['content-security-policy']).toMatch(
      /frame-src [^;]*https:\/\/www\.paypal\.com https:\/\/www\.sandbox\.paypal\.com/,
    );
    await page.locator('html[data-hydrated="true"]').waitFor();
    const form = page.locator('[data-element="email-form"]');
    await form.locator('input[type="email"]').fill(email);
    await form.locator('button[type="submit"]').click();
    await expect(page.locator('[data-element="email-confirmed"]')).toBeVisible();
  }

  async function redirectToPayPal(page: Page) {
    await page.locator('[data-element="provider-paypal"]').click();
    await page.locator('[data-element="pay-button"]').click();
    await page.waitForURL(/^https:\/\/www\.sandbox\.paypal\.com\/checkoutnow\?token=/);
  }

  test('redirect: approved on PayPal, captured on return, on to success', async ({ page }) => {
    await toPayPal(page, `paypal-redirect-${Date.now()}@gmail.com`);
    await redirectToPayPal(page);
    await page.getByRole('link', { name: 'Pay Now' }).click();
    await page.waitForURL(/\/success\/\?order_id=/);
    expect(fake.requests.filter((r) => r.route.endsWith('/capture'))).toHaveLength(1);
  });

  test('redirect: canceled on PayPal, back to the cart, which pays again', async ({ page }) => {
    await toPayPal(page, `paypal-cancel-${Date.now()}@gmail.com`);
    await redirectToPayPal(page);
    await page.getByRole('link', { name: 'Cancel and return to merchant' }).click();
    await page.waitForURL(/\/payment\/\?cart_id=.*payment_status=canceled/);
    await page.locator('html[data-hydrated="true"]').waitFor();
    await redirectToPayPal(page);
    await page.getByRole('link', { name: 'Pay Now' }).click();
    await page.waitForURL(/\/success\/\?order_id=/);
  });

  test("in-context: PayPal's buttons in the express section pay, in German", async ({ page }) => {
    const sdk: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith('https://www.paypal.com/sdk/js')) sdk.push(request.url());
    });
    await toPayPal(page, `paypal-incontext-${Date.now()}@gmail.com`, '/de');
    const buttons = page.locator('[data-element="one-click-paypal_incontext"]');
    await expect(buttons.getByRole('button', { name: 'PayPal' })).toBeVisible();
    // PayPal's script carries the page's nonce, for the inline code PayPal adds itself.
    await expect(page.locator('script[src^="https://www.paypal.com/sdk/js"]')).toHaveAttribute(
      'data-csp-nonce',
      /^[A-Za-z0-9+/]{22}==$/,
    );
    await buttons.getByRole('button', { name: 'PayPal' }).click();
    await page.waitForURL(/\/de\/success\/\?order_id=/);
    // The SDK of our REST app, in the cart's currency, with the page's nonce.
    expect(sdk).toHaveLength(1);
    expect(sdk[0]).toContain(`client-id=${env.PAYPAL_CLIENT_ID ?? ''}`);
    const ordered = [...fake.orders.values()].at(-1)?.amount.currency_code ?? '';
    expect(sdk[0]).toContain(`currency=${ordered}`);
  });

  test('a PENDING capture completes by webhook while the shopper waits on /pending/', async ({
    page,
  }) => {
    await toPayPal(page, `paypal-pending-${Date.now()}@gmail.com`);
    await redirectToPayPal(page);
    fake.nextCapture = 'PENDING';
    // The processing page hands a slow payment over to /pending/ after half a minute
    // (processing/page.tsx): once it has asked for the order (its wait has started), the page's
    // clock skips that wait.
    await page.clock.install();
    const asked = page.waitForResponse((answer) =>
      /^\/api\/orders\/[\w-]+\/$/.test(new URL(answer.url()).pathname),
    );
    await page.getByRole('link', { name: 'Pay Now' }).click();
    await page.waitForURL(/\/processing\/\?/);
    await asked;
    await page.clock.fastForward(31_000);
    await page.waitForURL(/\/pending\/\?order_id=/);
    const paymentId = [...fake.orders.values()].at(-1)?.customId ?? '';
    expect(await fake.notify('PAYMENT.CAPTURE.COMPLETED', paymentId)).toMatchObject({
      status: 200,
    });
    await page.waitForURL(/\/success\/\?order_id=/);
  });

  /** A new account (signed up from the checkout) buys the VPN plan with PayPal's redirect. */
  async function buyWithPayPalAsNewAccount(page: Page, email: string) {
    const base = checkout?.baseUrl ?? '';
    await standInForPayPal(page);
    await page.goto(`${base}/payment/?product_group=vpn`);
    await page.locator('html[data-hydrated="true"]').waitFor();
    await page.getByRole('button', { name: 'Log in to your Account' }).click();
    await page.waitForURL(/\/account\/login\/[\w-]+\/$/);
    await page.locator('html[data-hydrated="true"]').waitFor();
    await page.getByRole('link', { name: 'New here? Create an account' }).click();
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill('a long enough password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
    const mailbox = await page.request.get(
      `${base}/api/sandbox/mailbox/?to=${encodeURIComponent(email)}`,
    );
    const code = /Your code is (\d{8})/.exec(await mailbox.text())?.[1] ?? '';
    await page.getByLabel('Code').fill(code);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(/\/payment\/\?product_group=vpn$/);
    await page.locator('html[data-hydrated="true"]').waitFor();
    await page.locator('[data-element="email-form"] button[type="submit"]').click();
    await redirectToPayPal(page);
    await page.getByRole('link', { name: 'Pay Now' }).click();
    await page.waitForURL(/\/success\/\?order_id=/);
    return [...fake.orders.values()].at(-1);
  }

  test('a refund asked from the dashboard goes back through PayPal', async ({ page }) => {
    const first = await buyWithPayPalAsNewAccount(page, `paypal-refund-${Date.now()}@gmail.com`);
    await page.goto(`${checkout?.baseUrl ?? ''}/dashboard/`);
    await page.locator('html[data-hydrated="true"]').waitFor();
    const order = page.locator('[data-section="orders"] tbody tr').first();
    await expect(order).toContainText('Paid');
    await order.getByRole('button', { name: 'Request refund' }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund this order?' });
    await dialog.getByRole('button', { name: 'Request refund' }).click();
    await expect(order).toContainText('Refunded');
    const refunds = fake.requests.filter((r) => r.route.endsWith('/refund'));
    expect(refunds.map((r) => r.path)).toEqual([
      `/v2/payments/captures/${first?.capture?.id ?? ''}/refund`,
    ]);
    expect(first?.capture?.status).toBe('REFUNDED');
  });

  test('the renewal is charged to the wallet PayPal vaulted at the first payment', async ({
    page,
  }) => {
    const first = await buyWithPayPalAsNewAccount(page, `paypal-renew-${Date.now()}@gmail.com`);
    expect(first?.vaultId).toBeDefined();
    // A year and a day later, on the sandbox's clock: the renewal job charges the vault.
    await page.request.post(`${checkout?.baseUrl ?? ''}/api/sandbox/clock/`, {
      data: { advanceMs: 366 * 24 * 3_600_000 },
    });
    await expect
      .poll(() =>
        [...fake.orders.values()].some((o) => o.vaultId === first?.vaultId && o !== first),
      )
      .toBe(true);
    const renewal = [...fake.orders.values()].at(-1);
    expect(renewal?.capture?.status).toBe('COMPLETED');
    await page.goto(`${checkout?.baseUrl ?? ''}/dashboard/`);
    await page.locator('html[data-hydrated="true"]').waitFor();
    await expect(page.locator('[data-section="orders"] tbody tr')).toHaveCount(2);
  });
});
