import { expect, test } from '@playwright/test';

test('an unknown address answers 404 with the lost screen and a way back', async ({ page }) => {
  const res = await page.goto('/no-such-page/?product_group=pass');
  expect(res?.status()).toBe(404);
  await expect(page).toHaveTitle('Error 404');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    "Oh hey! Looks like you're lost.",
  );
  await expect(
    page.getByText('Let us show you a secure and private way to wander through the internet.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: "Let's Go" })).toHaveAttribute(
    'href',
    '/products/?product_group=pass',
  );
});

test('the 404 screen defaults to the VPN family and speaks the language of the address', async ({
  page,
}) => {
  const res = await page.goto('/de/unbekannt/');
  expect(res?.status()).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
  await expect(page).toHaveTitle('Fehler 404');
  await expect(page.locator('[data-error-status="404"] a')).toHaveAttribute(
    'href',
    '/de/products/?product_group=vpn',
  );
});

test('disabled languages are not served', async ({ request }) => {
  expect((await request.get('/ro/')).status()).toBe(404);
  expect((await request.get('/th/payment/')).status()).toBe(404);
});

test('the 429 screen asks to slow down and offers support', async ({ page }) => {
  await page.goto('/error/?status=429');
  await expect(page).toHaveTitle('Error 429');
  await expect(
    page.getByText('You have sent too many request too quickly. Please try again later.'),
  ).toBeVisible();
  await expect(page.getByText('Got questions?')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contact Support' })).toBeVisible();
});

test('the generic error screen covers every other status', async ({ page }) => {
  await page.goto('/error/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Something went wrong');
  await expect(
    page.getByText('We have encountered an unexpected problem. Try again or contact support.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contact Support' })).toHaveAttribute(
    'href',
    'https://support.example.com/',
  );
});
