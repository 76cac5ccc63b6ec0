/**
 * The card form of spec §3 and §5: its variants per provider, country and expiry layout, every
 * card message provoked and read back exactly, and a failed payment said where the shopper is.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type FrameLocator, type Page } from '@playwright/test';
import { cardFrame, confirmEmailForCard, declinedCard } from './card';

const AR_DECLINED = (
  JSON.parse(readFileSync('apps/web/messages/ar.json', 'utf8')) as {
    paymentErrors: { declined: string };
  }
).paymentErrors.declined;

/**
 * A shopper in `country` who decided on cookies on an earlier visit: in the countries where
 * consent is opt-in the dialog would otherwise open over the checkout (issue 17).
 */
async function shopperIn(browser: Browser, country: string) {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-test-country': country } });
  const url = test.info().project.use.baseURL ?? '';
  await context.addCookies([{ name: 'consent', value: 'necessary', url }]);
  return context;
}

/**
 * Any valid number the sandbox has no outcome for pays. Not 4242…: the gateway lets one card be
 * tokenized 20 times an hour (card-testing defence), and the other specs pay with 4242 already.
 */
const GOOD_CARD = '5555 5555 5555 4444';

async function open(page: Page, url: string) {
  await page.goto(url);
  await page.locator('html[data-hydrated="true"]').waitFor();
}

/** Fills the frame's fields by id (labels differ per language); '' empties one. */
async function fill(frame: FrameLocator, values: Record<string, string>) {
  for (const [id, value] of Object.entries(values)) await frame.locator(`#${id}`).fill(value);
}

/**
 * Presses pay and reads each field's message exactly, and its spec §5 slug (cannot-be-empty or
 * invalid); a field not named shows none.
 */
async function expectMessages(page: Page, messages: Record<string, string>) {
  await page.locator('[data-element="pay-button"]').click();
  const frame = cardFrame(page);
  for (const [field, message] of Object.entries(messages)) {
    const slug = message.endsWith('cannot be empty') ? 'cannot-be-empty' : 'invalid';
    await expect(frame.locator(`#${field}-error`)).toHaveText(message);
    await expect(frame.locator(`#${field}-error`)).toHaveAttribute('data-error', slug);
    await expect(frame.locator(`#${field}`)).toHaveAttribute('aria-invalid', 'true');
  }
  const ids = await frame.locator('input').evaluateAll((inputs) => inputs.map((i) => i.id));
  for (const id of ids.filter((id) => !(id in messages))) {
    await expect(frame.locator(`#${id}-error`)).toBeEmpty();
    await expect(frame.locator(`#${id}-error`)).not.toHaveAttribute('data-error');
  }
}

/** The card form the checkout asked the frame for. */
async function askedForm(page: Page): Promise<unknown> {
  const src = await page.locator('[data-element="card-frame"]').getAttribute('src');
  const form = new URL(src ?? '').searchParams.get('form') ?? '';
  return JSON.parse(Buffer.from(form, 'base64url').toString('utf8'));
}

const ids = (frame: FrameLocator) =>
  frame.locator('input').evaluateAll((inputs) => inputs.map((i) => i.id));

test('MM / YY: the slash comes as the shopper types, and every card message shows exactly', async ({
  page,
}) => {
  await open(page, '/payment/?product_group=vpn');
  await confirmEmailForCard(page, 'combined-form@gmail.com');
  expect(await askedForm(page)).toEqual({
    expiry: 'combined',
    names: 'cardholder',
    password: false,
    postalCode: false,
    country: 'US',
  });
  const frame = cardFrame(page);
  expect(await ids(frame)).toEqual(['number', 'expiry', 'cvc', 'name']);
  const expiry = frame.locator('#expiry');
  await expiry.pressSequentially('4');
  await expect(expiry).toHaveValue('04 / ');
  await expiry.pressSequentially('28');
  await expect(expiry).toHaveValue('04 / 28');
  await expiry.fill('');
  await expiry.pressSequentially('1230');
  await expect(expiry).toHaveValue('12 / 30');
  await expiry.fill('');

  await expectMessages(page, {
    number: 'Card number cannot be empty',
    expiry: 'Expiration date cannot be empty',
    cvc: 'CVV/CVC cannot be empty',
    name: 'Cardholder name cannot be empty',
  });
  await expect(frame.locator('#number')).toBeFocused();
  await fill(frame, {
    number: '4242 4242 4242 4241',
    expiry: '13 / 30',
    cvc: '12',
    name: '4242424242424242',
  });
  await expectMessages(page, {
    number: 'Card number is not valid',
    expiry: 'Expiration date is not valid',
    cvc: 'CVV/CVC is not valid',
    name: 'Cardholder name is not valid',
  });
  // A real Mir card: a brand the checkout does not take.
  await fill(frame, {
    number: '2200 0000 0000 0004',
    expiry: '01 / 20',
    cvc: '123',
    name: 'Anna Smith',
  });
  await expectMessages(page, {
    number: 'Card is not valid',
    expiry: 'Expiration date has passed',
  });
  await fill(frame, { number: GOOD_CARD, expiry: '01 / 79' });
  await expectMessages(page, { expiry: 'Expiration date is too far in the future' });
  await fill(frame, { expiry: '12 / 30' });
  await page.locator('[data-element="pay-button"]').click();
  await page.waitForURL(/\/success\/\?order_id=/);
});

