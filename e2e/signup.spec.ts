import { expect, test } from '@playwright/test';
import { createAccountOnSignUpScreen, open } from './account';
import { qaToken } from './qa';

test('the sign-up section creates an account on the account site and comes back logged in', async ({
  page,
}) => {
  const email = `signup-${Date.now()}@gmail.com`;
  await open(page, `/payment/?product_group=vpn&qa=${qaToken()}&ff=oauth-signup-methods:on`);
  const section = page.locator('[data-section="sign-up"]');
  await expect(section.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expect(section.getByRole('button', { name: 'Log in to your Account' })).toBeVisible();

  await section.getByRole('button', { name: 'Create an account' }).click();
  // The sign-up method opens the account site on its sign-up screen, not on the login.
  await page.waitForURL(/\/account\/login\/[\w-]+\/$/);
  await expect(page.locator('[data-section="account-signup"]')).toBeVisible();
  await createAccountOnSignUpScreen(page, email);

  await page.waitForURL(/\/payment\/\?product_group=vpn/);
  await page.locator('html[data-hydrated="true"]').waitFor();
  await expect(page.getByRole('button', { name: `Account menu for ${email}` })).toBeVisible();
  await expect(page.locator('[data-element="email-form"] input[type="email"]')).toHaveValue(email);
  // Signed up: the section has nothing left to offer.
  await expect(page.locator('[data-section="sign-up"]')).toHaveCount(0);
});
