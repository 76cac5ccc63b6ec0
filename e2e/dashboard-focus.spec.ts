/**
 * The dashboard keeps a keyboard or screen-reader customer's place (issue 27.7): after an
 * action re-renders the row, the focus is on the row's control or the row, not on <body>.
 */
import { expect, test } from '@playwright/test';
import { buyAsNewAccount, open } from './account';

/** A card no other spec pays with: the gateway tokenizes one card at most 20 times an hour. */
const CARD = '4929 1234 5678 9049';

test('auto-renew and a confirmed refund leave the focus in their row', async ({ page }) => {
  await buyAsNewAccount(page, `dashboard-focus-${Date.now()}@gmail.com`, CARD);
  await open(page, '/dashboard/');
  const subscription = page.locator('[data-section="subscriptions"] tbody tr').first();
  const order = page.locator('[data-section="orders"] tbody tr').first();

  const autoRenew = subscription.getByRole('switch', { name: 'Auto-renew' });
  await autoRenew.focus();
  await page.keyboard.press('Space');
  await expect(subscription).toContainText('Ends on');
  await expect(autoRenew).toHaveAttribute('aria-checked', 'false');
  await expect(autoRenew).toBeFocused();

  await order.getByRole('button', { name: 'Request refund' }).click();
  const refundDialog = page.getByRole('dialog', { name: 'Refund this order?' });
  await refundDialog.getByRole('button', { name: 'Request refund' }).click();
  await expect(order).toContainText('Refunded');
  // The button that opened the dialog is gone with the refund: its row takes the focus.
  await expect(order).toBeFocused();
});
