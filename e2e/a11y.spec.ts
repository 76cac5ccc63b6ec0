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
  await page.getByRole('button', { name: 'New here? Create an account' }).click();
  await expectNoSevereViolations(page);
});
