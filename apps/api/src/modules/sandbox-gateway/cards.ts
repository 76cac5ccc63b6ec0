/** Sandbox test cards, and the card checks of spec §5 (by message code), with card-validator. */
import { createHmac } from 'node:crypto';
import valid from 'card-validator';
import type { CardErrorCode, CardFieldName, CardInput } from '@checkout/core';

export type SandboxOutcome =
  'success' | 'declined' | 'insufficient_funds' | 'expired_card' | 'pending' | 'error' | 'canceled';

/** Test card numbers choose the outcome; any other valid number succeeds. */
export const TEST_CARDS: Readonly<Record<string, SandboxOutcome | 'challenge'>> = {
  '4000000000003220': 'challenge',
  '4242424242424242': 'success',
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000000069': 'expired_card',
  '4000000000000259': 'pending',
  '4000000000000119': 'error',
};

/**
 * Every valid number starting so is declined: as many distinct declined cards as a card-testing
 * drill needs (each its own fingerprint), where the list above has three.
 */
export const DECLINED_RANGE = '40000000010';

const BRANDS: Readonly<Record<string, string>> = {
  visa: 'VISA',
  mastercard: 'MASTERCARD',
  maestro: 'MAESTRO',
  discover: 'DISCOVER',
  'american-express': 'AMEX',
  unionpay: 'UNION_PAY',
  jcb: 'JCB',
  'diners-club': 'DINERS_CLUB',
};

/**
 * The gateway's card fingerprint: an HMAC of the digits under a key of its own, so a card is
 * recognised across tokens while the number cannot be recovered from it.
 */
export function cardFingerprint(secret: string, number: string): string {
  const digits = number.replace(/\D/g, '');
  return `fp_${createHmac('sha256', secret).update(`card.${digits}`).digest('base64url')}`;
}

export interface CheckedCard {
  errors: Partial<Record<CardFieldName, CardErrorCode>>;
  brand: string | null;
  last4: string;
  expiry: string;
  outcome: SandboxOutcome | 'challenge';
}

const YEARS_AHEAD = 20;

function checkExpiry(raw: string, now: Date): CardErrorCode | undefined {
  if (!raw.trim()) return 'expiryEmpty';
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(raw);
  const month = Number(match?.[1]);
  const year = match?.[2]?.length === 2 ? 2000 + Number(match[2]) : Number(match?.[2]);
  if (!match || month < 1 || month > 12) return 'expiryInvalid';
  const endOfMonth = Date.UTC(year, month, 1);
  if (endOfMonth <= now.getTime()) return 'expiryPassed';
  if (year > now.getUTCFullYear() + YEARS_AHEAD) return 'expiryTooFar';
  return undefined;
}

/** Checks a card the way a gateway does; the outcome is chosen by the test card number. */
export function checkCard(form: CardInput, now = new Date()): CheckedCard {
  const errors: CheckedCard['errors'] = {};
  const digits = form.number.replace(/\D/g, '');
  const number = valid.number(digits);
  if (!digits) errors.number = 'numberEmpty';
  else if (!number.isValid) errors.number = 'numberInvalid';
  const expiryError = checkExpiry(form.expiry, now);
  if (expiryError) errors.expiry = expiryError;
  const cvc = form.cvc.trim();
  const cvcSize = number.card?.code.size ?? 3;
  if (!cvc) errors.cvc = 'cvcEmpty';
  else if (!valid.cvv(cvc, cvcSize).isValid) errors.cvc = 'cvcInvalid';
  const name = form.name.trim();
  if (!name) errors.name = 'nameEmpty';
  else if (!valid.cardholderName(name).isValid) errors.name = 'nameInvalid';
  return {
    errors,
    brand: (number.card && BRANDS[number.card.type]) ?? null,
    last4: digits.slice(-4),
    expiry: form.expiry.replace(/\s/g, ''),
    outcome: TEST_CARDS[digits] ?? (digits.startsWith(DECLINED_RANGE) ? 'declined' : 'success'),
  };
}
