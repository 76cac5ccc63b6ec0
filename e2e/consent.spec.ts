/**
 * Consent for visitors who must opt in (issues 27 and 28, docs/decisions/007): the choice is
 * offered in a banner that leaves the checkout usable, a choice closes it and gives focus back,
 * and nothing that identifies the browser (the analytics id, the experiment cookies) is kept
 * before the visitor allows analytics, nor after they take it back.
 */
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';

const IDENTIFYING = ['browser_id', 'experiment', 'experiment_local', 'experiment_global'];

async function germanVisitor(browser: Browser) {
  return browser.newContext({ extraHTTPHeaders: { 'x-test-country': 'DE' } });
}

async function open(page: Page, url: string) {
  await page.goto(url);
  await page.locator('html[data-hydrated="true"]').waitFor();
}

async function cookieNames(context: BrowserContext): Promise<string[]> {
  return (await context.cookies()).map((c) => c.name);
}

const consentDialog = (page: Page) => page.getByRole('dialog', { name: 'Cookie-Einstellungen' });

test('a German visitor who has not decided holds no analytics identifier and no experiment cookie', async ({
  browser,
}) => {
  const context = await germanVisitor(browser);
  const page = await context.newPage();
  await open(page, '/de/payment/?product_group=vpn');
  // The consent choice is offered once the tracker has started: it has looked at consent by now.
  await expect(consentDialog(page)).toBeVisible();
  await page.waitForTimeout(2500);
  const names = await cookieNames(context);
  for (const name of IDENTIFYING) expect(names, name).not.toContain(name);
  await context.close();
});

test('allowing analytics keeps the identifiers; choosing only necessary afterwards removes them', async ({
  browser,
}) => {
  const context = await germanVisitor(browser);
  const page = await context.newPage();
  await open(page, '/de/payment/?product_group=vpn');
  await consentDialog(page).getByRole('button', { name: 'Alle akzeptieren' }).click();
  await expect.poll(() => cookieNames(context)).toContain('browser_id');
  // Experiments are assigned from the next page on (the seed runs big-payment-cta on /payment/).
  await open(page, '/de/payment/?product_group=vpn');
  expect(await cookieNames(context)).toEqual(
    expect.arrayContaining(['browser_id', 'experiment', 'experiment_local']),
  );

  await page.getByRole('button', { name: 'Cookie-Einstellungen' }).click();
  await consentDialog(page).getByRole('button', { name: 'Nur erforderliche' }).click();
  await expect.poll(() => cookieNames(context)).not.toContain('browser_id');
  await open(page, '/de/payment/?product_group=vpn');
  await page.waitForTimeout(2500);
  const names = await cookieNames(context);
  for (const name of IDENTIFYING) expect(names, name).not.toContain(name);
  expect((await context.cookies()).find((c) => c.name === 'consent')?.value).toBe('necessary');
  await context.close();
});

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
