/**
 * Renewals and dunning, the rules (issue 20, our design, after Stripe Billing's smart retries
 * made plain): a renewal that fails moves the subscription to past_due at once (the customer
 * is told and can fix the card while the service goes on), is tried again on the retry
 * schedule counted from the first failure (+1, +3, +7 days by default), and after the last
 * retry failed the subscription is canceled at the end of the grace period.
 */
import { z } from 'zod';
import { componentDataSchema } from './orders';
import { SUBSCRIPTION_STATUSES } from './subscriptions';
import { text } from './text';

/** Default retry days after the first failed renewal (DUNNING_RETRY_DAYS). */
export const DEFAULT_DUNNING_RETRY_DAYS = [1, 3, 7] as const;

export type DunningNext =
  /** Try the charge again in this many days. */
  | { kind: 'retry'; inDays: number }
  /** Retries are spent: cancel in this many days (the grace period) unless a new card paid. */
  | { kind: 'cancel'; inDays: number };

/**
 * What follows the `failures`-th failed charge of one renewal (1 = the renewal itself), with
 * retries on `retryDays` counted from the first failure and `graceDays` after the last.
 */
export function afterFailedRenewal(
  failures: number,
  retryDays: readonly number[],
  graceDays: number,
): DunningNext {
  if (failures <= retryDays.length) {
    const since = failures === 1 ? 0 : (retryDays[failures - 2] ?? 0);
    return { kind: 'retry', inDays: (retryDays[failures - 1] ?? 0) - since };
  }
  return { kind: 'cancel', inDays: graceDays };
}

/** POST /api/sandbox/clock/: moves the api's clock forward (never in production). */
export const clockAdvanceSchema = z.object({
  /** At most ten years at a time. */
  advanceMs: z
    .number()
    .int()
    .positive()
    .max(10 * 366 * 24 * 3600_000),
});

export interface ClockView {
  now: string;
}

/**
 * POST /api/subscriptions/:id/payment-method/: the customer's new card, from the card fields (a
 * token) or from the provider's own component (Adyen's encrypted fields), and, when the card's
 * issuer asked for a 3-D Secure challenge before it may be stored, the challenge's result.
 */
export const paymentMethodRequestSchema = z.union([
  z.object({ cardToken: z.string().min(8).max(200) }),
  z.object({ componentData: componentDataSchema }),
  z.object({ details: z.strictObject({ threeDSResult: text().min(1).max(20_000) }) }),
]);
export type PaymentMethodRequest = z.infer<typeof paymentMethodRequestSchema>;

export const subscriptionParamsSchema = z.object({ id: z.uuid() });

/** POST /api/subscriptions/:id/payment-method/: the card now on file. */
export const paymentMethodViewSchema = z.object({
  /** The card now on file, as the customer recognises it. */
  last4: z.string(),
  /** past_due and retried at once: did the new card pay the overdue renewal? */
  renewed: z.boolean(),
});
export type PaymentMethodView = z.infer<typeof paymentMethodViewSchema>;

/** The card is kept, or the provider's component runs a step first (a 3-D Secure challenge). */
export const paymentMethodAnswerSchema = z.union([
  paymentMethodViewSchema,
  z.object({ providerAction: z.record(z.string(), z.unknown()) }),
]);
export type PaymentMethodAnswer = z.infer<typeof paymentMethodAnswerSchema>;

/**
 * GET /api/subscriptions/:id/payment-method/: what the update-card page shows and needs (the
 * card on file, and the card fields of the provider and billing country that take the new one).
 */
export const subscriptionCardSchema = z.object({
  id: text(),
  plan: text(),
  product: text().nullable(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  /**
   * The card provider that keeps the new card, and its card fields page; null when the
   * provider takes the card in its own browser component (Adyen).
   */
  provider: text(),
  cardFields: text().nullable(),
  /** The billing country of the first order: it decides the card form. */
  country: text(),
  /** The card renewals charge now; null when none is known. */
  card: z.object({ brand: text().nullable(), last4: text() }).nullable(),
});
export type SubscriptionCardView = z.infer<typeof subscriptionCardSchema>;
