/**
 * The operators' console (issue 33) in Chromium: staff enrol and log in with a TOTP second
 * factor, find an order by the shopper's e-mail and refund it (the shopper's mailbox gets the
 * credit note), refund a part, are refused by role, and every action is in the audit log; an
 * admin registers a passkey and logs in with it instead of a code.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { signUpOnAccountSite } from './account';
import { confirmEmailForCard, payWithCard } from './card';
import { addVirtualAuthenticator } from './virtual-authenticator';

// One demo admin for the file (enrolled once): its tests run in order in one worker.
test.describe.configure({ mode: 'serial' });

/** The token playwright.config.ts gives npm start for the demo admin. */
const DEMO_TOKEN = 'e2e-console-demo-admin-token';
const PASSWORD = 'a long staff password';

/** Opens the enrolment link, sets the password and the first code: the TOTP secret. */
async function enrol(page: Page, enrolUrl: string): Promise<string> {
  await page.goto(enrolUrl);
  const shown = await page.getByTestId('totp-secret').textContent();
  const secret = /([A-Z2-7]{16,})/.exec(shown ?? '')?.[1] ?? '';
  await page.getByLabel(/New password/).fill(PASSWORD);
  await page.getByLabel('Code shown by the app').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Finish set-up' }).click();
  await expect(page.getByText('Done. You can log in now.')).toBeVisible();
  return secret;
}

async function enrolAndLogIn(page: Page, enrolUrl: string, email: string) {
  const secret = await enrol(page, enrolUrl);
  await page.goto('/console/en/');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  // The enrolment took this window's code; the next window's is accepted too.
  await page
    .getByLabel('Authenticator code')
    .fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
}

let admin: Page;

/** A staff member of `role` in a browser of their own, added by the admin and logged in. */
async function staff(browser: Browser, role: string): Promise<Page> {
  const email = `${role}.${Date.now()}@staff.example.com`;
  const added = await admin.request.post('/api/console/staff/', { data: { email, role } });
  expect(added.status()).toBe(200);
  const { enrolmentUrl } = (await added.json()) as { enrolmentUrl: string };
  const page = await (await browser.newContext()).newPage();
  await enrolAndLogIn(page, enrolmentUrl, email);
  return page;
}

/** A shopper buys the VPN by card in the checkout: the order's id. */
async function paidOrder(page: Page, email: string): Promise<string> {
  await page.goto('/payment/?product_group=vpn');
  await page.locator('html[data-hydrated="true"]').waitFor();
  await confirmEmailForCard(page, email);
  await payWithCard(page, '4242 4242 4242 4242');
  await page.waitForURL(/\/success\/\?order_id=/);
  return new URL(page.url()).searchParams.get('order_id') ?? '';
}

async function openOrderByEmail(page: Page, email: string, orderId: string) {
  await page.goto('/console/en/orders/');
  await page.getByLabel('Customer e-mail').fill(email);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name: orderId.slice(0, 8) }).click();
  await expect(page.getByTestId('order-status')).toHaveText('paid');
}

const auditActions = async (page: Page, orderId: string) =>
  (
    (await (await page.request.get(`/api/console/audit/?subject=order:${orderId}`)).json()) as {
      entries: { action: string }[];
    }
  ).entries.map((e) => e.action);

test.beforeAll(async ({ browser }) => {
  admin = await (await browser.newContext()).newPage();
  await enrolAndLogIn(admin, `/console/en/enrol/#${DEMO_TOKEN}`, 'admin@console.localhost');
});

test('support logs in with TOTP, finds the order by e-mail, refunds it, the shopper gets the credit note', async ({
  browser,
  page,
}) => {
  const email = `console-refund-${Date.now()}@gmail.com`;
  const orderId = await paidOrder(page, email);
  const support = await staff(browser, 'support');
  await openOrderByEmail(support, email, orderId);
  await expect(support.getByText(email)).toHaveCount(0);
  await support.getByRole('button', { name: 'Refund' }).click();
  await expect(support.getByTestId('order-status')).toHaveText('refunded');
  await expect(support.getByText(/refund: rest/)).toBeVisible();
  await expect
    .poll(
      async () =>
        (await page.request.get(`/api/sandbox/mailbox/?to=${encodeURIComponent(email)}`)).text(),
      {
        timeout: 15_000,
      },
    )
    .toContain('Your refund for order');
  expect(await auditActions(support, orderId)).toEqual(['order.refund']);
  await support.goto('/console/en/audit/');
  await expect(support.getByRole('cell', { name: `order:${orderId}` }).first()).toBeVisible();
});

