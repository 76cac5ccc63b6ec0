/**
 * Self-service on the account dashboard (issue 20): a customer who bought a plan turns
 * auto-renew off and on with the keyboard, cancels with a confirmation step and asks for the
 * money back within the window; the order ends refunded.
 */
import { expect, test } from '@playwright/test';
import { buyAsNewAccount, open } from './account';

/** A card no other spec pays with: the gateway tokenizes one card at most 20 times an hour. */
const CARD = '4929 1234 5678 9015';

test('turns auto-renew off, cancels after confirming, and gets the order refunded', async ({
  page,
}) => {
  const email = `self-service-${Date.now()}@gmail.com`;
  await buyAsNewAccount(page, email, CARD);
  await open(page, '/dashboard/');

  const subscription = page.locator('[data-section="subscriptions"] tbody tr').first();
  const order = page.locator('[data-section="orders"] tbody tr').first();
  await expect(subscription).toContainText('Active');
  await expect(subscription).toContainText(/ on /);
  await expect(order).toContainText('Paid');
  await expect(order).toContainText('Refundable until');

  // Auto-renew off by keyboard: the switch says so, and the next charge becomes the term's end.
  const autoRenew = subscription.getByRole('switch', { name: 'Auto-renew' });
  await expect(autoRenew).toHaveAttribute('aria-checked', 'true');
  await autoRenew.focus();
  await page.keyboard.press('Space');
  await expect(autoRenew).toHaveAttribute('aria-checked', 'false');
  await expect(subscription).toContainText('Ends on');
  await expect(subscription).toContainText('no further charge');
  // It stays off after a reload: the api recorded it.
  await open(page, '/dashboard/');
  await expect(autoRenew).toHaveAttribute('aria-checked', 'false');

  // Cancel asks first; Escape and "Go back" leave the subscription alone.
  const cancel = subscription.getByRole('button', { name: 'Cancel subscription' });
  await cancel.click();
  const cancelDialog = page.getByRole('dialog', { name: /Cancel your .* subscription\?/ });
  await expect(cancelDialog).toBeVisible();
  await expect(cancelDialog.getByRole('button', { name: 'Go back' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(cancelDialog).toBeHidden();
  await expect(cancel).toBeFocused();
  await expect(subscription).toContainText('Active');

  await cancel.click();
  await cancelDialog.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(cancelDialog).toBeHidden();
  await expect(subscription).toContainText('Canceled');
  await expect(subscription).toContainText('Ended on');
  await expect(subscription.getByRole('switch')).toHaveCount(0);

  // The money back, within the window: the order is refunded and can be refunded no more.
  await order.getByRole('button', { name: 'Request refund' }).click();
  const refundDialog = page.getByRole('dialog', { name: 'Refund this order?' });
  await expect(refundDialog).toContainText('goes back to how you paid');
  await refundDialog.getByRole('button', { name: 'Request refund' }).click();
  await expect(refundDialog).toBeHidden();
  await expect(order).toContainText('Refunded');
  await expect(order.getByRole('button', { name: 'Request refund' })).toHaveCount(0);
  await open(page, '/dashboard/');
  await expect(order).toContainText('Refunded');
});
