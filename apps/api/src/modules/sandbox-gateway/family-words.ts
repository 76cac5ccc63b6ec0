/**
 * What each provider family would report for each sandbox outcome, in that family's own words:
 * the sandbox speaks every family's vocabulary, so the family's status table
 * (payments/providers/) reads the sandbox exactly as it would read the real provider.
 */
import type { ProviderFamily } from '@checkout/core';
import type { SandboxOutcome } from './cards';

export const FAMILY_WORDS: Readonly<
  Partial<Record<ProviderFamily, Readonly<Record<SandboxOutcome, string>>>>
> = {
  adyen: {
    success: 'Authorised',
    declined: 'Refused',
    insufficient_funds: 'Refused',
    expired_card: 'Refused',
    error: 'Error',
    pending: 'Pending',
    canceled: 'Cancelled',
  },
  amazon_pay: {
    success: 'Captured',
    declined: 'Declined',
    insufficient_funds: 'Declined',
    expired_card: 'Declined',
    error: 'Declined',
    pending: 'AuthorizationInitiated',
    canceled: 'Canceled',
  },
  checkout_com: {
    success: 'Captured',
    declined: 'Declined',
    insufficient_funds: 'Declined',
    expired_card: 'Declined',
    error: 'Declined',
    pending: 'Pending',
    canceled: 'Canceled',
  },
  crypto: {
    success: 'paid',
    declined: 'invalid',
    insufficient_funds: 'invalid',
    expired_card: 'expired',
    error: 'invalid',
    pending: 'confirming',
    canceled: 'canceled',
  },
  hosted: {
    success: 'SUCCESS',
    declined: 'FAILED',
    insufficient_funds: 'FAILED',
    expired_card: 'FAILED',
    error: 'FAILED',
    pending: 'PENDING',
    canceled: 'CANCELLED',
  },
  paypal: {
    success: 'COMPLETED',
    declined: 'DECLINED',
    insufficient_funds: 'DECLINED',
    expired_card: 'DECLINED',
    error: 'FAILED',
    pending: 'PENDING',
    canceled: 'VOIDED',
  },
  payssion: {
    success: 'completed',
    declined: 'failed',
    insufficient_funds: 'failed',
    expired_card: 'failed',
    error: 'error',
    pending: 'pending',
    canceled: 'cancelled_by_user',
  },
  stripe: {
    success: 'succeeded',
    declined: 'requires_payment_method',
    insufficient_funds: 'requires_payment_method',
    expired_card: 'requires_payment_method',
    error: 'requires_payment_method',
    pending: 'processing',
    canceled: 'canceled',
  },
};