test('finance refunds a part of an order, which stays paid', async ({ browser, page }) => {
  const email = `console-part-${Date.now()}@gmail.com`;
  const orderId = await paidOrder(page, email);
  const finance = await staff(browser, 'finance');
  await openOrderByEmail(finance, email, orderId);
  await finance.getByLabel(/Amount to refund/).fill('100');
  await finance.getByRole('button', { name: 'Refund' }).click();
  await expect(finance.getByRole('status')).toHaveText('Done.');
  await expect(finance.getByTestId('order-refunded')).toHaveText('$1.00');
  await expect(finance.getByTestId('order-status')).toHaveText('paid');
  expect(await auditActions(finance, orderId)).toEqual(['order.refund_part']);
});

test('an analyst cannot refund: the button is answered 403 by the api', async ({
  browser,
  page,
}) => {
  const email = `console-analyst-${Date.now()}@gmail.com`;
  const orderId = await paidOrder(page, email);
  const analyst = await staff(browser, 'analyst');
  await openOrderByEmail(analyst, email, orderId);
  const refused = analyst.waitForResponse((res) => res.url().includes('/refunds/'));
  await analyst.getByRole('button', { name: 'Refund' }).click();
  expect((await refused).status()).toBe(403);
  await expect(analyst.getByText('Refused: forbidden')).toBeVisible();
  await analyst.reload();
  await expect(analyst.getByTestId('order-status')).toHaveText('paid');
  expect(await auditActions(admin, orderId)).toEqual([]);
});

/** A datetime-local field's value `days` from now (the browser's time zone). */
function localInput(days: number): string {
  const at = new Date(Date.now() + days * 86_400_000 - new Date().getTimezoneOffset() * 60_000);
  return at.toISOString().slice(0, 16);
}

const auditOf = async (page: Page, subject: string) =>
  (
    (await (
      await page.request.get(`/api/console/audit/?subject=${encodeURIComponent(subject)}`)
    ).json()) as { entries: { action: string; before: unknown; after: unknown }[] }
  ).entries;

test('a marketer creates a coupon that the checkout then accepts', async ({ browser, page }) => {
  const code = `SPRING${Date.now() % 100_000}`;
  const marketer = await staff(browser, 'marketing');
  await marketer.getByRole('link', { name: 'Coupons' }).click();
  await marketer.getByLabel('Code').fill(code);
  await marketer.getByLabel('Percent off').fill('30');
  await marketer.getByLabel(/^Plans/).fill('vpn-basic-1y');
  await marketer.getByLabel('Starts').fill(localInput(-1));
  await marketer.getByLabel('Ends').fill(localInput(30));
  await marketer.getByLabel(/Limit of uses/).fill('100');
  await marketer.getByRole('button', { name: 'Create coupon' }).click();
  await expect(marketer.getByRole('status')).toHaveText('Saved.');
  await expect(marketer.getByTestId(`coupon-${code}`)).toContainText('0 of 100');

  await page.goto('/payment/?product_group=vpn');
  await page.locator('html[data-hydrated="true"]').waitFor();
  await page.getByRole('button', { name: 'Have a coupon code?' }).click();
  await page.getByLabel('Coupon code').fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.locator('[data-element="coupon-applied"]')).toContainText(
    `Coupon ${code} applied`,
  );
  // $59.88 on sale, 30 % off that: $41.92.
  await expect(page.locator('[data-element="summary-total"]')).toHaveText('$41.92');
  const [entry] = await auditOf(admin, `coupon:${code}`);
  expect(entry).toMatchObject({ action: 'coupon.create', after: { code, percentOff: 30 } });

  // Rescheduled from its row: an end before its start is refused, then the new end kept.
  const row = marketer.getByTestId(`coupon-${code}`);
  await row.getByRole('button', { name: 'Reschedule' }).click();
  const schedule = row.getByRole('form', { name: 'Reschedule' });
  await schedule.getByLabel('Ends').fill(localInput(-2));
  await schedule.getByRole('button', { name: 'Save dates' }).click();
  await expect(marketer.getByRole('alert').filter({ hasText: 'Refused' })).toHaveText(
    'Refused: validation_failed',
  );
  await schedule.getByLabel('Ends').fill(localInput(60));
  await schedule.getByRole('button', { name: 'Save dates' }).click();
  await expect(marketer.getByRole('status')).toHaveText('Saved.');
  await expect(schedule).toBeHidden();
  const [moved] = await auditOf(admin, `coupon:${code}`);
  const until = (moved?.after as { validUntil?: string } | undefined)?.validUntil ?? '';
  expect(moved?.action).toBe('coupon.update');
  expect(Date.parse(until) - Date.now()).toBeGreaterThan(59 * 86_400_000);
});

