import { expect, test } from '@playwright/test';
import { qaToken } from './qa';

test('the language dropdown reloads the page at the chosen language address', async ({ page }) => {
  await page.goto('/payment/?product_group=vpn');
  // The dropdown navigates once the page has hydrated (after its first paint).
  await page.locator('html[data-hydrated="true"]').waitFor();
  await page.getByLabel('Language').selectOption('de');
  await expect(page).toHaveURL('/de/payment/?product_group=vpn');
  await expect(page.getByRole('heading', { name: 'Wählen Sie Ihren Tarif' })).toBeVisible();
  await page.locator('html[data-hydrated="true"]').waitFor();
  await page.getByLabel('Sprache').selectOption('en');
  await expect(page).toHaveURL('/payment/?product_group=vpn');
  await expect(page.getByRole('heading', { name: 'Choose your plan' })).toBeVisible();
});

test('the Arabic page is laid out right to left', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/ar/payment/');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const logo = await page.locator('header a').first().boundingBox();
  expect(logo?.x ?? 0).toBeGreaterThan(640);
});

test('US visitors get "Your privacy choices", others "Cookie preferences"', async ({ browser }) => {
  const us = await browser.newContext({ extraHTTPHeaders: { 'x-test-country': 'US' } });
  const usPage = await us.newPage();
  await usPage.goto('/');
  await expect(usPage.getByRole('button', { name: 'Your privacy choices' })).toBeVisible();
  await us.close();

  const de = await browser.newContext({ extraHTTPHeaders: { 'x-test-country': 'DE' } });
  const dePage = await de.newPage();
  await dePage.goto('/');
  // Germany asks for consent first: the banner offers it by itself on the first visit.
  const dialog = dePage.getByRole('dialog', { name: 'Cookie preferences' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Accept all' }).click();
  await expect(dialog).toBeHidden();
  const cookies = await de.cookies();
  expect(cookies.find((c) => c.name === 'consent')?.value).toBe(
    encodeURIComponent('necessary+analytics+marketing'),
  );
  await dePage.reload();
  await dePage.getByRole('button', { name: 'Cookie preferences' }).click();
  await expect(dialog).toBeVisible();
  await de.close();
});

test('the logged-out profile area offers login, as an avatar on small screens', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/payment/');
  await expect(page.getByText('Already a user?')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log in to your Account' })).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByText('Already a user?')).toBeHidden();
  await expect(page.locator('header img[src="/static/icons/avatar.svg"]')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log in to your Account' })).toHaveCount(1);
});

test('the footer shows the current year, legal links and the payment disclaimer', async ({
  page,
}) => {
  await page.goto('/payment/?product_group=locker');
  const footer = page.locator('footer');
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Aegis Security Ltd`);
  await expect(footer.getByRole('link', { name: 'Support Center' })).toHaveAttribute(
    'href',
    'https://support.example.com/locker/',
  );
  const legal = footer.getByRole('navigation', { name: 'Legal' });
  await expect(legal.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
    'href',
    '/legal/terms-of-service/',
  );
  await expect(footer).toContainText('Subscriptions renew automatically');
});

test('a signed qa link marks the visitor with an HttpOnly QA cookie', async ({ page, context }) => {
  await page.goto(`/?qa=${qaToken('tester')}`);
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === 'qa_user')?.httpOnly).toBe(true);
});

test('an unsigned qa link neither marks the visitor nor hides the renewal price', async ({
  page,
  context,
}) => {
  await page.goto('/payment/?product_group=vpn&qa=x&ff=renewal-price-disclaimer:off');
  await expect(page.locator('[data-element="renewal-disclaimer"]')).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === 'qa_user')).toBeUndefined();
});
