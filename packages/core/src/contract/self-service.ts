/**
 * The account dashboard's actions (issue 20): auto-renew off and on, cancel, refund within the
 * money-back window. Requests and answers of the api's routes, and the window's rule.
 *
 * Cancel ends a subscription now (status canceled, nothing more is charged, nothing refunded);
 * keeping it to the end of the paid term is what turning auto-renew off does. A refund gives back
 * the whole order and ends its subscriptions now. docs/decisions/ has the why.
 */
import { z } from 'zod';
import { PERIOD_UNITS } from '../catalog-terms';
import { ORDER_STATUSES } from '../order-statuses';
import { SUBSCRIPTION_STATUSES } from '../subscriptions';
import { text } from '../text';

/** PUT /api/users/current/subscriptions/:id/auto-renew/ */
export const autoRenewRequestSchema = z.strictObject({ autoRenew: z.boolean() });

/** The cancel and refund calls carry nothing but the id in their path. */
export const noBodySchema = z.strictObject({});

/** A subscription after an action: what the dashboard shows of it. */
export const subscriptionStateSchema = z.object({
  id: text(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  autoRenew: z.boolean(),
  endedAt: text().nullable(),
});
export type SubscriptionState = z.infer<typeof subscriptionStateSchema>;

/** An order after a refund request: refund_due until the provider accepts, then refunded. */
export const refundAnswerSchema = z.object({ id: text(), status: z.enum(ORDER_STATUSES) });
export type RefundAnswer = z.infer<typeof refundAnswerSchema>;

/** GET /api/users/current/subscriptions/:id/upgrade-quote/?plan=… */
export const upgradeQuoteQuerySchema = z.object({ plan: text().min(1).max(64) });

/** What moving to `plan` costs now (core proration.ts): its price less the unused credit. */
export const upgradeQuoteSchema = z.object({
  plan: text(),
  currency: text(),
  priceMinor: z.number().int(),
  creditMinor: z.number().int(),
  dueMinor: z.number().int(),
});
export type UpgradeQuoteView = z.infer<typeof upgradeQuoteSchema>;

/**
 * GET /api/users/current/subscriptions/:id/upgrades/: every plan the subscription may move to
 * now, with its quote, and the billing country of the order that bought it (the upgrade cart's).
 */
export const upgradeOptionsSchema = z.object({
  subscriptionId: text(),
  country: text(),
  options: z.array(
    upgradeQuoteSchema.extend({
      tier: text(),
      period: z.object({ interval: z.number().int(), unit: z.enum(PERIOD_UNITS) }),
    }),
  ),
});
export type UpgradeOptions = z.infer<typeof upgradeOptionsSchema>;

const DAY_MS = 86_400_000;

/** The last instant a refund may be asked for an order paid at `paidAt`. */
export function refundDeadline(paidAt: Date, windowDays: number): Date {
  return new Date(paidAt.getTime() + windowDays * DAY_MS);
}