test('an admin publishes a new price that the checkout shows after the refresh', async ({
  page,
}) => {
  // Francs: no other journey reads them, so the new price changes no one else's page.
  const checkout = '/payment/?product_group=vpn&currency=CHF';
  const plan = page.locator('[data-plan="vpn-basic-1y"]');
  await page.goto(checkout);
  await expect(plan).toContainText('52.80');

  await admin.goto('/console/en/catalog/');
  await admin.getByRole('combobox', { name: /^Plan/ }).selectOption('vpn-basic-1y');
  await admin
    .getByRole('combobox', { name: /^Currency/ })
    .first()
    .selectOption('CHF');
  await admin.getByLabel(/^Amount/).fill('44.40');
  await admin.getByLabel('Note').fill('Basic yearly in francs');
  await admin.getByRole('button', { name: 'Save draft' }).click();
  await expect(admin.getByRole('status')).toHaveText('Saved.');
  const draft = admin.getByRole('row', { name: /Basic yearly in francs/ });

  // The preview: the checkout as shoppers would see it with the draft; the live one unchanged.
  const href =
    (await draft.getByRole('link', { name: 'Preview checkout' }).getAttribute('href')) ?? '';
  const preview = new URL(href, page.url());
  preview.searchParams.set('currency', 'CHF');
  preview.searchParams.set('product_group', 'vpn');
  await page.goto(preview.pathname + preview.search);
  await expect(plan).toContainText('44.40');
  await page.goto(checkout);
  await expect(plan).toContainText('52.80');

  const published = admin.waitForResponse((res) => res.url().includes('/publish/'));
  await draft.getByRole('button', { name: 'Publish' }).click();
  const { version } = (await (await published).json()) as { version: number };
  await expect(admin.getByTestId('catalog-version')).toHaveText(`Shoppers see version ${version}.`);
  await expect
    .poll(
      async () => {
        await page.goto(checkout);
        return plan.textContent();
      },
      { timeout: 20_000 },
    )
    .toContain('44.40');
  const [entry] = await auditOf(admin, `catalog:version:${version}`);
  expect(entry).toMatchObject({
    action: 'catalog.publish',
    before: [{ plan: 'vpn-basic-1y', currency: 'CHF', price: [5280, 8800] }],
  });
});

test('a marketer discards a draft: it leaves the list, and the audit log keeps it', async ({
  browser,
}) => {
  const marketer = await staff(browser, 'marketing');
  await marketer.goto('/console/en/catalog/');
  await marketer.getByRole('combobox', { name: /^Plan/ }).selectOption('vpn-basic-1y');
  await marketer.getByLabel(/^Amount/).fill('1.00');
  await marketer.getByLabel('Note').fill('Never to be published');
  await marketer.getByRole('button', { name: 'Save draft' }).click();
  const draft = marketer.getByRole('row', { name: /Never to be published/ });
  const id = ((await draft.getAttribute('data-testid')) ?? '').replace('catalog-draft-', '');
  marketer.once('dialog', (dialog) => void dialog.accept());
  const discarded = marketer.waitForResponse((res) => res.url().includes('/discard/'));
  await draft.getByRole('button', { name: 'Discard' }).click();
  expect((await discarded).status()).toBe(204);
  await expect(draft).toHaveCount(0);
  const [entry] = await auditOf(admin, `catalog:draft:${id}`);
  expect(entry).toMatchObject({
    action: 'catalog.discard',
    before: { note: 'Never to be published' },
  });
});

