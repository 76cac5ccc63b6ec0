/**
 * Card fields: the gateway serves them in an iframe, they post the card straight to the gateway
 * and hand the checkout a single-use token. This module holds what both sides agree on: the
 * token's shape, the card messages of spec §5 by code, the text the checkout gives the frame
 * (labels and messages in the shopper's language) and the messages the frame posts back.
 */
import { z } from 'zod';
import { text } from './text';
import { CARD_FRAME_SOURCE } from './card-frame';

/** A gateway card token: opaque, single use, short-lived. */
export const cardTokenSchema = text().regex(/^ctok_[\w-]{22,64}$/, 'not a card token');

export const CARD_FIELD_NAMES = ['number', 'expiry', 'cvc', 'name'] as const;
export type CardFieldName = (typeof CARD_FIELD_NAMES)[number];

/** Spec §5 card messages, by the code the gateway answers with. */
export const CARD_ERROR_MESSAGES = {
  numberEmpty: 'Card number cannot be empty',
  numberInvalid: 'Card number is not valid',
  expiryEmpty: 'Expiration date cannot be empty',
  expiryInvalid: 'Expiration date is not valid',
  expiryPassed: 'Expiration date has passed',
  expiryTooFar: 'Expiration date is too far in the future',
  cvcEmpty: 'CVV/CVC cannot be empty',
  cvcInvalid: 'CVV/CVC is not valid',
  nameEmpty: 'Cardholder name cannot be empty',
  nameInvalid: 'Cardholder name is not valid',
} as const;
export type CardErrorCode = keyof typeof CARD_ERROR_MESSAGES;

const CARD_ERROR_CODES = Object.keys(CARD_ERROR_MESSAGES) as [CardErrorCode, ...CardErrorCode[]];

export const CARD_FIELD_LABELS: Readonly<Record<CardFieldName, string>> = {
  number: 'Card number',
  expiry: 'Expiration date',
  cvc: 'CVV/CVC',
  name: 'Cardholder name',
};

const shortText = text().min(1).max(120);

/** What the checkout tells the frame to show, in the shopper's language. */
export const cardFieldsTextSchema = z.strictObject({
  lang: text().regex(/^[a-z]{2,3}(-[A-Z]{2})?$/),
  dir: z.enum(['ltr', 'rtl']),
  labels: z.strictObject({ number: shortText, expiry: shortText, cvc: shortText, name: shortText }),
  messages: z.record(z.enum(CARD_ERROR_CODES), shortText),
});
export type CardFieldsText = z.infer<typeof cardFieldsTextSchema>;

export const DEFAULT_CARD_FIELDS_TEXT: CardFieldsText = {
  lang: 'en',
  dir: 'ltr',
  labels: CARD_FIELD_LABELS,
  messages: CARD_ERROR_MESSAGES,
};

/** What the gateway's token endpoint takes: the card, straight from the frame. */
export const cardInputSchema = z.strictObject({
  number: text().max(40),
  expiry: text().max(16),
  cvc: text().max(8),
  name: text().max(120),
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
  /** The frame shows the field messages itself; the checkout only stops waiting. */
  z.object({ source: z.literal(CARD_FRAME_SOURCE), type: z.literal('invalid') }),
  z.object({ source: z.literal(CARD_FRAME_SOURCE), type: z.literal('failed') }),
]);
export type CardFrameMessage = z.infer<typeof cardFrameMessageSchema>;
