import { expect, test, type Page } from '@playwright/test';

/**
 * A form submitted before its page has hydrated (its scripts start after the first paint,
 * decision 015) is the browser's own submission: without a method that is a GET, which writes
 * every named field, a password included, into the address, the history, the server's access
 * logs and the next page's Referer. These pages never hydrate: their chunks are refused.
 */
async function withoutScripts(page: Page) {
  await page.route('**/_next/static/chunks/*.js', (route) => route.abort());
}

test('an e-mail given to the checkout before it hydrates stays out of the address', async ({
  page,
}) => {
  await withoutScripts(page);
  await page.goto('/payment/?product_group=vpn');
  const email = page.locator('[data-element="email-form"] input[type="email"]');
  await email.fill('early-bird@gmail.com');
  await Promise.all([page.waitForEvent('load'), email.press('Enter')]);
  expect(page.url()).not.toContain('early-bird');
});

test('a password given to the account site before it hydrates stays out of the address', async ({
  page,
}) => {
  // The login starts in the browser; its screen is then loaded again without scripts.
  await page.goto('/login/');
  await page.waitForURL(/\/account\/login\/[\w-]+\/$/);
  await withoutScripts(page);
  await page.reload();
  await page.getByLabel('E-mail').fill('early-bird@gmail.com');
  await page.getByLabel('Password').fill('a long enough password');
  await Promise.all([page.waitForEvent('load'), page.getByLabel('Password').press('Enter')]);
  expect(page.url()).not.toMatch(/early-bird|password/);
});

test("the account site's other screens open before it hydrates", async ({ page }) => {
  await page.goto('/login/');
  await page.waitForURL(/\/account\/login\/[\w-]+\/$/);
  await withoutScripts(page);
  await page.reload();
  await page.getByRole('link', { name: 'New here? Create an account' }).click();
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await page.getByRole('link', { name: 'Already have an account? Log in' }).click();
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
});
