/**
 * Upgrading through the checkout (issue 20, `plan_upgraded`): a customer with a monthly plan
 * picks the yearly one in the dashboard's upgrade dialog, pays what the quote says is due after
 * the credit for the unused month, is told the plan was upgraded, and the dashboard shows the new
 * plan active and the old one ended.
 */
import { expect, test } from '@playwright/test';
import { open, signUpOnAccountSite } from './account';
import { payWithCard } from './card';

/** A card no other spec pays with: the gateway tokenizes one card at most 20 times an hour. */
const CARD = '4012 8888 8888 1881';

test('upgrades a monthly plan to the yearly one, paying the price less the credit', async ({
  page,
}) => {
  const email = `upgrade-${Date.now()}@gmail.com`;
  await open(page, '/payment/?product_group=vpn&product=vpn-basic-1m');
  await page.getByRole('button', { name: 'Log in to your Account' }).click();
  await signUpOnAccountSite(page, email);
  await page.waitForURL(/\/payment\/\?/);
  await page.locator('html[data-hydrated="true"]').waitFor();
  await page.locator('[data-element="email-form"] button[type="submit"]').click();
  await payWithCard(page, CARD);
  await page.waitForURL(/\/success\/\?order_id=/);

  await open(page, '/dashboard/');
  const rows = page.locator('[data-section="subscriptions"] tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('1 month');
  await rows.first().getByRole('button', { name: 'Upgrade' }).click();
  const dialog = page.getByRole('dialog', { name: /Upgrade your .* subscription/ });
  await expect(dialog).toContainText('credited against the new plan');
  await expect(dialog.getByRole('button', { name: 'Go back' })).toBeFocused();
  // Only upgrades are offered: longer periods or higher tiers, never the plan itself.
  await expect(dialog.locator('[data-plan="vpn-basic-1m"]')).toHaveCount(0);
  const yearly = dialog.locator('[data-plan="vpn-basic-1y"]');
  await expect(yearly).toContainText('1 year');
  await expect(yearly).toContainText(/today \(credit .+\)/);
  await yearly.click();

  // The checkout in upgrade mode: only paying is left, the summary shows the credit.
  await page.waitForURL(/\/payment\/\?.*cart_id=/);
  await page.locator('html[data-hydrated="true"]').waitFor();
  await expect(page.locator('[data-element="upgrade-notice"]')).toContainText('Upgrading from');
  await expect(page.locator('[data-section="plans"]')).toHaveCount(0);
  await expect(page.locator('[data-element^="coupon-"]')).toHaveCount(0);
  const credit = page.locator('[data-element="summary-upgrade-credit"]');
  await expect(credit).toContainText('Credit for unused time');
  // The new plan's renewal terms beside the Pay button, as on a first purchase (issue 27.3).
  await expect(page.locator('[data-element="renewal-terms"] li')).toHaveText([
    /^Aegis VPN: renews automatically on .+ at \$99\.99 \(billing period: 1 year\)/,
  ]);
  await payWithCard(page, CARD);

  await page.waitForURL(/\/success\/\?order_id=/);
  await expect(page.getByRole('heading', { name: 'Your plan has been upgraded!' })).toBeVisible();

  await open(page, '/dashboard/');
  await expect(rows).toHaveCount(2);
  const active = rows.filter({ hasText: 'Active' });
  await expect(active).toHaveCount(1);
  await expect(active).toContainText('1 year');
  const ended = rows.filter({ hasText: 'Canceled' });
  await expect(ended).toContainText('1 month');
  await expect(ended).toContainText('Ended on');
  await expect(ended.getByRole('button', { name: 'Upgrade' })).toHaveCount(0);
});
