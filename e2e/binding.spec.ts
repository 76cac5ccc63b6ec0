import { expect, test, type Page } from '@playwright/test';
import { cardFrame, payWithCard } from './card';

/** A cart, its order and its payment belong to the browser that created the cart. */

async function open(page: Page, url: string) {
  await page.goto(url);
  await page.locator('html[data-hydrated="true"]').waitFor();
}

const EMAIL = 'binding-owner@gmail.com';

test('another browser opening the shopper’s success link sees the order’s status but no e-mail', async ({
  page,
  browser,
}) => {
  await open(page, '/payment/?product_group=vpn');
  const form = page.locator('[data-element="email-form"]');
  await form.locator('input[type="email"]').fill(EMAIL);
  await form.locator('button[type="submit"]').click();
  await expect(page.locator('[data-element="email-confirmed"]')).toContainText(EMAIL);
  await expect(cardFrame(page).locator('input#number')).toBeVisible();
  const cartUrl = page.url();
  expect(cartUrl).toMatch(/cart_id=[0-9a-f-]{36}/);

  await payWithCard(page, '4242 4242 4242 4242');
  await page.waitForURL(/\/success\/\?order_id=[0-9a-f-]{36}(&[\w=-]+)*&payment_status=paid/);
  const successUrl = page.url();
  const details = page.locator('[data-element="order-details"]');
  await expect(details).toContainText(EMAIL);
  // The owner keeps everything on a reload (the server forwards the binding cookie).
  await page.reload();
  await expect(details).toContainText(EMAIL);
  await expect(details).toContainText('Total paid');

  // Another browser: its own cookie jar, holding only the links.
  const stranger = await browser.newContext();
  const other = await stranger.newPage();
  await open(other, successUrl);
  await expect(other.getByRole('heading', { name: 'Thank you for your purchase!' })).toBeVisible();
  const theirs = other.locator('[data-element="order-details"]');
  // The desktop app's deep link still works: the order is paid, its app can be claimed.
  await expect(theirs.locator('[data-element="claim-vpn"]')).toHaveAttribute(
    'href',
    /^aegisvpn:\/\/claim-online-purchase\?order_id=/,
  );
  await expect(theirs).not.toContainText(EMAIL);
  await expect(theirs).not.toContainText('Total paid');
  await expect(other.locator('[data-element="account-email"]')).toHaveCount(0);
  expect(await other.content()).not.toContain(EMAIL);

  // Processing follows the status to success for them too, still without the e-mail.
  const orderId = new URL(successUrl).searchParams.get('order_id') ?? '';
  await open(other, `/processing/?order_id=${orderId}`);
  await other.waitForURL(/\/success\/\?order_id=/);
  expect(await other.content()).not.toContain(EMAIL);

  // The cart link shows them a checkout of their own, not the shopper's e-mail.
  await open(other, cartUrl);
  await expect(other.locator('[data-element="email-form"]')).toBeVisible();
  expect(await other.content()).not.toContain(EMAIL);
  await stranger.close();
});
