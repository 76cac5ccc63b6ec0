/**
 * What the law asks a subscription checkout to say (issue 27): the renewal terms of every product
 * beside the Pay button, the money-back guarantee and the legal documents a shopper agrees to,
 * and, after paying, what was bought, when it renews, and where to manage it.
 */
import { expect, test } from '@playwright/test';
import { open } from './account';
import { confirmEmailForCard, payWithCard } from './card';

/** This spec's own card: the gateway tokenizes one number at most 20 times an hour. */
const CARD = '4929 1234 5678 9270';

/** The date one year from today, as the checkout writes it in English. */
function inOneYear(): string {
  const now = new Date();
  const date = new Date(Date.UTC(now.getUTCFullYear() + 1, now.getUTCMonth(), now.getUTCDate()));
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

test('beside the Pay button: each product’s renewal date, price and period, how to cancel, and the guarantee', async ({
  page,
}) => {
  await open(page, '/payment/?product_group=vpn&product_xs=1');
  await page.locator('[data-plan="vpn-basic-1y"]').click();
  await confirmEmailForCard(page, `terms-${Date.now()}@gmail.com`);
  await expect(page.locator('[data-element="summary-line-cross_sell"]')).toContainText(
    'Aegis Pass',
  );
  const terms = page.locator('[data-element="renewal-terms"]');
  const date = inOneYear();
  // The VPN renews at its renewal plan's $99.99, the Pass cross-sell at its own $35.89.
  await expect(terms.locator('li')).toHaveText([
    `Aegis VPN: renews automatically on ${date} at $99.99 (billing period: 1 year) until you cancel.`,
    `Aegis Pass: renews automatically on ${date} at $35.89 (billing period: 1 year) until you cancel.`,
  ]);
  const cancel = terms.getByRole('link', { name: 'your account' });
  await expect(cancel).toHaveAttribute('href', '/dashboard/');
  await expect(page.locator('[data-element="money-back"]')).toHaveText(
    '30-day money-back guarantee',
  );
  // Both sit in the payment section, right after the button.
  const section = page.locator('[data-section="payment-methods"]');
  await expect(
    section.locator('[data-element="pay-button"] ~ [data-element="renewal-terms"]'),
  ).toHaveCount(1);

  // Removing the cross-sell removes its terms.
  await page
    .locator('[data-element="cross-sell-pass-individual-1y-xs"]')
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(terms.locator('li')).toHaveCount(1);
});

test('the footer’s Terms of Service and Subscription Terms are links to those documents', async ({
  page,
}) => {
  await open(page, '/de/payment/?product_group=vpn');
  const disclaimer = page.locator('footer [data-element="payment-disclaimer"]');
  await expect(disclaimer.getByRole('link')).toHaveCount(2);
  const [terms, subscription] = await disclaimer.getByRole('link').all();
  await expect(terms!).toHaveAttribute('href', '/de/legal/terms-of-service/');
  await expect(subscription!).toHaveAttribute('href', '/de/legal/terms-of-service/subscription/');
  await subscription!.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Abonnementbedingungen');
});

test('the success page names the plan, period and renewal, links to the account and the download, and asks its buyer to log in no more', async ({
  page,
}) => {
  await open(page, '/payment/?product_group=vpn');
  await page.locator('[data-plan="vpn-basic-1y"]').click();
  await confirmEmailForCard(page, `success-${Date.now()}@gmail.com`);
  await payWithCard(page, CARD);
  await page.waitForURL(/\/success\/\?order_id=/);
  const details = page.locator('[data-element="order-details"]');
  await expect(details.locator('[data-element="order-plan"]')).toHaveText(
    'Aegis VPN Basic · 1 year',
  );
  await expect(details.locator('[data-element="order-renewal"]')).toHaveText(
    `Renews automatically on ${inOneYear()} at $99.99. You can cancel any time.`,
  );
  await expect(details.getByRole('link', { name: 'Manage subscription' })).toHaveAttribute(
    'href',
    '/dashboard/',
  );
  await expect(details.getByRole('link', { name: 'Download Aegis VPN' })).toHaveAttribute(
    'href',
    'https://downloads.example.com/vpn/',
  );
  await expect(page.getByText('Already a user?')).toBeHidden();
  const success = page.url();

  // In another language, the account link is that language's.
  await page.goto(success.replace('/success/', '/de/success/'));
  await expect(details.getByRole('link', { name: 'Abonnement verwalten' })).toHaveAttribute(
    'href',
    '/de/dashboard/',
  );

  // Someone else holding the order's address learns no more than before.
  const stranger = await page.context().browser()!.newPage();
  await stranger.goto(success);
  await expect(stranger.locator('[data-element="order-plan"]')).toHaveCount(0);
  await expect(stranger.locator('[data-element="order-renewal"]')).toHaveCount(0);
  await expect(stranger.getByText('Already a user?')).toBeVisible();
  await stranger.close();
});

test('a saving is measured against the renewal price, and says so', async ({ page }) => {
  await open(page, '/payment/?product_group=vpn&product_xs=1');
  // Basic · 1 year renews at $99.99 a year; 2 years renew yearly, twice that.
  await expect(
    page.locator('[data-plan="vpn-basic-1y"] [data-element="reference-price"]'),
  ).toHaveText('$99.99 at renewal prices');
  await expect(
    page.locator('[data-plan="vpn-basic-2y"] [data-element="reference-price"]'),
  ).toHaveText('$199.98 at renewal prices');
  await expect(
    page.locator(
      '[data-element="cross-sell-pass-individual-1y-xs"] [data-element="reference-price"]',
    ),
  ).toHaveText('$35.89 at renewal prices');
});
