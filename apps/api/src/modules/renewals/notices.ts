/**
 * What renewals tell the customer by e-mail: a reminder before a yearly renewal, each failed
 * charge with the link to update the card, and the end after dunning gave up. This interface is
 * implemented by billing's localized React Email templates (renewal-reminder, payment-failed,
 * subscription-canceled) in billing/renewal-notices.ts.
 */
import type { Currency } from '@checkout/core';

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
