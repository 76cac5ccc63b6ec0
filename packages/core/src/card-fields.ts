/**
 * Card fields: the gateway serves them in an iframe, they post the card straight to the gateway
 * and hand the checkout a single-use token. This module holds what both sides agree on: the
 * token's shape, the card messages of spec §5 by code, the text the checkout gives the frame
 * (labels and messages in the shopper's language) and the messages the frame posts back.
 */
import { z } from 'zod';
import { CARD_FIELD_NAMES, cardFormFor, type CardFieldName, type CardForm } from './card-form';
import { cardFormSchema } from './card-form-schema';
import { text } from './text';
import { CARD_FRAME_SOURCE } from './card-frame';

/** A gateway card token: opaque, single use, short-lived. */
export const cardTokenSchema = text().regex(/^ctok_[\w-]{22,64}$/, 'not a card token');

/** Spec §5 card messages, by the code the gateway answers with. */
export const CARD_ERROR_MESSAGES = {
  firstNameEmpty: 'First name cannot be empty',
  lastNameEmpty: 'Last name cannot be empty',
  fullNameEmpty: 'Full name cannot be empty',
  nameEmpty: 'Cardholder name cannot be empty',
  nameInvalid: 'Cardholder name is not valid',
  cardInvalid: 'Card is not valid',
  numberEmpty: 'Card number cannot be empty',
  numberInvalid: 'Card number is not valid',
  expiryEmpty: 'Expiration date cannot be empty',
  expiryInvalid: 'Expiration date is not valid',
  expiryPassed: 'Expiration date has passed',
  expiryTooFar: 'Expiration date is too far in the future',
  expiryYearEmpty: 'Expiration year cannot be empty',
  expiryYearInvalid: 'Expiration year is not valid',
  expiryMonthEmpty: 'Expiration month cannot be empty',
  expiryMonthInvalid: 'Expiration month is not valid',
  cvcEmpty: 'CVV/CVC cannot be empty',
  cvcInvalid: 'CVV/CVC is not valid',
  passwordEmpty: 'Card password cannot be empty',
  passwordInvalid: 'Card password is not valid',
  postalCodeEmpty: 'Postal code cannot be empty',
  postalCodeInvalid: 'Postal code is not valid',
} as const;
export type CardErrorCode = keyof typeof CARD_ERROR_MESSAGES;

const CARD_ERROR_CODES = Object.keys(CARD_ERROR_MESSAGES) as [CardErrorCode, ...CardErrorCode[]];

/** Spec §5 error slugs: what kind of problem a field has, whatever its message says. */
export const FORM_ERROR_SLUGS = ['cannot-be-empty', 'invalid'] as const;
export type FormErrorSlug = (typeof FORM_ERROR_SLUGS)[number];

/** A blank field cannot be empty; anything else wrong with it (passed, too far…) is invalid. */
export function cardErrorSlug(code: CardErrorCode): FormErrorSlug {
  return code.endsWith('Empty') ? 'cannot-be-empty' : 'invalid';
}

export type CardErrorSlugs = Partial<Record<CardFieldName, FormErrorSlug>>;

export function cardErrorSlugs(
  errors: Partial<Record<CardFieldName, CardErrorCode>>,
): CardErrorSlugs {
  return Object.fromEntries(
    Object.entries(errors).map(([field, code]) => [field, cardErrorSlug(code)]),
  );
}

export const CARD_FIELD_LABELS: Readonly<Record<CardFieldName, string>> = {
  number: 'Card number',
  expiry: 'Expiration date',
  expiryMonth: 'Expiration month',
  expiryYear: 'Expiration year',
  cvc: 'CVV/CVC',
  password: 'Card password (first 2 digits)',
  name: 'Cardholder name',
  firstName: 'First name',
  lastName: 'Last name',
  fullName: 'Full name',
  postalCode: 'Postal code',
};

const shortText = text().min(1).max(120);

/** What the checkout tells the frame to show, in the shopper's language. */
export const cardFieldsTextSchema = z.strictObject({
  lang: text().regex(/^[a-z]{2,3}(-[A-Z]{2})?$/),
  dir: z.enum(['ltr', 'rtl']),
  labels: z.record(z.enum(CARD_FIELD_NAMES), shortText),
  messages: z.record(z.enum(CARD_ERROR_CODES), shortText),
});
export type CardFieldsText = z.infer<typeof cardFieldsTextSchema>;

export const DEFAULT_CARD_FIELDS_TEXT: CardFieldsText = {
  lang: 'en',
  dir: 'ltr',
  labels: CARD_FIELD_LABELS,
  messages: CARD_ERROR_MESSAGES,
};

/** The form a frame shows when the checkout names none: cardholder name, one expiry field. */
export const DEFAULT_CARD_FORM: CardForm = cardFormFor('', 'US');

const cardValue = (max: number) => text().max(max).optional();

/**
 * What the gateway's token endpoint takes: the form the frame showed and the card, straight
 * from the frame. Fields the form does not show are absent. Names, password and postal code are
 * checked and dropped: only brand, last four and expiry are kept with the token.
 */
export const cardInputSchema = z.strictObject({
  /** A frame that names no form showed the default one. */
  form: cardFormSchema.default(DEFAULT_CARD_FORM),
  number: text().max(40),
  expiry: cardValue(16),
  expiryMonth: cardValue(4),
  expiryYear: cardValue(6),
  cvc: text().max(8),
  password: cardValue(4),
  name: cardValue(120),
  firstName: cardValue(120),
  lastName: cardValue(120),
  fullName: cardValue(120),
  postalCode: cardValue(16),
});
export type CardInput = z.infer<typeof cardInputSchema>;

/** Messages the frame posts to the checkout (tagged, so other frames' messages are ignored). */
export const cardFrameMessageSchema = z.discriminatedUnion('type', [
  z.object({ source: z.literal(CARD_FRAME_SOURCE), type: z.literal('ready') }),
  z.object({
    source: z.literal(CARD_FRAME_SOURCE),
    type: z.literal('height'),
    height: z.number().int().min(0).max(2000),
  }),
  /** The shopper pressed Enter in a field: the checkout runs its pay action. */
  z.object({ source: z.literal(CARD_FRAME_SOURCE), type: z.literal('submit') }),
  z.object({
    source: z.literal(CARD_FRAME_SOURCE),
    type: z.literal('token'),
    token: cardTokenSchema,
    brand: text().nullable(),
    last4: text().regex(/^\d{4}$/),
  }),
  /** The frame shows the field messages itself; the checkout stops waiting and counts slugs. */
  z.object({
    source: z.literal(CARD_FRAME_SOURCE),
    type: z.literal('invalid'),
    errors: z.partialRecord(z.enum(CARD_FIELD_NAMES), z.enum(FORM_ERROR_SLUGS)).optional(),
  }),
  z.object({ source: z.literal(CARD_FRAME_SOURCE), type: z.literal('failed') }),
]);
export type CardFrameMessage = z.infer<typeof cardFrameMessageSchema>;
