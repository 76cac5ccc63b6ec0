/**
 * What a keyboard, screen-reader or small-screen shopper meets in the checkout (issue 27): focus
 * that stays where the shopper is, no sideways scrolling, titles and headings that say where
 * the shopper is, and the order summary before the pay button.
 */
import { expect, test, type Page } from '@playwright/test';
import { LOCALE_CODES } from '../packages/core/src/locales';

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

test('no language scrolls sideways on a 320 px phone', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 320, height: 640 });
  const wide: string[] = [];
  for (const code of LOCALE_CODES) {
    const prefix = code === 'en' ? '' : `/${code}`;
    await page.goto(`${prefix}/payment/?product_group=vpn`);
    const { scroll, client } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    if (scroll > client) wide.push(`${code}: ${scroll - client}px`);
  }
  expect(wide).toEqual([]);
});