test('month and year: each says its own problem, and the card pays', async ({ page }) => {
  await open(page, '/payment/?product_group=vpn');
  await confirmEmailForCard(page, 'split-form@gmail.com');
  // The "card input layout" experiment sets CardPayment's expiryLayout (lane experiments); here
  // the frame is handed the split form the prop produces.
  const split = Buffer.from(
    JSON.stringify({ ...((await askedForm(page)) as object), expiry: 'split' }),
  ).toString('base64url');
  await page.locator('[data-element="card-frame"]').evaluate((frame: HTMLIFrameElement, form) => {
    const url = new URL(frame.src);
    url.searchParams.set('form', form);
    frame.src = url.toString();
  }, split);
  const frame = cardFrame(page);
  await expect(frame.locator('#expiryMonth')).toBeVisible();
  expect(await ids(frame)).toEqual(['number', 'expiryMonth', 'expiryYear', 'cvc', 'name']);
  await fill(frame, { number: GOOD_CARD, cvc: '123', name: 'Anna Smith' });
  await expectMessages(page, {
    expiryMonth: 'Expiration month cannot be empty',
    expiryYear: 'Expiration year cannot be empty',
  });
  await expect(frame.locator('#expiryMonth')).toBeFocused();
  await fill(frame, { expiryMonth: '13', expiryYear: '3' });
  await expectMessages(page, {
    expiryMonth: 'Expiration month is not valid',
    expiryYear: 'Expiration year is not valid',
  });
  await fill(frame, { expiryMonth: '01', expiryYear: '20' });
  await expectMessages(page, { expiryYear: 'Expiration date has passed' });
  await fill(frame, { expiryYear: '2079' });
  await expectMessages(page, { expiryYear: 'Expiration date is too far in the future' });
  await fill(frame, { expiryMonth: '12', expiryYear: '2030' });
  await page.locator('[data-element="pay-button"]').click();
  await page.waitForURL(/\/success\/\?order_id=/);
});

test('a Korean card (KCP) asks for the first two digits of its password and a full name', async ({
  browser,
}) => {
  const context = await shopperIn(browser, 'KR');
  const page = await context.newPage();
  await open(page, '/payment/?product_group=vpn');
  await confirmEmailForCard(page, 'kcp-buyer@gmail.com');
  await page.locator('[data-element="provider-adyen_kcp"]').click();
  const frame = cardFrame(page);
  await expect(frame.locator('#password')).toBeVisible();
  expect(await ids(frame)).toEqual(['number', 'expiry', 'cvc', 'password', 'fullName']);
  await expect(frame.getByLabel('Card password (first 2 digits)')).toHaveAttribute(
    'type',
    'password',
  );
  await fill(frame, { number: GOOD_CARD, expiry: '12 / 30', cvc: '123' });
  await expectMessages(page, {
    password: 'Card password cannot be empty',
    fullName: 'Full name cannot be empty',
  });
  await fill(frame, { password: '1', fullName: 'Kim Minji' });
  await expectMessages(page, { password: 'Card password is not valid' });
  await fill(frame, { password: '12' });
  await page.locator('[data-element="pay-button"]').click();
  await page.waitForURL(/\/success\/\?order_id=/);
  await context.close();
});

test('first and last name in Brazil, the billing postal code in the United Kingdom', async ({
  browser,
}) => {
  const br = await shopperIn(browser, 'BR');
  const brazil = await br.newPage();
  await open(brazil, '/payment/?product_group=vpn');
  await confirmEmailForCard(brazil, 'br-buyer@gmail.com');
  const brFrame = cardFrame(brazil);
  expect(await ids(brFrame)).toEqual(['number', 'expiry', 'cvc', 'firstName', 'lastName']);
  await fill(brFrame, { number: GOOD_CARD, expiry: '12 / 30', cvc: '123' });
  await expectMessages(brazil, {
    firstName: 'First name cannot be empty',
    lastName: 'Last name cannot be empty',
  });
  await br.close();

  const gb = await shopperIn(browser, 'GB');
  const uk = await gb.newPage();
  await open(uk, '/payment/?product_group=vpn');
  await confirmEmailForCard(uk, 'gb-buyer@gmail.com');
  const gbFrame = cardFrame(uk);
  expect(await ids(gbFrame)).toEqual(['number', 'expiry', 'cvc', 'name', 'postalCode']);
  await fill(gbFrame, {
    number: GOOD_CARD,
    expiry: '12 / 30',
    cvc: '123',
    name: 'Anna Smith',
  });
  await expectMessages(uk, { postalCode: 'Postal code cannot be empty' });
  await fill(gbFrame, { postalCode: '12345' });
  await expectMessages(uk, { postalCode: 'Postal code is not valid' });
  await fill(gbFrame, { postalCode: 'SW1A 1AA' });
  await uk.locator('[data-element="pay-button"]').click();
  await uk.waitForURL(/\/success\/\?order_id=/);
  await gb.close();
});

test('after a decline at 375 px in Arabic the message is in view, focused and announced', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await open(page, '/ar/payment/?product_group=vpn');
  await confirmEmailForCard(page, 'declined-ar@gmail.com');
  await fill(cardFrame(page), {
    number: declinedCard(7001),
    expiry: '12 / 30',
    cvc: '123',
    name: 'Anna Smith',
  });
  const pay = page.locator('[data-element="pay-button"]');
  await pay.scrollIntoViewIfNeeded();
  await pay.click();
  const alert = page.locator('[data-element="payment-error"]');
  await expect(alert).toHaveAttribute('role', 'alert');
  await expect(alert).toHaveText(AR_DECLINED);
  await expect(alert).toBeInViewport({ ratio: 1 });
  await expect(alert).toBeFocused();
  // Next to the button: the shopper's view never had to move far.
  const [a, b] = [await alert.boundingBox(), await pay.boundingBox()];
  expect((b?.y ?? 0) - ((a?.y ?? 0) + (a?.height ?? 0))).toBeLessThan(40);
});
