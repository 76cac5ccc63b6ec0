/**
 * The card checks of spec §5, field by field, as the gateway runs them on what its frame posted.
 * Number, security code and cardholder name by card-validator; postal codes by
 * postcode-validator. Its own entry point (`@checkout/core/card-validation`), so no browser
 * bundle ever carries the two libraries.
 */
import valid from 'card-validator';
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import type { CardErrorCode, CardInput } from './card-fields';
import type { CardFieldName } from './card-form';

/** The eight brands of spec §3, by card-validator's names. */
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

/** Cards are issued for at most this many years ahead; a later date is a typing mistake. */
const YEARS_AHEAD = 20;

export type CardErrors = Partial<Record<CardFieldName, CardErrorCode>>;

export interface CheckedCardInput {
  errors: CardErrors;
  /** Spec §3 brand, or null when the number is not one of ours. */
  brand: string | null;
  last4: string;
  /** MM/YY when the expiry is valid, else empty. */
  expiry: string;
}

const blank = (value: string | undefined) => !value?.trim();

function month(raw: string): number | undefined {
  return /^\d{1,2}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= 12 ? Number(raw) : undefined;
}

function year(raw: string): number | undefined {
  if (/^\d{2}$/.test(raw)) return 2000 + Number(raw);
  return /^20\d{2}$/.test(raw) ? Number(raw) : undefined;
}

/** Passed, too far ahead, or fine: the card is good through the last day of its month. */
function dateCode(m: number, y: number, now: Date): 'expiryPassed' | 'expiryTooFar' | undefined {
  if (Date.UTC(y, m, 1) <= now.getTime()) return 'expiryPassed';
  if (y > now.getUTCFullYear() + YEARS_AHEAD) return 'expiryTooFar';
  return undefined;
}

const mmYy = (m: number, y: number) =>
  `${String(m).padStart(2, '0')}/${String(y % 100).padStart(2, '0')}`;

/** One MM / YY field: every problem is said on it. */
function checkCombinedExpiry(raw: string | undefined, now: Date, errors: CardErrors): string {
  if (blank(raw)) {
    errors.expiry = 'expiryEmpty';
    return '';
  }
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(raw ?? '');
  const m = month(match?.[1] ?? '');
  const y = year(match?.[2] ?? '');
  if (m === undefined || y === undefined) {
    errors.expiry = 'expiryInvalid';
    return '';
  }
  const code = dateCode(m, y, now);
  if (code) errors.expiry = code;
  return code ? '' : mmYy(m, y);
}

/** Month and year fields: each says its own problem; a passed or distant date, the year. */
function checkSplitExpiry(input: CardInput, now: Date, errors: CardErrors): string {
  const rawMonth = input.expiryMonth?.trim() ?? '';
  const rawYear = input.expiryYear?.trim() ?? '';
  const m = month(rawMonth);
  const y = year(rawYear);
  if (!rawMonth) errors.expiryMonth = 'expiryMonthEmpty';
  else if (m === undefined) errors.expiryMonth = 'expiryMonthInvalid';
  if (!rawYear) errors.expiryYear = 'expiryYearEmpty';
  else if (y === undefined) errors.expiryYear = 'expiryYearInvalid';
  if (m === undefined || y === undefined) return '';
  const code = dateCode(m, y, now);
  if (code) errors.expiryYear = code;
  return code ? '' : mmYy(m, y);
}

function checkNames(input: CardInput, errors: CardErrors): void {
  switch (input.form.names) {
    case 'cardholder':
      if (blank(input.name)) errors.name = 'nameEmpty';
      else if (!valid.cardholderName(input.name?.trim()).isValid) errors.name = 'nameInvalid';
      return;
    case 'first_last':
      if (blank(input.firstName)) errors.firstName = 'firstNameEmpty';
      if (blank(input.lastName)) errors.lastName = 'lastNameEmpty';
      return;
    case 'full':
      if (blank(input.fullName)) errors.fullName = 'fullNameEmpty';
  }
}

/** Checks every field the form showed; fields it did not show are not looked at. */
export function checkCardInput(input: CardInput, now = new Date()): CheckedCardInput {
  const { form } = input;
  const errors: CardErrors = {};
  const digits = input.number.replace(/[\s-]/g, '');
  const number = valid.number(digits);
  const brand = (number.card && BRANDS[number.card.type]) ?? null;
  if (!digits) errors.number = 'numberEmpty';
  else if (!/^\d+$/.test(digits) || !number.isValid) errors.number = 'numberInvalid';
  // A real card, of a brand we do not take (Mir, Elo, Hipercard…).
  else if (!brand) errors.number = 'cardInvalid';
  const expiry =
    form.expiry === 'split'
      ? checkSplitExpiry(input, now, errors)
      : checkCombinedExpiry(input.expiry, now, errors);
  const cvc = input.cvc.trim();
  if (!cvc) errors.cvc = 'cvcEmpty';
  else if (!valid.cvv(cvc, number.card?.code.size ?? 3).isValid) errors.cvc = 'cvcInvalid';
  if (form.password) {
    if (blank(input.password)) errors.password = 'passwordEmpty';
    else if (!/^\d{2}$/.test(input.password?.trim() ?? '')) errors.password = 'passwordInvalid';
  }
  checkNames(input, errors);
  if (form.postalCode) {
    const code = input.postalCode?.trim() ?? '';
    if (!code) errors.postalCode = 'postalCodeEmpty';
    else if (
      postcodeValidatorExistsForCountry(form.country) &&
      !postcodeValidator(code, form.country)
    )
      errors.postalCode = 'postalCodeInvalid';
  }
  return { errors, brand, last4: /^\d+$/.test(digits) ? digits.slice(-4) : '', expiry };
}
