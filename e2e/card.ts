/** Paying by card in the checkout: the gateway's card fields live in a frame on the page. */
import { expect, type FrameLocator, type Page, type Response } from '@playwright/test';

export function cardFrame(page: Page): FrameLocator {
  return page.frameLocator('[data-element="card-frame"]');
}

/** Types the card into the frame and presses the checkout's pay button. */
export async function payWithCard(page: Page, number: string) {
  const frame = cardFrame(page);
  await frame.getByLabel('Card number').fill(number);
  await frame.getByLabel('Expiration date').fill('12 / 30');
  await frame.getByLabel('CVV/CVC').fill('123');
  await frame.getByLabel('Cardholder name').fill('Anna Smith');
  const pay = page.locator('[data-element="pay-button"]');
  await expect(pay).toBeEnabled();
  await pay.click();
}

/** The api's answer to the next payment the page starts. */
export function paymentAnswer(page: Page): Promise<Response> {
  return page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      new URL(response.url()).pathname === '/api/payments/',
  );
}

/**
 * Pays with the card and waits for the api's answer to this attempt, so that what the page shows
 * next is this attempt's outcome and not the alert an earlier one left.
 */
export async function payWithCardAnswered(page: Page, number: string): Promise<Response> {
  const answered = paymentAnswer(page);
  await payWithCard(page, number);
  return answered;
}

/** A valid (Luhn) number in the sandbox's declined range: each its own card. */
export function declinedCard(n: number): string {
  const body = `40000000010${String(n).padStart(4, '0')}`;
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let digit = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** On a hydrated /payment/: confirms the e-mail and waits for the card fields. */
export async function confirmEmailForCard(page: Page, email: string) {
  const form = page.locator('[data-element="email-form"]');
  await form.locator('input[type="email"]').fill(email);
  await form.locator('button[type="submit"]').click();
  await expect(page.locator('[data-element="email-confirmed"]')).toBeVisible();
  await expect(cardFrame(page).locator('input#number')).toBeVisible();
}
