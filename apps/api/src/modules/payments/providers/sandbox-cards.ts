/** Sandbox test cards and the spec's card messages (§5), checked with card-validator. */
import valid from 'card-validator';

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

export interface CardForm {
  number?: string;
  expiry?: string;
  cvc?: string;
  name?: string;
}

export interface CheckedCard {
  errors: Partial<Record<keyof CardForm, string>>;
  brand?: string;
  last4?: string;
  expiry?: string;
  digits?: string;
}

const YEARS_AHEAD = 20;

function checkExpiry(raw: string, now: Date): string | undefined {
  if (!raw.trim()) return 'Expiration date cannot be empty';
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(raw);
  const month = Number(match?.[1]);
  const year = match?.[2]?.length === 2 ? 2000 + Number(match[2]) : Number(match?.[2]);
  if (!match || month < 1 || month > 12) return 'Expiration date is not valid';
  const endOfMonth = Date.UTC(year, month, 1);
  if (endOfMonth <= now.getTime()) return 'Expiration date has passed';
  if (year > now.getUTCFullYear() + YEARS_AHEAD) return 'Expiration date is too far in the future';
  return undefined;
}

export function checkCard(form: CardForm, now = new Date()): CheckedCard {
  const errors: CheckedCard['errors'] = {};
  const digits = (form.number ?? '').replace(/\D/g, '');
  const number = valid.number(digits);
  if (!digits) errors.number = 'Card number cannot be empty';
  else if (!number.isValid) errors.number = 'Card number is not valid';
  const expiryError = checkExpiry(form.expiry ?? '', now);
  if (expiryError) errors.expiry = expiryError;
  const cvc = (form.cvc ?? '').trim();
  const cvcSize = number.card?.code.size ?? 3;
  if (!cvc) errors.cvc = 'CVV/CVC cannot be empty';
  else if (!valid.cvv(cvc, cvcSize).isValid) errors.cvc = 'CVV/CVC is not valid';
  const name = (form.name ?? '').trim();
  if (!name) errors.name = 'Cardholder name cannot be empty';
  else if (!valid.cardholderName(name).isValid) errors.name = 'Cardholder name is not valid';
  return {
    errors,
    brand: number.card ? BRANDS[number.card.type] : undefined,
    last4: digits.slice(-4),
    expiry: form.expiry?.replace(/\s/g, ''),
    digits,
  };
}
