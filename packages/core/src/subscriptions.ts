/**
 * Subscription status and the only moves it may make (issue 20; the spec shows none, this is
 * our design, in the manner of Stripe Billing's statuses):
 * - active: paid for the current period; renews on `nextChargeAt` while auto-renew is on.
 * - past_due: a renewal charge failed; dunning retries it on a schedule and mails the customer.
 * - canceled: ended early by the customer (cancel, refund) or after dunning's grace period.
 * - expired: auto-renew was off and the paid period ran out.
 */
import { addPeriod } from './periods';
import type { Period } from './catalog';

export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'canceled', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * active → past_due (renewal declined), canceled (customer, refund), expired (term over with
 * auto-renew off); past_due → active (a retry or a new card paid), canceled (dunning gave up,
 * customer). canceled and expired are final: coming back is a new purchase.
 */
export const SUBSCRIPTION_TRANSITIONS: Readonly<
  Record<SubscriptionStatus, readonly SubscriptionStatus[]>
> = {
  active: ['past_due', 'canceled', 'expired'],
  past_due: ['active', 'canceled'],
  canceled: [],
  expired: [],
};

export function canMoveSubscription(from: SubscriptionStatus, to: SubscriptionStatus): boolean {
  return SUBSCRIPTION_TRANSITIONS[from].includes(to);
}

export function isSubscriptionFinal(status: SubscriptionStatus): boolean {
  return SUBSCRIPTION_TRANSITIONS[status].length === 0;
}

/**
 * When period number `cycle` ends (cycle 1 = the first paid period), counted from the anchor
 * rather than from the previous date, so a 31 January monthly plan renews on 29 February, then
 * 31 March, never drifting to the 29th for good.
 */
export function periodEnd(
  anchor: Date,
  { interval, unit }: Pick<Period, 'interval' | 'unit'>,
  cycle: number,
): Date {
  return addPeriod(anchor, { interval: interval * cycle, unit });
}

/** What a subscription's history records: one row per change, by whom (our design). */
export const SUBSCRIPTION_EVENT_TYPES = [
  'created',
  'renewed',
  'renewal_failed',
  'past_due',
  'recovered',
  'auto_renew_off',
  'auto_renew_on',
  'canceled',
  'expired',
  'refunded',
  'payment_method_updated',
  'upgraded',
  'reminder_sent',
] as const;
export type SubscriptionEventType = (typeof SUBSCRIPTION_EVENT_TYPES)[number];
