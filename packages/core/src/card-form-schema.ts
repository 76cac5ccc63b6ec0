/** The card form as the gateway's frame receives it (base64url JSON), checked before it is shown. */
import { z } from 'zod';
import { EXPIRY_LAYOUTS, NAME_LAYOUTS, type CardForm } from './card-form';
import { text } from './text';

export const cardFormSchema = z.strictObject({
  expiry: z.enum(EXPIRY_LAYOUTS),
  names: z.enum(NAME_LAYOUTS),
  /** The first two digits of the card's PIN, which Korean domestic cards are authorised with. */
  password: z.boolean(),
  /** Billing postal code, checked against the country's format. */
  postalCode: z.boolean(),
  country: text().regex(/^[A-Z]{2}$/),
}) satisfies z.ZodType<CardForm>;
