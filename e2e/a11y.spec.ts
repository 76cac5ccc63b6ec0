import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

async function expectNoSevereViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const severe = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(
    severe.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

for (const path of ['/', '/payment/', '/no-such-page/', '/ar/payment/', '/legal/privacy-policy/']) {
  test(`${path} has no serious or critical accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await expectNoSevereViolations(page);
  });
}

test('the checkout at the payment step has no serious or critical accessibility violations', async ({
  page,
}) => {
  await page.goto('/payment/?product_group=vpn&product_xs=1');
  await page.locator('html[data-hydrated="true"]').waitFor();
  await page.locator('[data-element="email-form"] input[type="email"]').fill('a11y@gmail.com');
  await page.locator('[data-element="email-form"] button[type="submit"]').click();
  await page.locator('[data-element="pay-button"]').waitFor();
  await page.getByRole('button', { name: 'Have a coupon code?' }).click();
  await expectNoSevereViolations(page);
});

test('the account site login and sign-up screens have no serious or critical violations', async ({
  page,
}) => {
  await page.goto('/login/');
  await page.waitForURL(/\/account\/login\/[\w-]+\/$/);
  await page.locator('html[data-hydrated="true"]').waitFor();
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.getByRole('alert').filter({ hasText: /\S/ }).first().waitFor();
  await expectNoSevereViolations(page);
  await page.getByRole('link', { name: 'New here? Create an account' }).click();
  // A switch in place is no navigation: no progress bar starts (and none is left crawling).
  await expect(page.locator('#nprogress')).toHaveCount(0);
  await expectNoSevereViolations(page);
});

test('the navigation progress bar is hidden from assistive technology', async ({ page }) => {
  await page.goto('/payment/?product_group=vpn');
  await page.locator('html[data-hydrated="true"]').waitFor();
  // The bar is drawn in the click's own task: read there, before the next page replaces it.
  const bar = await page.evaluate(() => {
    document.querySelector<HTMLAnchorElement>('a[href="/legal/terms-of-service/"]')?.click();
    return document.querySelector('#nprogress')?.outerHTML ?? null;
  });
  expect(bar).toContain('class="bar"');
  // Checked where it cannot move: the bar as drawn, on a page of its own.
  const drawn = await page.context().newPage();
  await drawn.setContent(`<html lang="en"><title>bar</title><main>bar</main>${bar}</html>`);
  await expectNoSevereViolations(drawn);
});
