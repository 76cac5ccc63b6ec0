/**
 * The operators' console (issue 33) in Chromium: staff enrol and log in with a TOTP second
 * factor, find an order by the shopper's e-mail and refund it (the shopper's mailbox gets the
 * credit note), refund a part, are refused by role, and every action is in the audit log.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { confirmEmailForCard, payWithCard } from './card';

// One demo admin for the file (enrolled once): its tests run in order in one worker.
test.describe.configure({ mode: 'serial' });

/** The token playwright.config.ts gives npm start for the demo admin. */
const DEMO_TOKEN = 'e2e-console-demo-admin-token';
const PASSWORD = 'a long staff password';

async function enrolAndLogIn(page: Page, enrolUrl: string, email: string) {
  await page.goto(enrolUrl);
  const shown = await page.getByTestId('totp-secret').textContent();
  const secret = /([A-Z2-7]{16,})/.exec(shown ?? '')?.[1] ?? '';
  await page.getByLabel(/New password/).fill(PASSWORD);
  await page.getByLabel('Code shown by the app').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Finish set-up' }).click();
  await expect(page.getByText('Done. You can log in now.')).toBeVisible();
  await page.goto('/console/en/');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('Authenticator code').fill(await generate({ secret }));
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