test("support opens an order's customer: subscription, card on file, e-mail revealed with an audit entry, auto-renew off and on, cancel now", async ({
  browser,
  page,
}) => {
  const email = `console-customer-${Date.now()}@gmail.com`;
  const orderId = await paidOrder(page, email);
  const support = await staff(browser, 'support');
  await openOrderByEmail(support, email, orderId);
  await support.getByRole('link', { name: "Customer's account" }).click();
  await expect(support.getByTestId('subscription-status')).toHaveText('active');
  await expect(support.getByText(/VISA •••• 4242/)).toBeVisible();
  await expect(support.getByText(/^Renews on /)).toBeVisible();
  await expect(support.getByTestId('customer-email')).toContainText('c***@gmail.com');
  await expect(support.getByText(email)).toHaveCount(0);
  await support.setViewportSize({ width: 1100, height: 900 });
  await support.screenshot({ path: 'docs/screenshots/console-customer.png', fullPage: true });
  await support.getByRole('button', { name: 'Show full address' }).click();
  await expect(support.getByTestId('customer-email')).toHaveText(email);
  await support.getByRole('button', { name: /Cancel at period end/ }).click();
  await expect(support.getByText(/^Ends on /)).toBeVisible();
  await support.getByRole('button', { name: 'Turn auto-renew on' }).click();
  await expect(support.getByText(/^Renews on /)).toBeVisible();
  await support.getByRole('button', { name: 'Cancel now' }).click();
  await expect(support.getByTestId('subscription-status')).toHaveText('canceled');
  expect(await auditActions(support, orderId)).toEqual(['customer.reveal_email']);
  // The order page speaks German in German, its status words too.
  await support.goto(`/console/de/orders/${orderId}/`);
  await expect(support.getByTestId('order-status')).toHaveText('bezahlt');
});

test('an admin adds a member on the staff page, changes the role and disables it, all audited', async () => {
  const email = `staff-page-${Date.now()}@staff.example.com`;
  await admin.goto('/console/en/staff/');
  await admin.getByLabel('E-mail').fill(email);
  await admin.getByRole('button', { name: 'Add and make a link' }).click();
  await expect(admin.getByTestId('enrolment-link')).toContainText('/console/en/enrol/#');
  const row = admin.getByRole('row', { name: email });
  await expect(row).toContainText('invited, not enrolled yet');
  await row.getByLabel('Role').selectOption('finance');
  await expect(admin.getByRole('status')).toHaveText('Done.');
  await row.getByRole('button', { name: 'Disable' }).click();
  await expect(row).toContainText('disabled');
  const entries = (
    (await (await admin.request.get(`/api/console/audit/?subject=staff:${email}`)).json()) as {
      entries: { action: string }[];
    }
  ).entries.map((e) => e.action);
  expect(entries).toEqual(['staff.disable', 'staff.role', 'staff.add']);
});

/** The variant of `id` a new visitor of the checkout is assigned (fresh cookies), if any. */
async function assignedVariant(browser: Browser, id: string, marker: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`/payment/?product_group=vpn&console_e2e=${marker}`);
  const cookie = (await context.cookies()).find((c) => c.name === 'experiment')?.value ?? '';
  await context.close();
  return new RegExp(`(?:^|\\+)${id}:([a-z0-9_-]+)`).exec(decodeURIComponent(cookie))?.[1];
}

