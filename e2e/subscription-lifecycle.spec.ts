/**
 * A subscription's life in the browser (issue 20): bought, its receipt and invoice PDF mailed,
 * renewed on its date (the api's sandbox clock jumps there, no sleeping), auto-renew off, the
 * renewal refunded with a credit note; a declining card's dunning fixed on the update-card page.
 * The clock is the api process's own: this spec's tests move it on a checkout of their own (one
 * per worker, its clock only ever moved forward), beside the other specs.
 */
import { expect, test as base, type Page } from '@playwright/test';
import { buyAsNewAccount, open, signUpOnAccountSite } from './account';
import { cardFrame, payWithCard } from './card';
import { startOwnCheckout, type OwnCheckout } from './own-checkout';

const test = base.extend<object, { clockCheckout: OwnCheckout }>({
  clockCheckout: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from its first parameter
    async ({}, use) => {
      const checkout = await startOwnCheckout({
        RATE_LIMIT_MAX: '100000',
        LOGIN_RATE_LIMIT_MAX: '10000',
      });
      await use(checkout);
      await checkout.stop();
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  baseURL: async ({ clockCheckout }, use) => use(clockCheckout.baseUrl),
});
// One after another in one worker: one checkout, whose clock each test moves on from the last's.
test.describe.configure({ mode: 'default' });

/** Cards no other spec pays with: the gateway tokenizes one card at most 20 times an hour. */
const CARD = '4929 1234 5678 9114';
const FRESH_CARD = '4929 1234 5678 9122';
/** Paid at once; every renewal declined. */
const DECLINES_RENEWALS = '4000 0000 0000 0341';

/** Jumps the api's clock to a minute past the account's (only) subscription's next charge. */
async function fastForwardToRenewal(page: Page) {
  const dashboard = await page.request.get('/api/users/current/dashboard/');
  const { subscriptions } = (await dashboard.json()) as {
    subscriptions: { id: string; nextChargeAt: string }[];
  };
  const [subscription] = subscriptions;
  const clock = await page.request.post('/api/sandbox/clock/', { data: { advanceMs: 1 } });
  const { now } = (await clock.json()) as { now: string };
  const advanceMs = Date.parse(subscription!.nextChargeAt) - Date.parse(now) + 60_000;
  const jump = await page.request.post('/api/sandbox/clock/', { data: { advanceMs } });
  expect(jump.status()).toBe(200);
  return subscription!.id;
}

const mailbox = (email: string) => `/api/sandbox/mailbox/?to=${encodeURIComponent(email)}`;

test('buys, gets the receipt, renews on the date, turns auto-renew off and gets the renewal refunded', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = `lifecycle-${Date.now()}@gmail.com`;
  await buyAsNewAccount(page, email, CARD);

  // The receipt with its invoice PDF is in the sandbox mailbox.
  await expect
    .poll(async () => (await page.request.get(mailbox(email))).text(), { timeout: 20_000 })
    .toContain('.pdf</a>');
  await page.goto(mailbox(email));
  const receipts = page.locator('article', {
    has: page.getByRole('heading', { name: /^Your receipt for order / }),
  });
  await expect(receipts).toHaveCount(1);
  const attachment = receipts.getByRole('link', { name: /^AEGIS_VPN-\d{4}-\d{6}\.pdf$/ });
  const pdf = await page.request.get(
    new URL((await attachment.getAttribute('href'))!, page.url()).toString(),
  );
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // On the renewal date the card on file is charged: a second paid order and invoice. Billing's
  // job issues the invoice and mails the receipt a moment after the charge, off its request.
  await fastForwardToRenewal(page);
  await expect
    .poll(async () => (await page.request.get(mailbox(email))).text(), { timeout: 20_000 })
    .toMatch(/Your receipt for order[\s\S]*Your receipt for order/);
  await open(page, '/dashboard/');
  const subscription = page.locator('[data-section="subscriptions"] tbody tr').first();
  const orders = page.locator('[data-section="orders"] tbody tr');
  const invoices = page.locator('[data-section="invoices"] tbody tr');
  await expect(subscription).toContainText('Active');
  await expect(orders).toHaveCount(2);
  await expect(orders.nth(0)).toContainText('Paid');
  await expect(orders.nth(1)).toContainText('Paid');
  await expect(invoices).toHaveCount(2);
  await expect(invoices.nth(0)).toContainText('Invoice AEGIS_VPN-');

  // Auto-renew off: the subscription runs to the end of the renewed term.
  const autoRenew = subscription.getByRole('switch', { name: 'Auto-renew' });
  await autoRenew.click();
  await expect(autoRenew).toHaveAttribute('aria-checked', 'false');
  await expect(subscription).toContainText('Ends on');

  // The renewal (the newest order) refunded within the window, with a credit note.
  const renewal = orders.first();
  await renewal.getByRole('button', { name: 'Request refund' }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund this order?' });
  await dialog.getByRole('button', { name: 'Request refund' }).click();
  await expect(dialog).toBeHidden();
  await expect(renewal).toContainText('Refunded');
  // The credit note comes from billing's job too, with its mail.
  await expect
    .poll(async () => (await page.request.get(mailbox(email))).text(), { timeout: 20_000 })
    .toContain('Your refund for order');
  await open(page, '/dashboard/');
  await expect(orders.first()).toContainText('Refunded');
  await expect(page.locator('[data-section="invoices"] tr[data-kind="credit_note"]')).toHaveCount(
    1,
  );
});

test('a renewal the card declines: past due, the mailed link to the update-card page, a fresh card pays it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = `dunning-${Date.now()}@gmail.com`;
  await buyAsNewAccount(page, email, DECLINES_RENEWALS);
  const id = await fastForwardToRenewal(page);

  await open(page, '/dashboard/');
  const subscription = page.locator('[data-section="subscriptions"] tbody tr').first();
  await expect(subscription).toContainText('Payment overdue');
  await expect(subscription.getByRole('link', { name: 'Update card' })).toHaveClass(/\bbutton\b/);

  // The failed-payment mail links to the update-card page of this subscription.
  const path = `/dashboard/card/?subscription=${id}`;
  await expect
    .poll(async () => (await page.request.get(mailbox(email))).text(), { timeout: 20_000 })
    .toContain(path);

  await subscription.getByRole('link', { name: 'Update card' }).click();
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path);
  await page.locator('html[data-hydrated="true"]').waitFor();
  await expect(page.getByRole('heading', { name: 'Update your card' })).toBeVisible();
  await expect(page.locator('[data-element="card-on-file"]')).toHaveText(
    'Card on file: VISA •••• 0341',
  );
  await expect(page.getByText('The last renewal payment was declined.')).toBeVisible();
  await expect(cardFrame(page).locator('input#number')).toBeVisible();
  await expect(page.locator('[data-element="pay-button"]')).toHaveText('Save card');
  await payWithCard(page, FRESH_CARD);
  await expect(page.locator('[data-element="card-saved"]')).toHaveText(
    'Card saved, and the overdue payment went through. Thank you!',
  );
  await expect(page.locator('[data-element="card-on-file"]')).toHaveText(
    'Card on file: VISA •••• 9122',
  );

  // The overdue renewal's invoice is issued by billing's job a moment after the payment.
  await expect
    .poll(async () => (await page.request.get(mailbox(email))).text(), { timeout: 20_000 })
    .toMatch(/Your receipt for order[\s\S]*Your receipt for order/);
  await open(page, '/dashboard/');
  await expect(subscription).toContainText('Active');
  await expect(page.locator('[data-section="orders"] tbody tr').first()).toContainText('Paid');
  await expect(page.locator('[data-section="invoices"] tbody tr')).toHaveCount(2);
});

test('the update-card page asks a logged-out visitor to log in, and shows nobody else’s subscription', async ({
  page,
}) => {
  const path = `/dashboard/card/?subscription=${crypto.randomUUID()}`;
  await page.goto(path, { waitUntil: 'commit' });
  await signUpOnAccountSite(page, `card-stranger-${Date.now()}@gmail.com`);
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path);
  await expect(page.getByRole('heading', { name: 'Update your card' })).toBeVisible();
  await expect(
    page.getByText('We could not find this subscription in your account.'),
  ).toBeVisible();
  await expect(cardFrame(page).locator('input')).toHaveCount(0);
});
