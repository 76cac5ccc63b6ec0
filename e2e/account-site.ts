/** The built-in identity provider's screens, as a shopper goes through them in the browser. */
import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'a long enough password';

/** On the account site's screen: create the account, read the mailed code, confirm it. */
export async function signUpOnAccountSite(page: Page, email: string) {
  await page.waitForURL(/\/account\/login\/[\w-]+\/$/);
  await page.getByRole('button', { name: 'New here? Create an account' }).click();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  const mailbox = await page.request.get(`/api/sandbox/mailbox/?to=${encodeURIComponent(email)}`);
  const code = /Your code is (\d{6})/.exec(await mailbox.text())?.[1];
  expect(code).toMatch(/^\d{6}$/);
  await page.getByLabel('Code').fill(code!);
  await page.getByRole('button', { name: 'Confirm' }).click();
}