/** `n` browsers exposed to `variant` of `id`, `converted` of them then paying, through the collector. */
async function exposures(page: Page, id: string, variant: string, n: number, converted: number) {
  let time = Date.now() - 60_000;
  for (let i = 0; i < n; i += 1) {
    const browserId = crypto.randomUUID();
    const event = (name: string, data?: Record<string, unknown>) => ({
      id: crypto.randomUUID(),
      event: name,
      time: (time += 10),
      page: '/payment/',
      section: null,
      element: null,
      context: { page_language: 'en', experiment: `${id}:${variant}` },
      ...(data ? { data } : {}),
    });
    const events = [
      event('page_view'),
      event('experiment_exposure', { experiment_id: id, variant }),
    ];
    if (i < converted) {
      events.push(
        event('conversion', { order_id: crypto.randomUUID(), revenue_minor: 999, currency: 'USD' }),
      );
    }
    const sent = await page.request.post('/api/events/', {
      headers: { cookie: `browser_id=${browserId}` },
      data: { browser_id: browserId, events },
    });
    expect(sent.status()).toBe(202);
  }
}

test('a marketer pauses an experiment after reading its results, and the checkout stops assigning it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const marketer = await staff(browser, 'marketing');
  const id = `console-e2e-${Date.now().toString(36)}`;
  const marker = id.slice(-6);
  // Only visitors whose address carries this marker take part: the other tests see nothing of it.
  const created = await marketer.request.post('/api/console/experiments/', {
    data: {
      id,
      description: 'Console journey: a split that went wrong',
      variants: [
        { value: 'control', weight: 50 },
        { value: 'test', weight: 50 },
      ],
      triggers: {
        combinator: 'AND',
        rules: [
          { dimension: 'URL_PARAMETER', key: 'console_e2e', operator: 'EQUALS', value: marker },
        ],
      },
    },
  });
  expect(created.status()).toBe(200);
  await marketer.goto(`/console/en/experiments/`);
  await marketer.getByRole('link', { name: id }).click();
  await expect(marketer.getByTestId('experiment-status')).toHaveText('paused');
  await marketer.getByRole('button', { name: 'Start' }).click();
  await expect(marketer.getByTestId('experiment-status')).toHaveText('running');
  await expect
    .poll(() => assignedVariant(browser, id, marker), { timeout: 20_000 })
    .toMatch(/^(control|test)$/);

  // 60 visitors against 25 on a 50/50 split.
  await exposures(marketer, id, 'control', 60, 12);
  await exposures(marketer, id, 'test', 25, 9);
  await marketer.reload();
  await expect(marketer.getByTestId('srm-verdict')).toContainText('Sample ratio mismatch');
  await expect(marketer.getByRole('cell', { name: '60', exact: true })).toBeVisible();
  await expect(
    marketer
      .getByRole('figure', { name: /Conversion rate per variant/ })
      .locator('svg')
      .first(),
  ).toBeVisible();
  await marketer.screenshot({
    path: 'docs/screenshots/console-experiment-results.png',
    fullPage: true,
  });

  await marketer.getByRole('button', { name: 'Pause' }).click();
  await expect(marketer.getByTestId('experiment-status')).toHaveText('paused');
  await expect
    .poll(() => assignedVariant(browser, id, marker), { timeout: 20_000 })
    .toBeUndefined();

  await marketer.goto('/console/en/audit/');
  const row = marketer.getByRole('row').filter({ hasText: `experiment:${id}` });
  await expect(row.filter({ hasText: 'experiment.pause' })).toHaveCount(1);
  await expect(row.filter({ hasText: 'experiment.start' })).toHaveCount(1);
});

