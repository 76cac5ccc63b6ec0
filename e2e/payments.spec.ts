import { expect, test, type Page } from '@playwright/test';
import { cardFrame, payWithCard } from './card';
import { qaToken } from './qa';

async function open(page: Page, url: string) {
  await page.goto(url);
  await page.locator('html[data-hydrated="true"]').waitFor();
}

async function enterEmail(page: Page, email: string) {
  const form = page.locator('[data-element="email-form"]');
  await form.locator('input[type="email"]').fill(email);
  await form.locator('button[type="submit"]').click();
  await expect(page.locator('[data-element="email-confirmed"]')).toBeVisible();
}

async function checkoutToCard(page: Page, email: string, url = '/payment/?product_group=vpn') {
  await open(page, url);
  await enterEmail(page, email);
  await expect(cardFrame(page).locator('input#number')).toBeVisible();
}

test('pays by card in the framed card fields and lands on success with the desktop-app links', async ({
  page,
}) => {
  const posted: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') posted.push(`${request.url()} ${request.postData() ?? ''}`);
  });
  await checkoutToCard(page, 'card-buyer@gmail.com');
  await payWithCard(page, '4242 4242 4242 4242');
  await page.waitForURL(/\/success\/\?order_id=/);
  await expect(page.getByRole('heading', { name: 'Thank you for your purchase!' })).toBeVisible();
  await expect(page.locator('[data-element="order-details"]')).toContainText(
    'card-buyer@gmail.com',
  );
  await expect(page.locator('[data-element="claim-vpn"]')).toHaveAttribute(
    'href',
    /^aegisvpn:\/\/claim-online-purchase\?order_id=/,
  );
  await expect(page.locator('[data-element="open-vpn"]')).toHaveAttribute(
    'href',
    'aegisvpn://open_app',
  );
  // The card went to the gateway's token endpoint only; the checkout's api saw a token.
  const withNumber = posted.filter(
    (p) => p.includes('4242424242424242') || p.includes('4242 4242'),
  );
  expect(withNumber.map((p) => new URL(p.split(' ')[0] ?? '').pathname)).toEqual([
    '/api/sandbox/tokens/',
  ]);
  expect(posted.find((p) => p.includes('/api/payments/'))).toMatch(/"cardToken":"ctok_/);
});

test('a declined card shows the declined message in place and can be retried', async ({ page }) => {
  await checkoutToCard(page, 'declined-buyer@gmail.com');
  await payWithCard(page, '4000 0000 0000 0002');
  await expect(page.locator('[data-element="payment-error"]')).toHaveText(
    'The transaction has been declined. Please make sure you have enough funds in your account and provided the correct payment information. You can also try a different credit card or payment method.',
  );
  await payWithCard(page, '4242424242424242');
  await page.waitForURL(/\/success\/\?order_id=/);
});

test('the card fields detect the brand as the shopper types and ask for its security digits', async ({
  page,
}) => {
  await checkoutToCard(page, 'brand-typer@gmail.com');
  const frame = cardFrame(page);
  const number = frame.getByLabel('Card number');
  const cvc = frame.getByLabel('CVV/CVC');
  await number.pressSequentially('378282246310005');
  await expect(number).toHaveValue('3782 822463 10005');
  await expect(frame.locator('#card-brand')).toHaveText('American Express');
  await expect(cvc).toHaveAttribute('placeholder', '1234');
  await number.fill('');
  await number.pressSequentially('5555555555554444');
  await expect(number).toHaveValue('5555 5555 5555 4444');
  await expect(frame.locator('#card-brand')).toHaveText('Mastercard');
  await expect(cvc).toHaveAttribute('placeholder', '123');
  await payWithCard(page, '5555 5555 5555 4444');
  await page.waitForURL(/\/success\/\?order_id=/);
});

