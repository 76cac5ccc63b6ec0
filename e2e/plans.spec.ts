import { expect, test, type Page } from '@playwright/test';

async function open(page: Page, url: string) {
  await page.goto(url);
  await page.locator('html[data-hydrated="true"]').waitFor();
}

test('choosing a plan in yen shows whole amounts and updates the summary', async ({ page }) => {
  await open(page, '/payment/?product_group=vpn&currency=JPY');
  const summaryTotal = page.locator('[data-element="summary-total"]');
  await expect(summaryTotal).toHaveText('¥9,000');
  await page.locator('[data-plan="vpn-basic-2y"]').click();
  await expect(summaryTotal).toHaveText('¥12,480');
  await expect(page.locator('[data-plan="vpn-basic-2y"]')).toContainText('+3 months extra');
  await expect(page).toHaveURL(/product=vpn-basic-2y/);
  for (const text of await page.locator('[data-section="plans"]').allInnerTexts()) {
    expect(text).not.toMatch(/¥[\d,]+\.\d/);
  }
});

test('German prices in euro use comma decimals and the symbol after the amount', async ({
  page,
}) => {
  await open(page, '/de/payment/?product_group=vpn&currency=EUR');
  const summaryTotal = page.locator('[data-element="summary-total"]');
  await expect(summaryTotal).toHaveText(/^55,08\s€$/);
  await page.getByRole('radio', { name: 'Plus' }).check();
  await expect(summaryTotal).toHaveText(/^65,88\s€$/);
  await expect(page.locator('[data-plan="vpn-plus-1y"]')).toContainText(/5,49\s€\/Monat/);
});

test('a reload keeps the chosen plan', async ({ page }) => {
  await open(page, '/payment/?product_group=vpn');
  await page.getByRole('radio', { name: 'Complete' }).check();
  await page.locator('[data-plan="vpn-complete-2y"]').click();
  await page.reload();
  await expect(page.locator('[data-plan="vpn-complete-2y"] input')).toBeChecked();
});

test('the password manager switches between individual and family plans', async ({ page }) => {
  await open(page, '/payment/?product_group=pass');
  await expect(page.locator('[data-plan="pass-individual-1y"]')).toBeVisible();
  await page.locator('[data-element="subgroup-family"]').click();
  await expect(page.locator('[data-plan="pass-family-1y"]')).toBeVisible();
  await expect(page).toHaveURL(/product_subgroup=family/);
});

test('the locker offers 500 GB by default and 2 TB on request', async ({ page }) => {
  await open(page, '/payment/?product_group=locker');
  await expect(page.locator('[data-plan="locker-500gb-1y"]')).toBeVisible();
  await page.locator('[data-element="storage-2-terabyte"]').click();
  await expect(page.locator('[data-plan="locker-2tb-1y"]')).toBeVisible();
});

test('products compares the tiers of a product and links into the checkout', async ({ page }) => {
  await open(page, '/products/?product_group=vpn');
  await expect(page.getByRole('heading', { name: 'Compare Aegis VPN plans' })).toBeVisible();
  await page.getByRole('link', { name: 'Choose Plus' }).click();
  await expect(page).toHaveURL(/\/payment\/\?product_group=vpn&product=vpn-plus-1y/);
  await expect(page.locator('[data-plan="vpn-plus-1y"] input')).toBeChecked();
});