test('an analyst reads the funnel, sorts and filters it, and downloads it as CSV', async ({
  browser,
}) => {
  const analyst = await staff(browser, 'analyst');
  await exposures(analyst, 'funnel-e2e', 'control', 3, 1);
  await analyst.goto('/console/en/funnels/');
  await expect(analyst.getByRole('heading', { name: 'Funnels and payments' })).toBeVisible();
  const byStep = analyst.getByRole('region', { name: 'Conversion by step' });
  const today = new Date().toISOString().slice(0, 10);
  await expect(byStep.getByRole('cell', { name: today })).toBeVisible();
  await analyst.getByLabel('Group by').selectOption('language');
  await analyst.getByRole('button', { name: 'Show' }).click();
  await expect(byStep.getByRole('cell', { name: 'en', exact: true })).toBeVisible();
  // Numbers sort largest first, then smallest first.
  const pageViews = byStep.getByRole('columnheader', { name: /Page view/ });
  await byStep.getByRole('button', { name: 'Page view' }).click();
  await expect(pageViews).toHaveAttribute('aria-sort', 'descending');
  await byStep.getByRole('button', { name: 'Page view' }).click();
  await expect(pageViews).toHaveAttribute('aria-sort', 'ascending');
  await byStep.getByLabel('Filter rows').fill('zz-nothing');
  await expect(byStep.getByRole('cell', { name: today })).toHaveCount(0);
  await byStep.getByLabel('Filter rows').fill('');
  const csvHref = await byStep.getByRole('link', { name: 'Download CSV' }).getAttribute('href');
  const csv = await analyst.request.get(csvHref ?? '');
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
  expect((await csv.text()).split('\n')[0]).toBe('day,group,viewed,email,paymentStarted,paid');
  await expect(
    analyst.getByRole('region', { name: 'Payment success by provider and method' }),
  ).toBeVisible();
  await analyst.screenshot({ path: 'docs/screenshots/console-funnel.png', fullPage: true });
  // Reading is all an analyst may do with experiments.
  const start = await analyst.request.post('/api/console/experiments/big-payment-cta/pause/', {
    data: {},
  });
  expect(start.status()).toBe(403);
});

test('an admin registers a passkey, then logs in with the password and the passkey instead of a code, all audited', async ({
  browser,
}) => {
  const owner = await staff(browser, 'admin');
  const { email } = (await (await owner.request.get('/api/console/session/')).json()) as {
    email: string;
  };
  const authenticator = await addVirtualAuthenticator(owner);
  await owner.getByRole('link', { name: 'Security' }).click();
  await owner.getByLabel('Passkey name').fill('Work laptop');
  await owner.getByRole('button', { name: 'Add a passkey' }).click();
  const row = owner.getByRole('row', { name: 'Work laptop' });
  await expect(row.getByTestId('passkey-last-used')).toHaveText('Never');
  expect(await authenticator.credentials()).toHaveLength(1);

  await owner.getByRole('button', { name: 'Log out' }).click();
  await expect(owner.getByRole('heading', { name: 'Staff login' })).toBeVisible();
  expect((await owner.request.get('/api/console/session/')).status()).toBe(401);
  await owner.getByLabel('E-mail').fill(email);
  await owner.getByLabel('Password').fill(PASSWORD);
  await owner.getByRole('button', { name: 'Use a passkey instead of the code' }).click();
  await expect(owner.getByRole('heading', { name: 'Orders' })).toBeVisible();
  const [credential] = await authenticator.credentials();
  expect(credential?.signCount).toBeGreaterThan(0);

  await owner.getByRole('link', { name: 'Security' }).click();
  await expect(row.getByTestId('passkey-last-used')).not.toHaveText('Never');
  await owner.getByRole('link', { name: 'Audit log' }).click();
  await expect(owner.getByRole('cell', { name: 'staff.passkey_add' }).first()).toBeVisible();
  const entries = (
    (await (await owner.request.get(`/api/console/audit/?subject=staff:${email}`)).json()) as {
      entries: { action: string; after: unknown }[];
    }
  ).entries;
  expect(entries.map((e) => [e.action, e.after])).toEqual([
    ['staff.passkey_add', { passkey: 'Work laptop' }],
    ['staff.add', { role: 'admin' }],
  ]);
});

test('a member logs in through the staff issuer, then gives the console code it did not ask', async ({
  browser,
}) => {
  const email = `issuer.${Date.now()}@gmail.com`;
  const added = await admin.request.post('/api/console/staff/', {
    data: { email, role: 'support' },
  });
  const { enrolmentUrl } = (await added.json()) as { enrolmentUrl: string };
  const page = await (await browser.newContext()).newPage();
  const secret = await enrol(page, enrolmentUrl);
  await page.goto('/console/en/');
  await page.getByRole('button', { name: /^Sign in with localhost:/ }).click();
  // The issuer's own screen: an account there with the staff member's address.
  await signUpOnAccountSite(page, email);
  await page.waitForURL(/\/console\/en\/\?issuer=code$/);
  await expect(page.getByLabel('Password')).toHaveCount(0);
  await page
    .getByLabel('Authenticator code')
    .fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
});
