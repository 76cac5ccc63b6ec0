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

type Span = Pick<Period, 'interval' | 'unit'>;

/**
 * The terms a subscription runs (our design): the first as bought, its plan's period plus any
 * extra period the plan gives ("2 years + 3 months extra"), then each renewal for its renewal
 * plan's period, at that plan's price, as the plan page and the invoice say ("Renews at … every
 * 1 year").
 */
export interface TermSchedule {
  anchorAt: Date;
  period: Span;
  extra?: Span | undefined;
  renewal: Span;
}

const MONTHS_IN = { Month: 1, Year: 12 } as const;
const DAYS_IN = { Day: 1, Week: 7 } as const;

/** Spans summed as whole months and days (a month is no fixed number of days). */
function sum(spans: readonly Span[]): { months: number; days: number } {
  let months = 0;
  let days = 0;
  for (const { interval, unit } of spans) {
    if (unit === 'Month' || unit === 'Year') months += interval * MONTHS_IN[unit];
    else days += interval * DAYS_IN[unit];
  }
  return { months, days };
}

/**
 * When term number `cycle` ends (cycle 1 = the first term). Every end is counted from the anchor
 * in whole months and days at once, never from the previous date, so a plan bought on 31
 * January keeps renewing at the month's end.
 */
export function termEnd(schedule: TermSchedule, cycle: number): Date {
  const spans = [schedule.period, ...(schedule.extra ? [schedule.extra] : [])];
  for (let n = 1; n < cycle; n++) spans.push(schedule.renewal);
  const { months, days } = sum(spans);
  const end =
    months > 0
      ? addPeriod(schedule.anchorAt, { interval: months, unit: 'Month' })
      : schedule.anchorAt;
  return days > 0 ? addPeriod(end, { interval: days, unit: 'Day' }) : end;
}

/**
 * The first term as one span ("2 years + 3 months" is 27 months), for documents that state it;
 * the period alone when the extra is of the other kind (months and days do not add up).
 */
export function firstTermSpan(period: Span, extra: Span | undefined): Span {
  const { months, days } = sum(extra ? [period, extra] : []);
  if (extra && days === 0) return { interval: months, unit: 'Month' };
  if (extra && months === 0) return { interval: days, unit: 'Day' };
  return { interval: period.interval, unit: period.unit };
}

/** When term number `cycle` began: the anchor for the first, else the previous term's end. */
export function termStart(schedule: TermSchedule, cycle: number): Date {
  return cycle > 1 ? termEnd(schedule, cycle - 1) : schedule.anchorAt;
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
