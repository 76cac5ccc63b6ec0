/**
 * The payment a sandbox page or call is for, as the checkout's desk reports it, with the words
 * the provider's family reports outcomes in and reads them back with.
 */
import {
  formatPrice,
  isRecordId,
  takesCardFields,
  type Currency,
  type OrderStatus,
  type ProviderSpec,
} from '@checkout/core';
import type { PaymentDesk, PaymentFacts } from '../payments/providers/adapter';
import { familyFor } from '../payments/providers/families';
import type { SandboxOutcome } from './cards';
import { FAMILY_WORDS } from './family-words';

export interface FoundPayment extends PaymentFacts {
  /** Paid through the card fields: its hosted page is the 3-D Secure challenge. */
  cardFields: boolean;
  /** What the provider reports for each outcome, in its family's words. */
  words: Readonly<Record<SandboxOutcome, string>>;
  /** Our status for one of those words. */
  statusFor: (word: string) => OrderStatus | undefined;
}

/** The words a provider's family speaks; undefined for a family the sandbox does not serve. */
export function vocabularyOf(
  provider: ProviderSpec,
): Pick<FoundPayment, 'words' | 'statusFor'> | undefined {
  const family = familyFor(provider);
  const words = FAMILY_WORDS[provider.family];
  return family && words && { words, statusFor: family.statusFor };
}

export async function findSandboxPayment(
  desk: PaymentDesk,
  id: string,
): Promise<FoundPayment | undefined> {
  const facts = isRecordId(id) ? await desk.findPayment(id) : undefined;
  const vocabulary = facts && vocabularyOf(facts.provider);
  if (!facts || !vocabulary) return undefined;
  return { ...facts, cardFields: takesCardFields(facts.provider), ...vocabulary };
}

/** The amount as the sandbox's English pages show it. */
export const amountOf = (payment: { amountMinor: number; currency: Currency }) =>
  formatPrice(payment.amountMinor, payment.currency, 'en-US');
