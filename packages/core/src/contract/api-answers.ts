/**
 * Schemas of the api's answers that carry no domain type of their own (tax quotes, a canceled
 * payment, a challenge, a login step); the domain answers (carts, orders, payment actions) have
 * theirs beside their types, the provider lists theirs in provider-options.ts, and a refusal's
 * envelope is in errors.ts.
 * The web's api client validates answers with them.
 */
import { z } from 'zod';
import { cartViewSchema } from '../cart';
import { CURRENCIES } from '../currencies';
import { ORDER_STATUSES } from '../order-statuses';
import { text } from '../text';

/** GET /api/payments/taxes/: the tax on an amount, as a cart shows it. */
export const taxAnswerSchema = cartViewSchema.shape.tax.extend({
  currency: z.enum(CURRENCIES),
  region: text().nullable(),
});
export type TaxAnswer = z.infer<typeof taxAnswerSchema>;

/** POST /api/payments/cancel/: where the order stands once its payment was canceled. */
export const paymentCancelAnswerSchema = z.object({
  orderId: text(),
  status: z.enum(ORDER_STATUSES),
});
export type PaymentCancelAnswer = z.infer<typeof paymentCancelAnswerSchema>;

/** GET /api/challenge/: the human check to solve before a retry (its proof of work or widget). */
export const challengeViewSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('altcha'), challenge: z.unknown() }),
  z.object({ kind: z.literal('turnstile'), siteKey: text() }),
]);
export type ChallengeView = z.infer<typeof challengeViewSchema>;

/** A step of the identity provider's login screen: where to go next, or the next screen. */
export const interactionAnswerSchema = z.object({
  redirect_to: z.string().optional(),
  screen: z.string().optional(),
});
