import { expect, test } from '@playwright/test';
import { LOCALE_CODES } from '../packages/core/src/locales';

// Server (Node) and browser (Chromium) carry different ICU data; text formatted on one side and
// not the other makes React throw away the server HTML. Every language must hydrate cleanly.
test('the checkout hydrates without mismatches in every language', async ({ page }) => {
  test.setTimeout(120_000);
  const failures: string[] = [];
  page.on('pageerror', (error) => failures.push(`${page.url()}: ${error.message.slice(0, 100)}`));
  for (const code of LOCALE_CODES) {
    await page.goto(
      `${code === 'en' ? '' : `/${code}`}/payment/?product_group=locker&currency=SEK`,
    );
    await page.locator('html[data-hydrated="true"]').waitFor();
  }
  expect(failures).toEqual([]);
});
