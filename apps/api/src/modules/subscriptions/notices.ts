/**
 * What renewals tell the customer by e-mail: a reminder before a yearly renewal, each failed
 * charge with the link to update the card, and the end after dunning gave up. This interface is
 * the contract with the billing lane, whose localized React Email templates (renewal-reminder,
 * payment-failed, subscription-canceled) replace the plain default below at merge.
 */
import { formatPrice, type Currency } from '@checkout/core';
import type { Mailer } from '../identity/mailer';

interface NoticeBase {
  email: string;
  subscriptionId: string;
  plan: string;
}

export interface RenewalReminder extends NoticeBase {
  chargeAt: Date;
  amountMinor: number;
  currency: Currency;
}

export interface PaymentFailed extends NoticeBase {
  /** 1 for the renewal itself, then each retry. */
  attempt: number;
  /** When the charge is tried again; undefined after the last retry. */
  retryAt: Date | undefined;
  /** When the subscription ends unless a card pays (after the last retry). */
  cancelAt: Date | undefined;
  /** The page where the customer enters a new card (it retries at once). */
  updateCardUrl: string;
}

export interface SubscriptionCanceled extends NoticeBase {
  endedAt: Date;
}

export interface RenewalNotices {
  renewalReminder(notice: RenewalReminder): Promise<void>;
  paymentFailed(notice: PaymentFailed): Promise<void>;
  subscriptionCanceled(notice: SubscriptionCanceled): Promise<void>;
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/** Plain English mails over the existing Mailer, until billing's templates are wired in. */
export function plainNotices(mailer: Mailer): RenewalNotices {
  return {
    renewalReminder: (n) =>
      mailer.send({
        to: n.email,
        subject: `Your ${n.plan} subscription renews on ${day(n.chargeAt)}`,
        body: `Your ${n.plan} subscription renews on ${day(n.chargeAt)} for ${formatPrice(n.amountMinor, n.currency, 'en-US')}. You can turn auto-renew off on your dashboard before then.`,
      }),
    paymentFailed: (n) =>
      mailer.send({
        to: n.email,
        subject: `We could not renew your ${n.plan} subscription`,
        body: [
          `The payment for your ${n.plan} subscription was declined.`,
          n.retryAt
            ? `We will try again on ${day(n.retryAt)}.`
            : `It ends on ${day(n.cancelAt ?? new Date())} unless a new card pays.`,
          `Update your card: ${n.updateCardUrl}`,
        ].join('\n\n'),
      }),
    subscriptionCanceled: (n) =>
      mailer.send({
        to: n.email,
        subject: `Your ${n.plan} subscription has ended`,
        body: `We could not collect the renewal of your ${n.plan} subscription, so it ended on ${day(n.endedAt)}. You can buy it again at any time.`,
      }),
  };
}
