import { expect, test, type Browser, type Page } from '@playwright/test';
import { mintTrustedPass } from '../apps/api/src/modules/identity/trusted-pass';
import { open, PASSWORD, signUpOnAccountSite } from './account';
import { payWithCard } from './card';

/** The api's development defaults, which the end-to-end server runs with. */
const TRUSTED_PASS_SECRET = 'trusted-pass-secret-change-me-please-0000';

async function logInOnAccountSite(page: Page, email: string) {
  await page.waitForURL(/\/account\/login\/[\w-]+\/$/);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

/** Someone else, in a browser of their own, on the account site's login screen. */
async function loginScreenInAnotherBrowser(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login/');
  await page.waitForURL(/\/account\/login\/[\w-]+\/$/);
  await page.locator('html[data-hydrated="true"]').waitFor();
  return { context, page };
}

async function logOut(page: Page, email: string) {
  await page.getByRole('button', { name: `Account menu for ${email}` }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('button', { name: 'Log in to your Account' })).toBeVisible();
}

test('logs in from the checkout, buys with the account, sees it on the dashboard, logs out', async ({
  page,
}) => {
  const email = `account-${Date.now()}@gmail.com`;
  await open(page, '/payment/?product_group=vpn');
  await page.getByRole('button', { name: 'Log in to your Account' }).click();
  await signUpOnAccountSite(page, email);

  await page.waitForURL(/\/payment\/\?product_group=vpn$/);
  await page.locator('html[data-hydrated="true"]').waitFor();
  const menu = page.getByRole('button', { name: `Account menu for ${email}` });
  await expect(menu).toBeVisible();
  await menu.click();
  await expect(page.getByRole('link', { name: 'My Account' })).toHaveAttribute(
    'href',
    '/dashboard/',
  );
  await page.keyboard.press('Escape');
  await expect(page.getByRole('link', { name: 'My Account' })).toBeHidden();

  const field = page.locator('[data-element="email-form"] input[type="email"]');
  await expect(field).toHaveValue(email);
  await expect(field).toHaveAttribute('readonly', '');
  await page.locator('[data-element="email-form"] button[type="submit"]').click();
  await payWithCard(page, '4242 4242 4242 4242');
  await page.waitForURL(/\/success\/\?order_id=/);

  await open(page, '/dashboard/');
  await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
  await expect(page.getByText(`Logged in as ${email}`)).toBeVisible();
  const subscriptions = page.locator('[data-section="subscriptions"] tbody tr');
  await expect(subscriptions).toHaveCount(1);
  await expect(subscriptions.first()).toContainText('Active');
  await expect(page.locator('[data-section="orders"] tbody tr').first()).toContainText('Paid');

  await open(page, '/payment/?product_group=vpn');
  await logOut(page, email);
  await page.goto('/dashboard/', { waitUntil: 'commit' });
  // Logged out, the dashboard asks for a login again (the provider's session ended too),
  // and the password logs in straight back to it.
  await logInOnAccountSite(page, email);
  await page.waitForURL(/\/dashboard\/$/);
  await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
});

test('a logged-in page fits a phone screen, its menu too, left to right and right to left', async ({
  page,
}) => {
  // A long address in the header once made every logged-in page wider than a 375 px screen.
  const email = `a-rather-long-address-for-a-phone-${Date.now()}@gmail.com`;
  await open(page, '/payment/?product_group=vpn');
  await page.getByRole('button', { name: 'Log in to your Account' }).click();
  await signUpOnAccountSite(page, email);
  await page.waitForURL(/\/payment\/\?product_group=vpn$/);
  await page.setViewportSize({ width: 375, height: 800 });
  for (const path of ['/dashboard/', '/ar/dashboard/', '/ar/payment/?product_group=vpn']) {
    await open(page, path);
    const menu = page.locator('header button[aria-expanded]');
    await expect(menu).toBeVisible();
    await expect(menu.getByText(email)).toBeHidden();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      path,
    ).toBeLessThanOrEqual(375);
    await menu.click();
    const list = page.locator('header ul', { hasText: email });
    await expect(list).toBeVisible();
    const box = await list.boundingBox();
    expect(box?.x, path).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0), path).toBeLessThanOrEqual(375);
    await page.keyboard.press('Escape');
  }
});

test('force_login starts a login; after it the parameter is gone', async ({ page }) => {
  const email = `force-${Date.now()}@gmail.com`;
  await page.goto('/payment/?product_group=vpn&force_login=1');
  await signUpOnAccountSite(page, email);
  await page.waitForURL(/\/payment\/\?product_group=vpn$/);
  await expect(page.getByRole('button', { name: `Account menu for ${email}` })).toBeVisible();
  // Logged in, force_login no longer starts anything and is removed from the address.
  await open(page, '/payment/?product_group=vpn&force_login=1');
  await expect(page).toHaveURL(/\/payment\/\?product_group=vpn$/);
});

test('an outside login target is refused: the login ends on our home page', async ({ page }) => {
  const email = `target-${Date.now()}@gmail.com`;
  await page.goto('/login/?login_target=https%3A%2F%2Fevil.example%2Fsteal');
  await signUpOnAccountSite(page, email);
  await page.waitForURL((url) => url.origin === new URL(page.url()).origin && url.pathname === '/');
  expect(new URL(page.url()).host).toMatch(/^localhost:\d+$/);
});

