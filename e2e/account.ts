/**
 * Accounts in the browser: a hydrated page, signing up on the account site's screen, and a new
 * account's first purchase.
 */
import { expect, type Page } from '@playwright/test';
import { payWithCard } from './card';

export const PASSWORD = 'a long enough password';

export async function open(page: Page, url: string) {
  await page.goto(url);
  await page.locator('html[data-hydrated="true"]').waitFor();
}

/** On the account site's screen: create the account, read the mailed code, confirm it. */
export async function signUpOnAccountSite(page: Page, email: string) {
  await page.waitForURL(/\/account\/login\/[\w-]+\/$/);
  // Hydrated, so the switch happens in place: clicked before, its link loads the sign-up screen
  // anew, and the wait for hydration below could still see the screen being left.
  await page.locator('html[data-hydrated="true"]').waitFor();
  await page.getByRole('link', { name: 'New here? Create an account' }).click();
  await createAccountOnSignUpScreen(page, email);
}

/** The account site's sign-up screen, already open: the account, the mailed code, confirmed. */
export async function createAccountOnSignUpScreen(page: Page, email: string) {
  await page.locator('html[data-hydrated="true"]').waitFor();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  const mailbox = await page.request.get(`/api/sandbox/mailbox/?to=${encodeURIComponent(email)}`);
  const code = /Your code is (\d{8})/.exec(await mailbox.text())?.[1];
  expect(code).toMatch(/^\d{8}$/);
  await page.getByLabel('Code').fill(code!);
  await page.getByRole('button', { name: 'Confirm' }).click();
}

/** Signs up from the checkout (the mailed code confirms the address) and pays a VPN plan. */
export async function buyAsNewAccount(page: Page, email: string, card: string) {
  await open(page, '/payment/?product_group=vpn');
  await page.getByRole('button', { name: 'Log in to your Account' }).click();
  await signUpOnAccountSite(page, email);
  await page.waitForURL(/\/payment\/\?product_group=vpn$/);
  await page.locator('html[data-hydrated="true"]').waitFor();
  await page.locator('[data-element="email-form"] button[type="submit"]').click();
  await payWithCard(page, card);
  await page.waitForURL(/\/success\/\?order_id=/);
}
