/**
 * Consent for visitors who must opt in (issues 27 and 28, docs/decisions/007): the choice is
 * offered in a banner that leaves the checkout usable, a choice closes it and gives focus back,
 * and nothing that identifies the browser (the analytics id, the experiment cookies) is kept
 * before the visitor allows analytics, nor after they take it back.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';

async function germanVisitor(browser: Browser) {
  return browser.newContext({ extraHTTPHeaders: { 'x-test-country': 'DE' } });
}

async function open(page: Page, url: string) {
  await page.goto(url);
  await page.locator('html[data-hydrated="true"]').waitFor();
}

const consentDialog = (page: Page) => page.getByRole('dialog', { name: 'Cookie-Einstellungen' });

test('the consent banner leaves the plan picker usable; a choice closes it and gives focus back', async ({
  browser,
}) => {
  const context = await germanVisitor(browser);
  const page = await context.newPage();
  await open(page, '/de/payment/?product_group=vpn');
  const banner = consentDialog(page);
  await expect(banner).toBeVisible();
  // The checkout under the banner still takes the shopper's clicks.
  const plus = page.locator('[data-element="tier-plus"] input');
  await page.locator('[data-element="tier-plus"]').click({ timeout: 5000 });
  await expect(plus).toBeChecked();
  await expect(plus).toBeFocused();
  await banner.getByRole('button', { name: 'Alle akzeptieren' }).click();
  await expect(banner).toBeHidden();
  await expect(plus).toBeFocused();

  // Opened again from the footer, the preferences close on a choice too, back to the button.
  const preferences = page.getByRole('button', { name: 'Cookie-Einstellungen' });
  await preferences.click();
  const dialog = consentDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('checkbox', { name: /Marketing/ }).uncheck();
  await dialog.getByRole('button', { name: 'Auswahl speichern' }).click();
  await expect(dialog).toBeHidden();
  await expect(preferences).toBeFocused();
  expect((await context.cookies()).find((c) => c.name === 'consent')?.value).toBe(
    encodeURIComponent('necessary+analytics'),
  );
  await context.close();
});