test('a forged login callback shows the failed-login screen and sets no session', async ({
  page,
}) => {
  await page.goto('/api/users/auth/callback/?state=forged&code=stolen');
  await page.waitForURL(/\/oauth2\/login\/\?error=login_failed/);
  await expect(page.getByRole('heading', { name: 'We could not log you in' })).toBeVisible();
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'token')).toBeUndefined();
});

test('the desktop app opens the checkout logged in with a trusted pass token', async ({
  page,
  browser,
  baseURL,
}) => {
  const email = `desktop-${Date.now()}@gmail.com`;
  await page.goto('/login/');
  await signUpOnAccountSite(page, email);
  await page.waitForURL((url) => url.pathname === '/');
  const { user } = (await (await page.request.get('/api/users/current/')).json()) as {
    user: { id: string };
  };
  const token = await mintTrustedPass(TRUSTED_PASS_SECRET, `${baseURL}/oidc`, user.id);

  const desktop = await browser.newPage();
  await desktop.goto(`/oauth2/login/?trusted_pass_token=${token}&login_target=/payment/`);
  await desktop.waitForURL((url) => url.pathname === '/payment/');
  await expect(desktop.getByRole('button', { name: `Account menu for ${email}` })).toBeVisible();
  expect(desktop.url()).not.toContain('trusted_pass_token');
  await desktop.close();
});

test('signing up with an address that has an account asks for the code as for any address; its owner is mailed the way to log in', async ({
  page,
  browser,
}) => {
  const email = `existing-${Date.now()}@gmail.com`;
  await page.goto('/login/');
  await signUpOnAccountSite(page, email);
  await page.waitForURL((url) => url.pathname === '/');

  // Someone else, in another browser, tries the same address with a password of their own.
  const { context, page: other } = await loginScreenInAnotherBrowser(browser);
  await other.getByRole('link', { name: 'New here? Create an account' }).click();
  await other.getByLabel('E-mail').fill(email);
  await other.getByLabel('Password').fill('another long password');
  await other.getByRole('button', { name: 'Create account' }).click();
  await expect(other.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await expect(other.locator('[data-section="account-verify"] [role="alert"]')).toHaveCount(0);

  const mailbox = await other.request.get(`/api/sandbox/mailbox/?to=${encodeURIComponent(email)}`);
  const newest = /<article>(.*?)<\/article>/s.exec(await mailbox.text())?.[1] ?? '';
  expect(newest).toContain('You already have an account');
  expect(newest).not.toMatch(/\d{8}/);

  // The owner, back on that screen, goes to the login and gets in with the old password.
  await other.getByRole('link', { name: 'Already have an account? Log in' }).click();
  await other.getByLabel('E-mail').fill(email);
  await other.getByLabel('Password').fill(PASSWORD);
  await other.getByRole('button', { name: 'Log in', exact: true }).click();
  await other.waitForURL((url) => url.pathname === '/');
  const current = (await (await other.request.get('/api/users/current/')).json()) as {
    user?: { email: string };
  };
  expect(current.user?.email).toBe(email);
  await context.close();
});

test('claims the account a logged-out purchase created by signing up with its address', async ({
  page,
}) => {
  const email = `claim-${Date.now()}@gmail.com`;
  await open(page, '/payment/?product_group=vpn');
  const form = page.locator('[data-element="email-form"]');
  await form.locator('input[type="email"]').fill(email);
  await form.locator('button[type="submit"]').click();
  await payWithCard(page, '4242 4242 4242 4242');
  await page.waitForURL(/\/success\/\?order_id=/);

  await page.goto('/dashboard/', { waitUntil: 'commit' });
  await signUpOnAccountSite(page, email);
  await page.waitForURL(/\/dashboard\/$/);
  await expect(page.getByText(`Logged in as ${email}`)).toBeVisible();
  await expect(page.locator('[data-section="orders"] tbody tr').first()).toContainText('Paid');
  await expect(page.locator('[data-section="subscriptions"] tbody tr').first()).toContainText(
    'Active',
  );
});

test('a forgotten password is reset from the login screen with a mailed code', async ({
  page,
  browser,
}) => {
  const email = `forgot-${Date.now()}@gmail.com`;
  await page.goto('/login/');
  await signUpOnAccountSite(page, email);
  await page.waitForURL((url) => url.pathname === '/');

  const { context, page: other } = await loginScreenInAnotherBrowser(browser);
  await other.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(other.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await other.getByLabel('E-mail').fill(email);
  await other.getByLabel('Password').fill('a brand new password');
  await other.getByRole('button', { name: 'Send the code' }).click();
  await expect(other.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  const mailbox = await other.request.get(`/api/sandbox/mailbox/?to=${encodeURIComponent(email)}`);
  const code = /Your code is (\d{8})\. Enter it/.exec(await mailbox.text())?.[1];
  expect(code).toMatch(/^\d{8}$/);
  await other.getByLabel('Code').fill(code!);
  await other.getByRole('button', { name: 'Confirm' }).click();
  await other.waitForURL((url) => url.pathname === '/');
  const current = (await (await other.request.get('/api/users/current/')).json()) as {
    user?: { email: string };
  };
  expect(current.user?.email).toBe(email);
  await context.close();
});
