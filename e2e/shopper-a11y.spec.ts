/**
 * What a keyboard, screen-reader or small-screen shopper meets in the checkout (issue 27): focus
 * that stays where the shopper is, no sideways scrolling, titles and headings that say where
 * the shopper is, and the order summary before the pay button.
 */
import { expect, test, type Page } from '@playwright/test';

async function open(page: Page, url: string) {
  await page.goto(url);
  await page.locator('html[data-hydrated="true"]').waitFor();
}

test('typing into the e-mail field on the plan step keeps what was typed', async ({ page }) => {
  await open(page, '/payment/?product_group=vpn');
  const field = page.locator('[data-element="email-form"] input[type="email"]');
  // A click and real key presses: fill() sets the value before the step change could move focus.
  await field.click();
  await page.keyboard.type('typed@gmail.com', { delay: 20 });
  await expect(field).toHaveValue('typed@gmail.com');
  await expect(field).toBeFocused();
  await expect(page.locator('[aria-current="step"]')).toContainText('Account');
});
