import { expect, test, type Page } from '@playwright/test';

async function open(page: Page, url: string) {
  await page.goto(url);
  await page.locator('html[data-hydrated="true"]').waitFor();
}

async function checkoutToGateway(page: Page, email: string) {
  await open(page, '/payment/?product_group=vpn');
  const form = page.locator('[data-element="email-form"]');
  await form.locator('input[type="email"]').fill(email);
  await form.locator('button[type="submit"]').click();
  await expect(page.locator('[data-element="email-confirmed"]')).toBeVisible();
  await page.locator('[data-element="pay-button"]').click();
  await page.waitForURL(/\/api\/sandbox\/checkout\//);
}

async function payWithCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiration date').fill('12 / 30');
  await page.getByLabel('CVV/CVC').fill('123');
  await page.getByLabel('Cardholder name').fill('Anna Smith');
  await page.getByRole('button', { name: /^Pay / }).click();
}

test('pays by card and lands on success with the desktop-app links', async ({ page }) => {
  await checkoutToGateway(page, 'card-buyer@gmail.com');
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
});

test('a declined card returns to the checkout with the declined message and can be retried', async ({
  page,
}) => {
  await checkoutToGateway(page, 'declined-buyer@gmail.com');
  await payWithCard(page, '4000 0000 0000 0002');
  await page.waitForURL(/\/payment\/\?.*error=declined/);
  await expect(page.locator('[data-element="payment-error"]')).toHaveText(
    'The transaction has been declined. Please make sure you have enough funds in your account and provided the correct payment information. You can also try a different credit card or payment method.',
  );
  await page.locator('[data-element="pay-button"]').click();
  await page.waitForURL(/\/api\/sandbox\/checkout\//);
  await payWithCard(page, '4242424242424242');
  await page.waitForURL(/\/success\/\?order_id=/);
});

test('the card page detects the brand as the shopper types and asks for its security digits', async ({
  page,
}) => {
  await checkoutToGateway(page, 'brand-typer@gmail.com');
  const number = page.getByLabel('Card number');
  const cvc = page.getByLabel('CVV/CVC');
  await number.pressSequentially('378282246310005');
  await expect(number).toHaveValue('3782 822463 10005');
  await expect(page.locator('#card-brand')).toHaveText('American Express');
  await expect(cvc).toHaveAttribute('placeholder', '1234');
  await number.fill('');
  await number.pressSequentially('5555555555554444');
  await expect(number).toHaveValue('5555 5555 5555 4444');
  await expect(page.locator('#card-brand')).toHaveText('Mastercard');
  await expect(cvc).toHaveAttribute('placeholder', '123');
  await payWithCard(page, '5555 5555 5555 4444');
  await page.waitForURL(/\/success\/\?order_id=/);
});

test('the gateway shows the card messages of the spec', async ({ page }) => {
  await checkoutToGateway(page, 'typo-buyer@gmail.com');
  await page.getByLabel('Card number').fill('4242 4242 4242 4241');
  await page.getByLabel('Expiration date').fill('01 / 20');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByText('Card number is not valid')).toBeVisible();
  await expect(page.getByText('Expiration date has passed')).toBeVisible();
  await expect(page.getByText('CVV/CVC cannot be empty')).toBeVisible();
});

test('leaving the gateway returns to the same cart', async ({ page }) => {
  await checkoutToGateway(page, 'cancel-buyer@gmail.com');
  await page.getByRole('button', { name: 'Cancel and return' }).click();
  await page.waitForURL(/\/payment\/\?cart_id=/);
  await expect(page.locator('[data-element="email-confirmed"]')).toContainText(
    'cancel-buyer@gmail.com',
  );
});

test('an asynchronous payment is processed, then paid', async ({ page }) => {
  await checkoutToGateway(page, 'async-buyer@gmail.com');
  await payWithCard(page, '4000 0000 0000 0259');
  await page.waitForURL(/\/processing\/\?order_id=/);
  await expect(page.locator('[data-element="order-status"]')).toBeVisible();
  await page.waitForURL(/\/success\/\?order_id=/, { timeout: 20_000 });
});

test('a one-click wallet starts a payment too', async ({ page }) => {
  await open(page, '/payment/?product_group=vpn');
  const form = page.locator('[data-element="email-form"]');
  await form.locator('input[type="email"]').fill('wallet-buyer@gmail.com');
  await form.locator('button[type="submit"]').click();
  await page.locator('[data-element="one-click-paypal_incontext"]').click();
  await page.waitForURL(/\/api\/sandbox\/checkout\//);
});

async function enterEmail(page: Page, email: string) {
  const form = page.locator('[data-element="email-form"]');
  await form.locator('input[type="email"]').fill(email);
  await form.locator('button[type="submit"]').click();
  await expect(page.locator('[data-element="email-confirmed"]')).toBeVisible();
}

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

test('a 3-D Secure card is challenged, then paid', async ({ page }) => {
  await checkoutToGateway(page, 'challenge-buyer@gmail.com');
  await payWithCard(page, '4000 0000 0000 3220');
  await expect(page.getByRole('heading', { name: /3-D Secure/ })).toBeVisible();
  await page.getByLabel('Confirmation code').fill('123456');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.waitForURL(/\/success\/\?order_id=/);
});

test('with iframe-modal-3ds the card is paid in a modal that hands back to the page', async ({
  page,
}) => {
  await open(page, '/payment/?product_group=vpn&qa=e2e&ff=iframe-modal-3ds:on');
  await enterEmail(page, 'modal-buyer@gmail.com');
  await page.locator('[data-element="pay-button"]').click();
  const frame = page.frameLocator('[data-element="payment-frame"]');
  await frame.getByLabel('Card number').fill('4000 0000 0000 3220');
  await frame.getByLabel('Expiration date').fill('12 / 30');
  await frame.getByLabel('CVV/CVC').fill('123');
  await frame.getByLabel('Cardholder name').fill('Anna Smith');
  await frame.getByRole('button', { name: /^Pay / }).click();
  await frame.getByRole('button', { name: 'Confirm' }).click();
  await page.waitForURL(/\/success\/\?order_id=/);
});

test('a redirect_post provider (Przelewy24) is reached through /api/processing/pre/', async ({
  browser,
}) => {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-test-country': 'PL' } });
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