test('the card fields show the card messages of the spec and focus the first bad field', async ({
  page,
}) => {
  await checkoutToCard(page, 'typo-buyer@gmail.com');
  const frame = cardFrame(page);
  await frame.getByLabel('Card number').fill('4242 4242 4242 4241');
  await frame.getByLabel('Expiration date').fill('01 / 20');
  await page.locator('[data-element="pay-button"]').click();
  await expect(frame.getByText('Card number is not valid')).toBeVisible();
  await expect(frame.getByText('Expiration date has passed')).toBeVisible();
  await expect(frame.getByText('CVV/CVC cannot be empty')).toBeVisible();
  await expect(frame.getByText('Cardholder name cannot be empty')).toBeVisible();
  await expect(frame.getByLabel('Card number')).toBeFocused();
  await expect(frame.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');
});

test('Enter in the card fields pays, and the fields speak the checkout language', async ({
  page,
}) => {
  await checkoutToCard(page, 'enter-buyer@gmail.com', '/de/payment/?product_group=vpn');
  const frame = cardFrame(page);
  await frame.getByLabel('Kartennummer').fill('4242 4242 4242 4242');
  await frame.getByLabel('Ablaufdatum').fill('12 / 30');
  await frame.getByLabel('CVV/CVC').fill('123');
  await frame.getByLabel('Name des Karteninhabers').fill('Anna Smith');
  await frame.getByLabel('Name des Karteninhabers').press('Enter');
  await page.waitForURL(/\/de\/success\/\?order_id=/);
});

test('an asynchronous payment is processed, then paid', async ({ page }) => {
  await checkoutToCard(page, 'async-buyer@gmail.com');
  await payWithCard(page, '4000 0000 0000 0259');
  await page.waitForURL(/\/processing\/\?order_id=/);
  await expect(page.locator('[data-element="order-status"]')).toBeVisible();
  await page.waitForURL(/\/success\/\?order_id=/, { timeout: 20_000 });
});

test('a one-click wallet opens its sheet over the checkout; closing it lets the shopper pay again', async ({
  page,
}) => {
  await open(page, '/payment/?product_group=vpn');
  await enterEmail(page, 'wallet-buyer@gmail.com');
  const wallet = page.locator('[data-element="one-click-paypal_incontext"]');
  await wallet.click();
  const dialog = page.getByRole('dialog', { name: 'Pay with PayPal' });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/payment\//);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // The closed sheet canceled its payment: the cart takes another one.
  await expect(wallet).toBeEnabled();
  await wallet.click();
  const sheet = page.frameLocator('[data-element="payment-frame"]');
  await sheet.getByRole('button', { name: 'Pay with wallet' }).click();
  await page.waitForURL(/\/success\/\?order_id=/);
});

test('ACH links a bank in a widget: a closed account is declined in place, a good one pays', async ({
  page,
}) => {
  await open(page, '/payment/?product_group=vpn');
  await enterEmail(page, 'ach-buyer@gmail.com');
  await page.locator('[data-element="provider-stripe_ach"]').click();
  const pay = page.locator('[data-element="pay-button"]');
  await pay.click();
  const widget = page.frameLocator('[data-element="payment-frame"]');
  await widget.getByLabel('Closed account: declined').check();
  await widget.getByRole('button', { name: 'Link account' }).click();
  await expect(page.locator('[data-element="payment-error"]')).toHaveText(
    'The transaction has been declined. Please make sure you have enough funds in your account and provided the correct payment information. You can also try a different credit card or payment method.',
  );
  await expect(page.getByRole('dialog')).toBeHidden();
  await pay.click();
  await widget.getByLabel('Sandbox Bank: paid at once').check();
  await widget.getByRole('button', { name: 'Link account' }).click();
  await page.waitForURL(/\/success\/\?order_id=/);
});

test('PayPal: approve on the provider page pays, cancel returns to the cart', async ({ page }) => {
  await open(page, '/payment/?product_group=vpn');
  await enterEmail(page, 'paypal-buyer@gmail.com');
  await page.locator('[data-element="provider-paypal"]').click();
  await page.locator('[data-element="pay-button"]').click();
  await page.waitForURL(/\/api\/sandbox\/checkout\//);
  await page.getByRole('button', { name: 'Cancel and return' }).click();
  await page.waitForURL(/\/payment\/\?cart_id=/);
  await page.locator('html[data-hydrated="true"]').waitFor();
  await page.locator('[data-element="provider-paypal"]').click();
  await page.locator('[data-element="pay-button"]').click();
  await page.waitForURL(/\/api\/sandbox\/checkout\//);
  await page.getByRole('button', { name: 'Approve payment' }).click();
  await page.waitForURL(/\/success\/\?order_id=/);
});

test('back from PayPal with the browser button, the shopper can pay by card instead', async ({
  page,
}) => {
  await open(page, '/payment/?product_group=vpn');
  await enterEmail(page, 'back-button-buyer@gmail.com');
  await page.locator('[data-element="provider-paypal"]').click();
  await page.locator('[data-element="pay-button"]').click();
  await page.waitForURL(/\/api\/sandbox\/checkout\//);
  await page.goBack();
  await page.locator('html[data-hydrated="true"]').waitFor();
  await expect(cardFrame(page).locator('input#number')).toBeVisible();
  await payWithCard(page, '4242 4242 4242 4242');
  await page.waitForURL(/\/success\/\?order_id=/);
});

test('a 3-D Secure card is challenged, then paid; cancelling the challenge returns to the cart', async ({
  page,
}) => {
  await checkoutToCard(page, 'challenge-buyer@gmail.com');
  await payWithCard(page, '4000 0000 0000 3220');
  await expect(page.getByRole('heading', { name: /3-D Secure/ })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel and return' }).click();
  await page.waitForURL(/\/payment\/\?cart_id=/);
  await expect(page.locator('[data-element="email-confirmed"]')).toContainText(
    'challenge-buyer@gmail.com',
  );
  await payWithCard(page, '4000 0000 0000 3220');
  await expect(page.getByRole('heading', { name: /3-D Secure/ })).toBeVisible();
  await page.getByLabel('Confirmation code').fill('123456');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.waitForURL(/\/success\/\?order_id=/);
});

test('with iframe-modal-3ds the challenge opens in a modal that hands back to the page', async ({
  page,
}) => {
  await checkoutToCard(
    page,
    'modal-buyer@gmail.com',
    `/payment/?product_group=vpn&qa=${qaToken()}&ff=iframe-modal-3ds:on`,
  );
  await payWithCard(page, '4000 0000 0000 3220');
  const modal = page.frameLocator('[data-element="payment-frame"]');
  await modal.getByLabel('Confirmation code').fill('123456');
  await modal.getByRole('button', { name: 'Confirm' }).click();
  await page.waitForURL(/\/success\/\?order_id=/);
});

test('a redirect_post provider (Przelewy24) is reached through /api/processing/pre/', async ({
  browser,
}) => {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-test-country': 'PL' } });
  // Poland asks for cookie consent first; this visitor decided on an earlier visit.
  await context.addCookies([
    { name: 'consent', value: 'necessary', url: test.info().project.use.baseURL ?? '' },
  ]);
  const page = await context.newPage();
  await open(page, '/payment/?product_group=vpn');
  await enterEmail(page, 'p24-buyer@gmail.com');
  await page.locator('[data-element="provider-p24"]').click();
  await page.locator('[data-element="pay-button"]').click();
  await expect(page.getByRole('button', { name: 'Approve payment' })).toBeVisible();
  await page.getByRole('button', { name: 'Approve payment' }).click();
  await page.waitForURL(/\/success\/\?order_id=/);
  await context.close();
});

test('the pre-processing route refuses targets outside the gateway', async ({ request }) => {
  const res = await request.get('/api/processing/pre/?to=https%3A%2F%2Fevil.example%2F&fields=e30');
  expect(res.status()).toBe(400);
});
