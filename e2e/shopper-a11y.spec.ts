/**
 * What a keyboard, screen-reader or small-screen shopper meets in the checkout (issue 27): focus
 * that stays where the shopper is, no sideways scrolling, titles and headings that say where
 * the shopper is, and the order summary before the pay button.
 */
import { expect, test, type Page } from '@playwright/test';
import { LOCALE_CODES } from '../packages/core/src/locales';
import { confirmEmailForCard, payWithCard } from './card';

async function open(page: Page, url: string) {
  await page.goto(url);
  await page.locator('html[data-hydrated="true"]').waitFor();
}

/** The focused element's tag and accessible text, for messages that say what had focus. */
function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement;
    return element ? `${element.tagName} ${element.textContent?.trim().slice(0, 40) ?? ''}` : '';
  });
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

test('/payment/ has one level-one heading', async ({ page }) => {
  await page.goto('/de/payment/?product_group=vpn');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aegis VPN kaufen');
  await expect(page).toHaveTitle('Aegis kaufen | Aegis Checkout');
});

for (const { path, title } of [
  { path: '/pending/', title: 'Your payment is being confirmed' },
  { path: '/processing/', title: 'Processing your payment' },
]) {
  test(`${path} is titled for itself and focuses its heading on arrival`, async ({ page }) => {
    await open(page, path);
    await expect(page).toHaveTitle(title);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeFocused();
  });
}

for (const { path, title } of [
  { path: '/products/', title: 'Compare plans' },
  { path: '/legal/privacy-policy/', title: 'Privacy Policy' },
  { path: '/de/legal/terms-of-service/', title: 'Nutzungsbedingungen' },
]) {
  test(`${path} is titled after its heading`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page).toHaveTitle(title);
  });
}

test('the success page says the payment worked, in its title and at the focus', async ({
  page,
}) => {
  await open(page, '/payment/?product_group=vpn');
  await confirmEmailForCard(page, `announced-${Date.now()}@gmail.com`);
  await payWithCard(page, '4242 4242 4242 4242');
  await page.waitForURL(/\/success\/\?order_id=/);
  await expect(page).toHaveTitle('Thank you for your purchase!');
  const heading = page.getByRole('heading', { level: 1, name: 'Thank you for your purchase!' });
  await expect(heading).toBeFocused();
});

for (const width of [375, 1280]) {
  test(`at ${width} px the order summary and its country come before the pay button`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await open(page, '/payment/?product_group=vpn');
    await confirmEmailForCard(page, `summary-first-${width}-${Date.now()}@gmail.com`);
    const country = page.getByLabel('Country');
    const pay = page.locator('[data-element="pay-button"]');
    await expect(pay).toBeVisible();
    const before = await country.evaluate(
      (select, button) =>
        Boolean(select.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING),
      await pay.elementHandle(),
    );
    expect(before, 'the country <select> precedes the pay button in the DOM').toBe(true);
    if (width < 1129) {
      const [countryBox, payBox] = [await country.boundingBox(), await pay.boundingBox()];
      expect(countryBox!.y).toBeLessThan(payBox!.y);
    }
  });
}

test('the coupon field takes the focus when opened, the remove button when applied, and back', async ({
  page,
}) => {
  await open(page, '/payment/?product_group=vpn');
  await page.getByRole('button', { name: 'Have a coupon code?' }).click();
  const field = page.getByLabel('Coupon code');
  await expect(field, await focused(page)).toBeFocused();
  await page.keyboard.type('welcome20');
  await page.keyboard.press('Enter');
  const remove = page.getByRole('button', { name: 'Remove coupon' });
  await expect(remove).toBeVisible();
  await expect(remove, await focused(page)).toBeFocused();
  await page.keyboard.press('Enter');
  // The form comes back (it was open), with the focus in its field.
  await expect(page.getByText('Coupon removed')).toBeVisible();
  await expect(field, await focused(page)).toBeFocused();
});

test('closing a wallet sheet with Escape gives the focus back to the wallet', async ({ page }) => {
  await open(page, '/payment/?product_group=vpn');
  const form = page.locator('[data-element="email-form"]');
  await form.locator('input[type="email"]').fill('wallet-focus@gmail.com');
  await form.locator('button[type="submit"]').click();
  const wallet = page.locator('[data-element="one-click-paypal_incontext"]');
  await wallet.click();
  const dialog = page.getByRole('dialog', { name: 'Pay with PayPal' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(wallet).toBeEnabled();
  await expect(wallet, await focused(page)).toBeFocused();
});
