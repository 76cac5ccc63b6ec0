import { expect, test } from '@playwright/test';

// The suite runs the local mode, where the sandbox gateway takes every payment: the badge shows.
// (Production shows it only with SANDBOX_GATEWAY=on; packages/core/src/run-mode.test.ts.)

test('every checkout page says "Test mode" while the sandbox takes the payments, without script', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const path of ['/', '/payment/?product_group=vpn', '/products/', '/processing/']) {
    await page.goto(path);
    const badge = page.getByTestId('test-mode');
    await expect(badge, path).toBeVisible();
    await expect(badge, path).toHaveText(
      'Test mode. Payments go to a test gateway; no money is charged.',
    );
  }
  await context.close();
});

test('the badge is translated and sits beside the logo in right-to-left Hebrew', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 700 });
  await page.goto('/he/payment/?product_group=vpn');
  const badge = page.getByTestId('test-mode');
  await expect(badge).toContainText('מצב בדיקה');
  const logo = (await page.locator('header a').first().boundingBox())!;
  const box = (await badge.boundingBox())!;
  // Right to left: the logo is at the right edge, the badge to its left, both on screen.
  expect(box.x + box.width).toBeLessThanOrEqual(logo.x + 1);
  expect(box.x).toBeGreaterThanOrEqual(0);
});
